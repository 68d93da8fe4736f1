import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { tripWorkflow } from '../../examples/trip/index.js';
import { defineWorkflow, type EventDraft, type WorkflowDefinition } from './workflow.js';

// Type tests: tsc (run by `npm test`) fails when an `@ts-expect-error` below stops being an error,
// so each one proves that a mistake does not compile.

const noteState = z.strictObject({ lines: z.array(z.string()), pinned: z.boolean() });
const events = {
  line_added: z.strictObject({ text: z.string() }),
  pinned: z.strictObject({}),
};

describe('defineWorkflow types a workflow from its schemas', () => {
  it("a handler's input is the output of its operation's input schema", () => {
    defineWorkflow({
      key: 'note',
      state: noteState,
      initialState: { lines: [], pinned: false },
      apply: (state) => state,
      operations: {
        add_line: {
          label: { en: 'add a line' },
          input: z.strictObject({ text: z.string(), position: z.number().optional() }),
          handle: (_state, input) => {
            expectTypeOf(input).toEqualTypeOf<{ text: string; position?: number | undefined }>();
            // @ts-expect-error a typo in the input's field does not compile
            void input.txt;
            // @ts-expect-error nor does reaching through a field that is a string
            void input.text.deeper.still;
            return { events: [{ type: 'line_added', payload: { text: input.text } }] };
          },
        },
      },
      receipts: { line_added: { en: (p) => ({ title: 'Line added', body: String(p.text) }) } },
    });
  });

  it("with declared events, apply, the handlers' events and the receipts are typed per event type", () => {
    const note = defineWorkflow({
      key: 'note',
      state: noteState,
      initialState: { lines: [], pinned: false },
      events,
      apply(state, event) {
        switch (event.type) {
          case 'line_added':
            expectTypeOf(event.payload).toEqualTypeOf<{ text: string }>();
            return { ...state, lines: [...state.lines, event.payload.text] };
          case 'pinned':
            return { ...state, pinned: true };
        }
      },
      operations: {
        add_line: {
          label: { en: 'add a line' },
          input: z.strictObject({ text: z.string() }),
          handle: (_state, input) => ({ events: [{ type: 'line_added', payload: { text: input.text } }] }),
        },
        pin: {
          label: { en: 'pin' },
          input: z.strictObject({}),
          // @ts-expect-error a payload that does not match its event's schema does not compile
          handle: () => ({ events: [{ type: 'line_added', payload: { txt: 'x' } }] }),
        },
        unpin: {
          label: { en: 'unpin' },
          input: z.strictObject({}),
          // @ts-expect-error nor does an event type the workflow does not declare
          handle: () => ({ events: [{ type: 'unpinned', payload: {} }] }),
        },
      },
      receipts: {
        line_added: { en: (p) => ({ title: 'Line added', body: p.text }) },
        pinned: { en: () => ({ title: 'Pinned', body: 'The note is pinned.' }) },
      },
    });
    expectTypeOf(note).toExtend<WorkflowDefinition>();
  });

  it('a typed workflow is still a WorkflowDefinition the runtime takes', () => {
    expectTypeOf(tripWorkflow).toExtend<WorkflowDefinition>();
    expectTypeOf<Parameters<WorkflowDefinition['apply']>[1]>().toEqualTypeOf<EventDraft>();
  });
});
