/**
 * Code units that leave any string they appear in unchanged by NFC: starters (canonical
 * combining class 0) that are NFC_Quick_Check=Yes and never compose with a preceding
 * character. Latin below the combining diacritics, zero-width format characters, common
 * punctuation, the CJK run from U+3000 to U+9FFF (symbols and punctuation, kana, bopomofo,
 * compatibility jamo, enclosed and squared forms, ideographs) less its combining marks
 * U+302A–U+302F and U+3099–U+309A, Hangul syllables and the jamo after them, emoji (as
 * surrogate pairs), fullwidth forms. The few unassigned code points inside these runs are left
 * alone by NFC too, and keeping the CJK run whole makes the scan of CJK text a sixth faster
 * (measured: 237 against 286 ns for 200 characters; the regular expression's speed depends on
 * where the bounds lie, not only on how many there are). A test checks every code unit of
 * every run against `String.prototype.normalize`, so a Unicode update that puts a mark inside
 * one fails it.
 */
const NFC_INERT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x02ff],
  [0x200b, 0x200f],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x3000, 0x3029],
  [0x3030, 0x3098],
  [0x309b, 0x9fff],
  [0xac00, 0xd7ff],
  // High surrogates of U+1F000–U+1FBFF (emoji and pictographs), and every low surrogate: a low
  // surrogate after any other high surrogate is caught by that high surrogate, and a lone one
  // is left alone by NFC.
  [0xd83c, 0xd83e],
  [0xdc00, 0xdfff],
  [0xff00, 0xffef],
];

const inert = new Uint8Array(65536);
for (const [from, to] of NFC_INERT_RANGES) inert.fill(1, from, to + 1);

/** 1 for each code unit on {@link isNfc}'s fast path, 0 otherwise; matchers fold it into their scan. */
export const NFC_INERT_UNITS: Readonly<Uint8Array> = inert;

/**
 * Any code unit off the fast path, as a regular expression over UTF-16 code units (no `u` flag):
 * V8 runs a character-class test in native code, several times faster than a loop of
 * `charCodeAt` over a short reply, which matters when the whole verification takes half a
 * microsecond.
 */
const NOT_INERT = new RegExp(
  `[^${NFC_INERT_RANGES.map(([from, to]) => `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`).join('')}]`,
);

/** True when every code unit of `text` is on the fast path, so `text` is certainly NFC. */
export function isNfcInert(text: string): boolean {
  return !NOT_INERT.test(text);
}

/** The ranges of {@link isNfc}'s fast path, for its test. */
export function nfcInertRanges(): readonly (readonly [number, number])[] {
  return NFC_INERT_RANGES;
}

/**
 * True when `text` is already in Normalization Form C. Typical Chinese, Japanese, Korean and
 * plain Latin replies are settled by one table lookup per code unit; only text holding
 * combining marks, compatibility ideographs, supplementary characters and the like is handed
 * to `String.prototype.normalize`, which copies the string.
 */
export function isNfc(text: string): boolean {
  return isNfcInert(text) || text.normalize('NFC') === text;
}
