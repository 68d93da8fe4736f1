import { en } from './en.js';
import { it } from './it.js';
import { lt } from './lt.js';
import type { DenyingLocale, ProbeLocale } from './probe-locale.js';
import { zhTW } from './zh-TW.js';

export type { DenyingLocale, ProbeDenial, ProbeLocale } from './probe-locale.js';

/** Every locale the probe has samples of, in the order their samples are tried. */
export const PROBE_LOCALES: readonly ProbeLocale[] = [en, it, lt, zhTW];

/** Every locale's generic replies, in {@link PROBE_LOCALES} order. */
export const GENERIC_REPLIES: readonly string[] = PROBE_LOCALES.flatMap((l) => l.genericReplies);

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** A term holding any locale's assertion marker: whole words where words are spaced, anywhere where they are not. */
const ASSERTION = new RegExp(
  [
    `(^|\\s)(${PROBE_LOCALES.filter((l) => l.words === 'spaces')
      .flatMap((l) => l.assertionMarkers.map(escapeRegExp))
      .join('|')})(\\s|$)`,
    ...PROBE_LOCALES.filter((l) => l.words === 'characters').flatMap((l) => l.assertionMarkers.map(escapeRegExp)),
  ].join('|'),
  'iu',
);

/** True when `term` asserts (holds a word like "has", "we", 已) rather than names a bare state. */
export function isAssertion(term: string): boolean {
  return ASSERTION.test(term);
}

/** The locale whose denial and word rules apply to `term`: Traditional Chinese for a Han term, English otherwise. */
export function denialLocaleOf(term: string): DenyingLocale {
  return /\p{Script=Han}/u.test(term) ? zhTW : en;
}
