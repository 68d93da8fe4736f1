import { entryOf, MARK_UNIT, type FoldedText } from './fast-fold.js';
import { isMark } from './reference-fold.js';

/**
 * True when folded units `[start, end)` count as an occurrence: they begin and end on segment
 * boundaries (so `ar` is not found in `am`, whose `m` folds to `rn`, nor `s` in `ß`), and no
 * combining mark follows (the occurrence would end inside a letter with a diacritic the term
 * does not have: diacritics change meaning in Lithuanian or Vietnamese).
 */
export function countsAt(folded: FoldedText, start: number, end: number): boolean {
  const inner = folded.innerBoundaries;
  if (inner.length > 0 && (includesSorted(inner, start - 1) || includesSorted(inner, end - 1))) return false;
  return !endsBeforeMark(folded, end);
}

function includesSorted(list: readonly number[], x: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else if (list[mid]! > x) hi = mid - 1;
    else return true;
  }
  return false;
}

function endsBeforeMark(folded: FoldedText, at: number): boolean {
  if (!folded.hasMarks || at >= folded.length) return false;
  const u = folded.units[at]!;
  const next = at + 1 < folded.length ? folded.units[at + 1]! : 0;
  // A pair only when a low surrogate follows: a lone high one before a mark is no code point.
  if (u >= 0xd800 && u <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
    return isMark(((u - 0xd800) << 10) + (next - 0xdc00) + 0x10000);
  }
  return (entryOf(u) & MARK_UNIT) !== 0;
}
