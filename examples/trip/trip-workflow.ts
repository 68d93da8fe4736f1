/**
 * A business trip: who travels, and the extras (hotel, car, lounge…) that each need a payer —
 * the company or the traveler — before the trip can be confirmed on a card. Once confirmed, the
 * hotel booking can be requested from the supplier: something sent outside whose answer the host
 * reports later (a submission), so no reply calls it booked before the supplier accepts.
 *
 * This example imports the runtime by relative path so it runs inside the repository; in your
 * own project import the same names from `warrant/turn`.
 */
import { z } from 'zod';
import { defineWorkflow, SUBMISSION_UPDATED, type EventDraft, type SubmissionStatus } from '../../src/turn/index.js';

const payer = z.enum(['company', 'traveler']);
type Payer = z.infer<typeof payer>;

const tripState = z.strictObject({
  destination: z.string(),
  travelers: z.array(z.string()),
  extras: z.array(z.strictObject({ name: z.string(), payer: payer.nullable() })),
  confirmed: z.boolean(),
  /** The hotel booking request sent to the supplier, and where its answer stands (`null`: never sent). */
  hotelBooking: z.enum(['pending', 'accepted', 'refused']).nullable().default(null),
});

/** A trip's state as stored. */
export type TripState = z.infer<typeof tripState>;

const payerWords = {
  en: { company: 'the company', traveler: 'the traveler' },
  it: { company: 'dall’azienda', traveler: 'dal viaggiatore' },
} as const;

/** Each payer by name, for the server's answer to «who can pay?». */
const payerChoices = {
  company: { en: 'the company', it: 'l’azienda' },
  traveler: { en: 'the traveler', it: 'il viaggiatore' },
};

const str = (value: unknown) => String(value);
const bookingStatus = (value: unknown): SubmissionStatus => (value === 'accepted' || value === 'refused' ? value : 'pending');
const payerOf = (value: unknown): Payer => (value === 'traveler' ? 'traveler' : 'company');

/** The business-trip workflow, in English and Italian. */
export const tripWorkflow = defineWorkflow({
  key: 'trip',
  noun: { en: 'trip', it: { word: 'viaggio', gender: 'masculine' } },
  state: tripState,
  initialState: { destination: '', travelers: [], extras: [], confirmed: false, hotelBooking: null },
  apply(state, event: EventDraft): TripState {
    const p = event.payload;
    switch (event.type) {
      case 'trip_started':
        return { ...state, destination: str(p.destination) };
      case 'traveler_added':
        return { ...state, travelers: [...state.travelers, str(p.name)] };
      case 'traveler_removed':
        return { ...state, travelers: state.travelers.filter((t) => t !== p.name) };
      case 'extra_added':
        return { ...state, extras: [...state.extras, { name: str(p.extra), payer: p.payer == null ? null : payerOf(p.payer) }] };
      case 'payer_set':
        return { ...state, extras: state.extras.map((e) => (e.name === p.extra ? { ...e, payer: payerOf(p.payer) } : e)) };
      case 'trip_confirmed':
        return { ...state, confirmed: true };
      case 'hotel_booking_requested':
        return { ...state, hotelBooking: 'pending' };
      // The host's report of the supplier's answer (see `submissions`).
      case SUBMISSION_UPDATED:
        return p.submission === 'hotel_booking' ? { ...state, hotelBooking: bookingStatus(p.status) } : state;
      default:
        return state;
    }
  },
  operations: {
    start_trip: {
      label: { en: 'start a trip', it: 'iniziare un viaggio' },
      creates: true,
      fields: { destination: { en: 'destination', it: 'meta' } },
      input: z.strictObject({ destination: z.string().trim().min(1) }),
      handle: (_state, input) => ({ events: [{ type: 'trip_started', payload: { destination: input.destination } }] }),
    },
    add_traveler: {
      label: { en: 'add a traveler', it: 'aggiungere un viaggiatore' },
      fields: { name: { en: 'name', it: 'nome' } },
      input: z.strictObject({ name: z.string().trim().min(1) }),
      handle: (state, input) => {
        if (state.confirmed) return { refusal: confirmedRefusal };
        if (state.travelers.includes(input.name)) return { events: [] };
        return { events: [{ type: 'traveler_added', payload: { name: input.name } }] };
      },
    },
    remove_traveler: {
      label: { en: 'remove a traveler', it: 'togliere un viaggiatore' },
      input: z.strictObject({ name: z.string().trim().min(1) }),
      handle: (state, input) => {
        if (state.confirmed) return { refusal: confirmedRefusal };
        if (!state.travelers.includes(input.name)) {
          return {
            refusal: {
              en: `${input.name} is not traveling on this trip, so there is no one to remove.`,
              it: `${input.name} non è tra i viaggiatori di questo viaggio, quindi non c’è nessuno da togliere.`,
            },
          };
        }
        return { events: [{ type: 'traveler_removed', payload: { name: input.name } }] };
      },
    },
    add_extra: {
      label: { en: 'add an extra', it: 'aggiungere un extra' },
      fields: { extra: { en: 'extra', it: 'extra' }, payer: { en: 'payer', it: 'pagante' } },
      choices: { payer: payerChoices },
      input: z.strictObject({ extra: z.string().trim().min(1), payer: payer.optional() }),
      handle: (state, input) => {
        if (state.confirmed) return { refusal: confirmedRefusal };
        if (state.extras.some((e) => e.name === input.extra)) return { events: [] };
        return { events: [{ type: 'extra_added', payload: { extra: input.extra, payer: input.payer ?? null } }] };
      },
    },
    set_payer: {
      label: { en: 'choose who pays for an extra', it: 'scegliere chi paga un extra' },
      fields: { extra: { en: 'extra', it: 'extra' }, payer: { en: 'payer', it: 'pagante' } },
      choices: { payer: payerChoices },
      input: z.strictObject({ extra: z.string().trim().min(1), payer }),
      handle: (state, input) => {
        const extra = state.extras.find((e) => e.name === input.extra);
        if (!extra) {
          return {
            refusal: {
              en: `This trip has no extra called “${input.extra}”.`,
              it: `Questo viaggio non ha nessun extra chiamato «${input.extra}».`,
            },
          };
        }
        if (state.confirmed) return { refusal: confirmedRefusal };
        if (extra.payer === input.payer) return { events: [] };
        return { events: [{ type: 'payer_set', payload: { extra: input.extra, payer: input.payer } }] };
      },
    },
    confirm: {
      label: { en: 'confirm the trip', it: 'confermare il viaggio' },
      input: z.strictObject({}),
      handle: (state) => {
        if (state.confirmed) return { events: [] };
        if (state.travelers.length === 0 || state.extras.some((e) => e.payer === null)) {
          return {
            refusal: {
              en: 'The trip cannot be confirmed yet: it still needs travelers and a payer for every extra.',
              it: 'Il viaggio non si può ancora confermare: servono i viaggiatori e chi paga ogni extra.',
            },
          };
        }
        return { events: [{ type: 'trip_confirmed', payload: {} }] };
      },
    },
    book_hotel: {
      label: { en: 'request the hotel booking', it: 'richiedere la prenotazione dell’hotel' },
      input: z.strictObject({}),
      handle: (state) => {
        if (!state.confirmed) {
          return {
            refusal: {
              en: 'The hotel can be booked once the trip is confirmed.',
              it: 'L’hotel si può prenotare una volta confermato il viaggio.',
            },
          };
        }
        // Sent once; a refused request may be sent again.
        if (state.hotelBooking === 'pending' || state.hotelBooking === 'accepted') return { events: [] };
        return { events: [{ type: 'hotel_booking_requested', payload: { destination: state.destination } }] };
      },
    },
  },
  receipts: {
    trip_started: {
      en: (p) => ({ title: 'Trip started', body: `A trip to ${str(p.destination)} is open.` }),
      it: (p) => ({ title: 'Viaggio iniziato', body: `È aperto un viaggio per ${str(p.destination)}.` }),
    },
    traveler_added: {
      en: (p) => ({ title: 'Traveler added', body: `${str(p.name)} is on the trip as traveler.` }),
      it: (p) => ({ title: 'Viaggiatore aggiunto', body: `${str(p.name)} è nel viaggio come viaggiatore.` }),
    },
    traveler_removed: {
      en: (p) => ({ title: 'Traveler removed', body: `${str(p.name)} is no longer on the trip.` }),
      it: (p) => ({ title: 'Viaggiatore tolto', body: `${str(p.name)} non è più nel viaggio.` }),
    },
    extra_added: {
      en: (p) => ({
        title: 'Extra added',
        body:
          p.payer == null
            ? `${str(p.extra)} is on the trip; nobody pays for it yet.`
            : `${str(p.extra)} is on the trip, paid by ${payerWords.en[payerOf(p.payer)]}.`,
      }),
      it: (p) => ({
        title: 'Extra aggiunto',
        body:
          p.payer == null
            ? `${str(p.extra)} è nel viaggio; per ora non lo paga nessuno.`
            : `${str(p.extra)} è nel viaggio, pagato ${payerWords.it[payerOf(p.payer)]}.`,
      }),
    },
    payer_set: {
      en: (p) => ({ title: 'Payer chosen', body: `${str(p.extra)} is paid by ${payerWords.en[payerOf(p.payer)]}.` }),
      it: (p) => ({ title: 'Pagante scelto', body: `${str(p.extra)} è pagato ${payerWords.it[payerOf(p.payer)]}.` }),
    },
    trip_confirmed: {
      en: () => ({ title: 'Trip confirmed', body: 'The trip is confirmed as it stands.' }),
      it: () => ({ title: 'Viaggio confermato', body: 'Il viaggio è confermato così com’è.' }),
    },
    // Requested, never "booked": the supplier's answer arrives later, from the host.
    hotel_booking_requested: {
      en: (p) => ({ title: 'Hotel booking requested', body: `The request for a hotel in ${str(p.destination)} went to the supplier.` }),
      it: (p) => ({ title: 'Prenotazione dell’hotel richiesta', body: `La richiesta di un hotel a ${str(p.destination)} è stata inviata al fornitore.` }),
    },
  },
  obligations: [
    {
      key: 'travelers',
      open: (state) => (state.travelers.length === 0 ? [{}] : []),
      sentence: { en: () => 'Who is traveling?', it: () => 'Chi viaggia?' },
      act: { operation: 'add_traveler', answers: 'name' },
    },
    {
      key: 'payer',
      open: (state) => state.extras.filter((e) => e.payer === null).map((e) => ({ params: { extra: e.name }, fixes: { extra: e.name } })),
      sentence: {
        en: (p) => `The extra “${p.extra}” has no payer yet: who pays for it, the company or the traveler?`,
        it: (p) => `L’extra «${p.extra}» non ha ancora chi lo paga: lo paga l’azienda o il viaggiatore?`,
      },
      act: { operation: 'set_payer', answers: 'payer' },
    },
  ],
  nextSteps: [
    {
      en: 'You can start another trip whenever you like.',
      it: 'Puoi iniziare un altro viaggio quando vuoi.',
    },
  ],
  cards: [
    {
      key: 'confirm_trip',
      shows: (state) => !state.confirmed && state.travelers.length > 0 && state.extras.every((e) => e.payer !== null),
      title: { en: 'Confirm this trip', it: 'Conferma questo viaggio' },
      buttons: [
        { key: 'confirm', label: { en: 'Confirm', it: 'Conferma' }, act: { operation: 'confirm' } },
        { key: 'not_now', label: { en: 'Not now', it: 'Non ora' } },
      ],
    },
  ],
  submissions: [
    {
      key: 'hotel_booking',
      label: { en: 'the hotel booking', it: 'la prenotazione dell’hotel' },
      startedBy: 'hotel_booking_requested',
      status: (state) => state.hotelBooking,
    },
  ],
  guidance: {
    collecting: {
      en: 'The trip is still being put together; keep it brief and ask only what is asked.',
      it: 'Il viaggio è ancora in preparazione; sii breve e chiedi solo ciò che viene chiesto.',
    },
    confirming: {
      en: 'Everything is in place; point the user to the confirmation card without repeating it.',
      it: 'È tutto pronto; indica la scheda di conferma senza ripeterla.',
    },
    settled: {
      en: 'The trip is confirmed; do not suggest changes to it.',
      it: 'Il viaggio è confermato; non suggerire modifiche.',
    },
  },
});

const confirmedRefusal = {
  en: 'The trip is already confirmed, so it can no longer be changed.',
  it: 'Il viaggio è già confermato, quindi non si può più modificare.',
};
