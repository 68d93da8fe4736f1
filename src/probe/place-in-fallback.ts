/**
 * The fallback body with `text` placed after its first sentence (or at its end), ended as a
 * sentence of its script: a candidate that differs from an accepted reply only by `text`.
 */
export function placeInFallback(fallback: string, text: string): string {
  const m = /[。.!?！？]/u.exec(fallback);
  const at = m ? m.index + 1 : fallback.length;
  const cjk = /\p{Script=Han}/u.test(text);
  return `${fallback.slice(0, at)}${cjk ? '' : ' '}${text}${cjk ? '。' : '.'}${fallback.slice(at)}`;
}
