/**
 * `folded` matching's folding, by concern: the reference fold of one segment
 * (`reference-fold.ts`), the fast fold of a candidate with its offsets (`fast-fold.ts`), where
 * an occurrence may begin and end (`word-boundaries.ts`), and the classes of disguise and their
 * naming (`disguise-classes.ts`). This module gathers their exports for the modules that import
 * the folding as one.
 */
export { DISGUISE_CLASSES, FOLDED_DISGUISE_CLASSES, LOOSE_DISGUISE_CLASSES, disguisesBetween, type DisguiseClass } from './disguise-classes.js';
export { FoldScratch, foldTerm, foldTermText, foldText, type FoldedText } from './fast-fold.js';
export {
  caseFold,
  caselessSkeleton,
  confusableSkeleton,
  foldSegment,
  isBlankFiller,
  isContinuing,
  isDefaultIgnorable,
  isMark,
} from './reference-fold.js';
export { countsAt } from './word-boundaries.js';
