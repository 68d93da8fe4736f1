import type { ProbeLocale } from './probe-locale.js';

/** Italian samples of the probe. */
export const it: ProbeLocale = {
  locale: 'it',
  words: 'spaces',
  genericReplies: ['Grazie per il messaggio. Ti risponderemo il prima possibile.', 'Puoi indicarci il numero della prenotazione, per favore?'],
  assertionMarkers: ['è', 'sono', 'ha', 'abbiamo'],
};
