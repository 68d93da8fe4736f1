/** A route as Hono lists it (`app.routes`). */
interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

/**
 * The methods some route answers at `path` (middleware, listed as `ALL`, excluded), so a request
 * with the wrong method gets 405 and an `Allow` header instead of a 404 that hides the route.
 */
export function allowedMethods(routes: readonly RouteEntry[], path: string): string[] {
  const allowed = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const pattern = new RegExp(
      `^${route.path
        .split('/')
        .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    );
    if (pattern.test(path)) allowed.add(route.method);
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort();
}
