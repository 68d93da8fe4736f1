/** Where the API key is kept: `sessionStorage`, for the tab's life only. */
export const KEY = 'warrant.apiKey';

/** The key the page was given, if any. */
export function storedKey(): string | null {
  return sessionStorage.getItem(KEY);
}

/** The API refused the key (HTTP 401): it has been forgotten, and the page asks for another. */
export class Unauthorized extends Error {
  constructor() {
    super('unauthorized');
    this.name = 'Unauthorized';
  }
}

/** GETs `path` of the keyed API as JSON; a refused key is forgotten and thrown as {@link Unauthorized}. */
export async function api<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { authorization: `Bearer ${storedKey()}` } });
  const body = (await res.json()) as T & { detail?: string };
  if (res.status === 401) {
    sessionStorage.removeItem(KEY);
    throw new Unauthorized();
  }
  if (!res.ok) throw new Error(body.detail || `HTTP ${res.status}`);
  return body;
}
