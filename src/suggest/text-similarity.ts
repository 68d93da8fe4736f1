/**
 * Words of a text, lower-cased, punctuation and emoji dropped, in any script. Apostrophes inside
 * a word are kept so "don't" stays one word.
 */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
  );
}

/**
 * How alike two candidate texts are, 0–1: the Jaccard index of their word sets. Punctuation,
 * case and word order do not count at all; swapping one adjective in a five-word reply leaves
 * 4 of 6 words shared (0.67). Deterministic, and symmetric.
 */
export function textSimilarity(a: string, b: string): number {
  const sa = new Set(words(a));
  const sb = new Set(words(b));
  if (sa.size === 0 && sb.size === 0) return 1;
  let shared = 0;
  for (const w of sa) if (sb.has(w)) shared++;
  return shared / (sa.size + sb.size - shared);
}

/**
 * At or above this, two candidates are the same reply dressed differently. Justified in
 * `text-similarity.test.ts`: punctuation and word-order variants score 1, a swapped or added
 * adjective scores 0.6–0.8, and replies taking different directions score below 0.35.
 */
export const SAME_REPLY_SIMILARITY = 0.6;
