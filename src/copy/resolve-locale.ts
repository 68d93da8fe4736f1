/**
 * Picks the served locale for a requested one: the exact tag (`it-IT`), else its language
 * (`it`), else another served tag of the same language (`it-CH` for `it-IT`), else `fallback`.
 * Tags compare case-insensitively, as BCP 47 says they do.
 */
export function resolveLocale(requested: string, served: readonly string[], fallback = served[0] ?? 'en'): string {
  const want = requested.trim().toLowerCase();
  const exact = served.find((s) => s.toLowerCase() === want);
  if (exact) return exact;
  const language = want.split(/[-_]/)[0] ?? want;
  const bare = served.find((s) => s.toLowerCase() === language);
  if (bare) return bare;
  const sibling = served.find((s) => s.toLowerCase().split(/[-_]/)[0] === language);
  return sibling ?? fallback;
}
