import type { ProbeLocale } from './probe-locale.js';

/** Lithuanian samples of the probe. */
export const lt: ProbeLocale = {
  locale: 'lt',
  words: 'spaces',
  genericReplies: ['Ačiū už žinutę. Atsakysime kuo greičiau.', 'Gal galite patikslinti, ko jums reikia?'],
  assertionMarkers: ['yra', 'buvo'],
};
