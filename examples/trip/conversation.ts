/**
 * A scripted conversation with the trip workflow, in English then Italian: what `npm start` runs.
 * Each turn carries its understanding (what a model would read from the message), so it runs
 * with no model at all.
 */
import type { TurnInputJson } from '../../src/turn/index.js';

/** The English conversation, turn by turn. */
export const englishConversation: readonly TurnInputJson[] = [
  {
    turn_id: 'demo-en-1',
    conversation_id: 'demo-en',
    locale: 'en',
    message: 'Start a trip to Milan for Ada, with a hotel.',
    understanding: {
      acts: [
        { operation: 'start_trip', workflow: 'trip', record: 'trip-milan', values: { destination: 'Milan' } },
        { operation: 'add_traveler', record: 'trip-milan', values: { name: 'Ada' } },
        { operation: 'add_extra', record: 'trip-milan', values: { extra: 'hotel' } },
      ],
    },
  },
  {
    turn_id: 'demo-en-2',
    conversation_id: 'demo-en',
    locale: 'en',
    message: 'The company.',
    understanding: { acts: [{ answers_ask: true, values: { payer: 'company' } }] },
  },
  {
    turn_id: 'demo-en-3',
    conversation_id: 'demo-en',
    locale: 'en',
    message: 'What else can you do? And where are we?',
    understanding: {
      questions: [
        { text: 'What else can you do?', kind: 'capability' },
        { text: 'Where are we?', kind: 'status' },
      ],
    },
  },
  {
    turn_id: 'demo-en-4',
    conversation_id: 'demo-en',
    locale: 'en',
    message: 'Confirm.',
    understanding: { card_responses: [{ record: 'trip-milan', card: 'confirm_trip', response: 'pressed', button: 'confirm' }] },
  },
];

/** The Italian conversation, turn by turn. */
export const italianConversation: readonly TurnInputJson[] = [
  {
    turn_id: 'demo-it-1',
    conversation_id: 'demo-it',
    locale: 'it-IT',
    message: 'Apri un viaggio per Roma con un’auto a noleggio.',
    understanding: {
      acts: [
        { operation: 'start_trip', workflow: 'trip', record: 'viaggio-roma', values: { destination: 'Roma' } },
        { operation: 'add_extra', record: 'viaggio-roma', values: { extra: 'auto a noleggio' } },
      ],
    },
  },
  {
    turn_id: 'demo-it-2',
    conversation_id: 'demo-it',
    locale: 'it-IT',
    message: 'Viaggia Bruno. E l’auto la paga lui.',
    understanding: {
      acts: [
        { answers_ask: true, values: { name: 'Bruno' } },
        { operation: 'set_payer', record: 'viaggio-roma', values: { extra: 'auto a noleggio', payer: 'traveler' } },
      ],
    },
  },
  {
    turn_id: 'demo-it-3',
    conversation_id: 'demo-it',
    locale: 'it-IT',
    message: 'Non ora.',
    understanding: { card_responses: [{ record: 'viaggio-roma', card: 'confirm_trip', response: 'declined' }] },
  },
];
