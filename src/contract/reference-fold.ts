import { decodeCodePointTable } from './code-point-table.js';
import { CASE_FOLDING, CONFUSABLES, DEFAULT_IGNORABLE } from './unicode-folding-data.js';

/**
 * `folded` matching (Reply Contract v1) compares a term and a candidate after the same folding,
 * applied to each *segment* of the text — a code point with the code points that continue it
 * (combining marks, default-ignorable code points, Hangul medial and final jamo, and anything
 * whose compatibility decomposition starts with a mark, such as halfwidth katakana voicing):
 *
 * 1. default-ignorable code points are removed (zero-width space, joiners, soft hyphen, word
 *    joiner, bidi controls, variation selectors, tag characters…);
 * 2. NFKC (fullwidth and halfwidth forms, ligatures, mathematical letters…);
 * 3. full Unicode case folding (CaseFolding.txt C + F: `ß` → `ss`, final sigma → `σ`);
 * 4. the UTS #39 confusable skeleton (on NFD, recomposed to NFC afterwards, so diacritics stay:
 *    Cyrillic `а` → `a`, Greek `ο` → `o`, Cyrillic `ё` → `ë`), and `i` → `l`: the skeleton maps
 *    capital `I` to `l` and case folding maps it to `i`, so both hold only when `i` ≡ `l`
 *    (`aIready` is `already`, `GeId` is `Geld`);
 * 5. every White_Space code point, and the blank fillers used as spaces ({@link isBlankFiller}),
 *    becomes U+0020;
 *
 * repeated until nothing changes (a prototype may itself fold further). Runs of spaces in the
 * folded text then count as one. Segments fold independently, which is what lets each folded
 * code unit point back at the original text: unit `k` came from `[startOf(k), endOf(k))`.
 */

const parseHex = (h: string) => Number.parseInt(h, 16);

let caseFolding: Map<number, string> | undefined;
let confusables: Map<number, string> | undefined;
let ignorableRanges: Int32Array | undefined;

export function caseFoldingMap(): Map<number, string> {
  return (caseFolding ??= decodeCodePointTable(CASE_FOLDING));
}

export function confusablesMap(): Map<number, string> {
  return (confusables ??= decodeCodePointTable(CONFUSABLES));
}

/** Pairs of [from, to] (inclusive), sorted, for a binary search. */
function ignorables(): Int32Array {
  if (ignorableRanges) return ignorableRanges;
  const entries = DEFAULT_IGNORABLE.split(';');
  const ranges = new Int32Array(entries.length * 2);
  entries.forEach((entry, i) => {
    const [from, to = from] = entry.split('-') as [string, string?];
    ranges[2 * i] = parseHex(from);
    ranges[2 * i + 1] = parseHex(to!);
  });
  return (ignorableRanges = ranges);
}

/**
 * The blank fillers that render as a space: HANGUL CHOSEONG FILLER U+115F, HANGUL JUNGSEONG FILLER
 * U+1160 (what NFKC makes of the next two), HANGUL FILLER U+3164, HALFWIDTH HANGUL FILLER U+FFA0
 * (all four default-ignorable) and BRAILLE PATTERN BLANK U+2800.
 * Put between two words they look like a space, so they fold to one: removed as invisible
 * characters, they would join the words and hide a term (`refund\u3164approved`).
 */
export function isBlankFiller(cp: number): boolean {
  return cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || cp === 0x2800;
}

/**
 * True for a code point folding removes: a Default_Ignorable_Code_Point (Unicode 17.0.0) that is
 * not a blank filler ({@link isBlankFiller}, which folds to a space).
 */
export function isDefaultIgnorable(cp: number): boolean {
  if (isBlankFiller(cp)) return false;
  return isInIgnorableRanges(cp);
}

function isInIgnorableRanges(cp: number): boolean {
  const r = ignorables();
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[2 * mid]!) hi = mid - 1;
    else if (cp > r[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const MARK = /^\p{M}/u;
const WHITE_SPACE = /^\p{White_Space}$/u;

/** True for a combining mark (general category M). */
export function isMark(cp: number): boolean {
  return MARK.test(String.fromCodePoint(cp));
}

function isWhiteSpace(cp: number): boolean {
  return isBlankFiller(cp) || WHITE_SPACE.test(String.fromCodePoint(cp));
}

/**
 * True when `cp` continues the segment before it: a default-ignorable code point, a mark, a
 * Hangul medial or final jamo (they compose with the syllable before), or a code point whose
 * compatibility decomposition starts with a mark (halfwidth `ﾞ` → U+3099).
 */
export function isContinuing(cp: number): boolean {
  if (isBlankFiller(cp)) return false;
  if (isDefaultIgnorable(cp) || isMark(cp)) return true;
  if ((cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff)) return true;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  const nfkd = String.fromCodePoint(cp).normalize('NFKD');
  return MARK.test(nfkd);
}

function mapCodePoints(text: string, map: Map<number, string>): string {
  let out = '';
  for (const ch of text) out += map.get(ch.codePointAt(0)!) ?? ch;
  return out;
}

export function removeIgnorables(text: string): string {
  let out = '';
  for (const ch of text) if (!isDefaultIgnorable(ch.codePointAt(0)!)) out += ch;
  return out;
}

export function spaces(text: string): string {
  let out = '';
  for (const ch of text) out += isWhiteSpace(ch.codePointAt(0)!) ? ' ' : ch;
  return out;
}

/** Full case folding (CaseFolding.txt statuses C and F). */
export function caseFold(text: string): string {
  return mapCodePoints(text, caseFoldingMap());
}

/** The UTS #39 skeleton of `text`, recomposed to NFC so that diacritics stay composed. */
export function confusableSkeleton(text: string): string {
  return mapCodePoints(text.normalize('NFD'), confusablesMap()).normalize('NFC');
}

/**
 * {@link confusableSkeleton} closed under case folding: the skeleton of capital `I` is `l`, and
 * case folding makes `I` an `i` before the skeleton could see it, so `i` folds to `l` as well.
 */
export function caselessSkeleton(text: string): string {
  return confusableSkeleton(text).replaceAll('i', 'l');
}

/** Most rounds of folding one segment; a prototype that folds further settles in two. */
const MAX_ROUNDS = 4;

/** Folds one segment (see the module comment). Exported for the reference in tests. */
export function foldSegment(segment: string): string {
  let s = removeIgnorables(segment);
  for (let round = 0; round < MAX_ROUNDS && s !== ''; round++) {
    const next = removeIgnorables(spaces(caselessSkeleton(caseFold(s.normalize('NFKC')))));
    if (next === s) break;
    s = next;
  }
  return s;
}
