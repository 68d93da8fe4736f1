/**
 * Picks the served locale for a requested one: the exact tag (`it-IT`), else its language
 * (`it`), else another served tag of the same language (`it-CH` for `it-IT`), else `fallback`.
 * Tags compare case-insensitively, as BCP 47 says they do.
 */
export function resolveLocale(requested: string, served: readonly string[], fallback = served[0] ?? 'en'): string {
  const want = requested.trim().toLowerCase();
  const exact = served.find((s) => s.toLowerCase() === want);
  if (exact) return exact;
  const language = languageOf(want);
  const bare = served.find((s) => s.toLowerCase() === language);
  if (bare) return bare;
  const sibling = served.find((s) => languageOf(s.toLowerCase()) === language);
  return sibling ?? fallback;
}

/**
 * The locale a turn runs in: the requested tag itself (`it-IT`) whenever the deployment serves it
 * or its language (`it`), so that prompts and texts can be looked up by the full tag first and by
 * the language next; otherwise what {@link resolveLocale} picks (a sibling tag, or the fallback).
 * A regional tag never needs declaring for its language's copy to serve it.
 */
export function resolveTurnLocale(requested: string, served: readonly string[], fallback = served[0] ?? 'en'): string {
  const resolved = resolveLocale(requested, served, fallback);
  const want = requested.trim();
  if (resolved.toLowerCase() === want.toLowerCase()) return resolved;
  if (resolved.toLowerCase() !== languageOf(want.toLowerCase())) return resolved;
  return canonicalTag(want);
}

/** The language subtag of a tag (`it` of `it-IT`). */
export function languageOf(tag: string): string {
  return tag.split(/[-_]/)[0] ?? tag;
}

/** `it_it` → `it-IT`: the BCP 47 spelling, or the tag as given when it cannot be canonicalised. */
function canonicalTag(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? tag;
  } catch {
    return tag;
  }
}
