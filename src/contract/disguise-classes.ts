import { caseFold, caselessSkeleton, confusablesMap, removeIgnorables, spaces } from './reference-fold.js';

/**
 * The classes of disguise `folded` and `loose` matching see through, and the naming of the ones
 * that separate an occurrence from its term (`loose-fold.ts` names the loose ones).
 */

/** The classes of disguise `folded` matching sees through (its documented promise). */
export const FOLDED_DISGUISE_CLASSES = ['ignorable', 'spacing', 'fullwidth', 'case', 'confusable'] as const;

/**
 * The classes `loose` matching (forbidden terms only) sees through beyond `folded`'s: leet
 * digits and symbols (`r3fund`, `vv` for `w`), stretched letters (`guuuarantee`), letters
 * separated by spaces, punctuation or line breaks (`r e f u n d`), words joined
 * (`moneyisonitsway`), masked letters (`alr*ady`), markup (`<b>refund</b>`, `&nbsp;`), styled
 * letters without an NFKC mapping (`🅦`, `ʀᴇꜰᴜɴᴅ`), combining marks added (`álready`, `保̶`),
 * diacritics stripped (`grazinimas`), and Simplified or variant Han (`已经帮您预约`, `保証`).
 */
export const LOOSE_DISGUISE_CLASSES = ['leet', 'stretched', 'separated', 'joined', 'masked', 'markup', 'styled', 'marks', 'diacritics', 'han_variant'] as const;

/**
 * Every class of disguise, named on the occurrences a folded or loose list reports: the
 * {@link FOLDED_DISGUISE_CLASSES}, then the {@link LOOSE_DISGUISE_CLASSES}.
 */
export const DISGUISE_CLASSES = [...FOLDED_DISGUISE_CLASSES, ...LOOSE_DISGUISE_CLASSES] as const;

/** One class of disguise; see {@link DISGUISE_CLASSES}. */
export type DisguiseClass = (typeof DISGUISE_CLASSES)[number];

/**
 * True when every normalization form leaves `text` as it is: ASCII and the CJK Unified
 * Ideographs (U+4E00–U+9FFF) have no decomposition and compose with nothing. Naming disguises
 * normalizes short slices many times over, and `normalize` costs far more than this test.
 */
export function isNormalizationInert(text: string): boolean {
  return !NOT_NORMALIZATION_INERT.test(text);
}

/** Any code unit outside ASCII and U+4E00–U+9FFF (surrogates included). */
const NOT_NORMALIZATION_INERT = /[\u0080-\u4dff\ua000-\uffff]/;

/** What `spaces` turns into a space: a White_Space code point or a blank filler. */
const SPACE_LIKE = /[\p{White_Space}\u115f\u1160\u3164\uffa0\u2800]/u;

/** `caselessSkeleton`, without its normalizations where they change nothing (exported for its test). */
export function skeleton(text: string): string {
  if (!isNormalizationInert(text)) return caselessSkeleton(text);
  let out = '';
  for (const ch of text) out += confusablesMap().get(ch.codePointAt(0)!) ?? ch;
  return (isNormalizationInert(out) ? out : out.normalize('NFC')).replaceAll('i', 'l');
}

/**
 * The steps of {@link disguisesBetween}, made once (closures made per call cost a microsecond
 * each to name under a runner that keeps function names, as `npm run bench`'s tsx does).
 */
let foldSteps: [DisguiseClass, (s: string) => string][] | undefined;

/**
 * Which disguises separate `original` (a slice of a candidate) from `term`, given that both fold
 * to the same text. The folding steps are applied to both in the order of
 * {@link DISGUISE_CLASSES}; a class is named when
 * its step changed one side while the two still differed.
 */
export function disguisesBetween(original: string, term: string): DisguiseClass[] {
  if (original === term) return [];
  const steps = (foldSteps ??= [
    // No NFC first: a compatibility ideograph (U+F902 for 車) is a disguise too, named `fullwidth`.
    ['ignorable', removeIgnorables],
    ['spacing', (s) => (SPACE_LIKE.test(s) ? spaces(s).replace(/ {2,}/g, ' ') : s)],
    ['fullwidth', (s) => (isNormalizationInert(s) ? s : s.normalize('NFKC'))],
    ['case', caseFold],
    ['confusable', skeleton],
  ]);
  const seen: DisguiseClass[] = [];
  let a = original;
  let b = term;
  for (let round = 0; round < 2 && a !== b; round++) {
    for (const [name, step] of steps) {
      if (a === b) break;
      const a2 = step(a);
      const b2 = step(b);
      if ((a2 !== a || b2 !== b) && !seen.includes(name)) seen.push(name);
      a = a2;
      b = b2;
    }
  }
  return DISGUISE_CLASSES.filter((c) => seen.includes(c));
}
