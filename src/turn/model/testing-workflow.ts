import { z } from 'zod';
import { defineWorkflow } from '../workflow.js';

/**
 * A small workflow for the model tasks' turn tests (not public): a trip that owes travelers, whose
 * cancellation is refused once someone travels. English and Italian.
 */
export const testTrip = defineWorkflow({
  key: 'trip',
  noun: { en: 'trip', it: { word: 'viaggio', gender: 'masculine' } },
  state: z.object({ travelers: z.array(z.string()) }),
  initialState: { travelers: [] },
  apply: (state, event) => (event.type === 'traveler_added' ? { travelers: [...state.travelers, String(event.payload.name)] } : state),
  operations: {
    start: {
      label: { en: 'start a trip', it: 'iniziare un viaggio' },
      input: z.strictObject({}),
      creates: true,
      handle: () => ({ events: [{ type: 'started', payload: {} }] }),
    },
    add_traveler: {
      label: { en: 'add a traveler', it: 'aggiungere un viaggiatore' },
      input: z.strictObject({ name: z.string().min(1) }),
      handle: (state, input: { name: string }) =>
        state.travelers.includes(input.name) ? { events: [] } : { events: [{ type: 'traveler_added', payload: { name: input.name } }] },
    },
    cancel: {
      label: { en: 'cancel the trip', it: 'annullare il viaggio' },
      input: z.strictObject({}),
      handle: (state) =>
        state.travelers.length > 0
          ? { refusal: { en: 'A trip with travelers cannot be cancelled here.', it: 'Un viaggio con viaggiatori non si annulla qui.' } }
          : { events: [{ type: 'cancelled', payload: {} }] },
    },
  },
  receipts: {
    started: {
      en: () => ({ title: 'Trip started', body: 'A new trip is open.' }),
      it: () => ({ title: 'Viaggio iniziato', body: 'Un nuovo viaggio è aperto.' }),
    },
    traveler_added: {
      en: (p) => ({ title: 'Traveler added', body: `${String(p.name)} travels on this trip.` }),
      it: (p) => ({ title: 'Viaggiatore aggiunto', body: `${String(p.name)} viaggia.` }),
    },
    cancelled: {
      en: () => ({ title: 'Trip cancelled', body: 'The trip is cancelled.' }),
      it: () => ({ title: 'Viaggio annullato', body: 'Il viaggio è annullato.' }),
    },
  },
  obligations: [
    {
      key: 'travelers',
      open: (state) => (state.travelers.length === 0 ? [{}] : []),
      sentence: { en: () => 'Who travels on this trip?', it: () => 'Chi viaggia?' },
      act: { operation: 'add_traveler', answers: 'name' },
    },
  ],
  nextSteps: [{ en: 'You can add another traveler.', it: 'Puoi aggiungere un altro viaggiatore.' }],
  guidance: { collecting: { en: 'Gather the travelers.', it: 'Raccogli i viaggiatori.' } },
});
