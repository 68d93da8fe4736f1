/**
 * Phrase patterns for inflected wording. A pattern is words separated by spaces; in a word, `*`
 * stands for any further letters and `(a|b)` for alternatives (`susitik(ti|sim)`). A group that
 * holds spaces stands for alternative runs of words (`(don't|do not) ask`), and a `?` after a
 * group makes it optional. Lithuanian is inflected, so one invitation or boundary is a family of
 * forms, while other forms of the same stem mean something else (`susitikau` "I met").
 */
export type PhrasePattern = readonly RegExp[];

/** Expands every group that holds a space (or is optional) into separate word sequences. */
function expand(pattern: string): string[] {
  const group = /\(([^()]*)\)(\?)?/g;
  for (let m = group.exec(pattern); m; m = group.exec(pattern)) {
    if (!m[1]!.includes(' ') && !m[2]) continue;
    const options = m[1]!.split('|').map((o) => o.trim());
    if (m[2]) options.push('');
    const before = pattern.slice(0, m.index);
    const after = pattern.slice(m.index + m[0].length);
    return options.flatMap((o) => expand(`${before}${o}${after}`));
  }
  return [pattern];
}

/** Compiles patterns (see {@link PhrasePattern}) into word-by-word regular expressions. */
export function phrasePatterns(list: readonly string[]): PhrasePattern[] {
  return list.flatMap(expand).map((p) =>
    p
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => new RegExp(`^(?:${w.replace(/\*/g, '\\p{L}*')})$`, 'u')),
  );
}

/** Where `phrase` occurs in `ws` as consecutive words, from `from` on; -1 if nowhere. */
export function indexOfPhrase(ws: readonly string[], phrase: PhrasePattern, from = 0): number {
  for (let i = from; i + phrase.length <= ws.length; i++) {
    if (phrase.every((p, j) => p.test(ws[i + j]!))) return i;
  }
  return -1;
}
