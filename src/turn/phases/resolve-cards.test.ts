import { describe, expect, it } from 'vitest';
import { tripWorkflow, type TripState } from '../../../examples/trip/index.js';
import { ServerCopy } from '../../copy/index.js';
import type { StoredRecord } from '../stored-record.js';
import type { CardResponse } from '../turn-input.js';
import { resolveCards } from './resolve-cards.js';

const workflows = new Map([[tripWorkflow.key, tripWorkflow]]);
const trip = (id: string, state: Partial<TripState>): StoredRecord => ({
  id,
  workflow: 'trip',
  revision: 2,
  state: { ...tripWorkflow.initialState, destination: 'Oslo', ...state },
});
/** `r` shows its confirmation card (a traveler, no extra without a payer); `done` is confirmed and shows none. */
const records = new Map([
  ['r', trip('r', { travelers: ['Ada'] })],
  ['done', trip('done', { travelers: ['Ada'], confirmed: true })],
]);
const resolve = (responses: CardResponse[], locale = 'en') =>
  resolveCards(responses, { records, workflows, locale, texts: ServerCopy.builtIn().texts(locale) });

describe('resolve cards', () => {
  it('a pressed button with an act becomes that act on the card’s record, and nothing is noted', () => {
    expect(resolve([{ record: 'r', card: 'confirm_trip', response: 'pressed', button: 'confirm' }])).toEqual({
      pressed: [{ operation: 'confirm', record: 'r', values: {}, answersAsk: false }],
      declinedCards: [],
      notDone: [],
    });
  });

  it('a declined card, and a button with no act, are declined: noted by the card’s title in the turn’s language', () => {
    const declined = resolve([{ record: 'r', card: 'confirm_trip', response: 'declined' }]);
    const dismissed = resolve([{ record: 'r', card: 'confirm_trip', response: 'pressed', button: 'not_now' }], 'it');
    expect(declined.pressed).toEqual([]);
    expect(declined.declinedCards).toEqual([{ recordId: 'r', card: 'confirm_trip' }]);
    expect(declined.notDone).toEqual([{ code: 'card_declined', text: 'You declined “Confirm this trip”, so nothing was confirmed.', recordId: 'r' }]);
    expect(dismissed.declinedCards).toEqual([{ recordId: 'r', card: 'confirm_trip' }]);
    expect(dismissed.notDone.map((n) => [n.code, n.text])).toEqual([['card_declined', expect.stringContaining('Conferma questo viaggio')]]);
  });

  it('a card its record does not show, an unknown record, and an unknown button are unknown cards, in order', () => {
    const resolved = resolve([
      { record: 'done', card: 'confirm_trip', response: 'pressed', button: 'confirm' },
      { record: 'nope', card: 'confirm_trip', response: 'declined' },
      { record: 'r', card: 'other_card', response: 'declined' },
      { record: 'r', card: 'confirm_trip', response: 'pressed', button: 'teleport' },
    ]);
    expect(resolved.pressed).toEqual([]);
    expect(resolved.declinedCards).toEqual([]);
    expect(resolved.notDone.map((n) => [n.code, n.recordId])).toEqual([
      ['unknown_card', 'done'],
      ['unknown_card', 'nope'],
      ['unknown_card', 'r'],
      ['unknown_card', 'r'],
    ]);
    expect(resolved.notDone[2]?.text).toBe('There is no “other_card” on screen to answer.');
  });
});
