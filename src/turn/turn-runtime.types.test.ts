import { describe, expectTypeOf, it } from 'vitest';
import type { TurnInput, TurnInputJson } from './turn-input.js';
import { parseTurnInput } from './turn-input.js';
import type { TurnResult } from './turn-result.js';
import type { TurnRun, TurnRunOptions, TurnRuntime } from './turn-runtime.js';

// Type tests: tsc (run by `npm test`) fails when an `@ts-expect-error` below stops being an error,
// so each one proves that a mistake does not compile. Nothing here runs a turn.

declare const runtime: TurnRuntime;
/** Calls `f` only in the type checker's eyes: the runtime above is declared, not built. */
const typed = (f: () => unknown): void => void f;

const understanding = { acts: [], questions: [], disputes: [], cardResponses: [], attachments: [], unread: [] };

describe('TurnRuntime.run and submit take the parsed, camelCase turn input', () => {
  it('a well-formed turn compiles, with its options', () => {
    typed(() =>
      runtime.run(
        {
          turnId: 't1',
          conversationId: 'c1',
          locale: 'en',
          tone: 'neutral',
          submissions: [],
          understanding: {
            ...understanding,
            acts: [{ operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' }, answersAsk: false }],
          },
        },
        { signal: new AbortController().signal },
      ),
    );
    expectTypeOf<TurnRuntime['run']>().parameter(0).toEqualTypeOf<TurnInput>();
    expectTypeOf<TurnRuntime['run']>().parameter(1).toEqualTypeOf<TurnRunOptions | undefined>();
    expectTypeOf<TurnRuntime['run']>().returns.toEqualTypeOf<Promise<TurnResult>>();
    expectTypeOf<TurnRuntime['submit']>().parameter(0).toEqualTypeOf<TurnInput>();
    expectTypeOf<TurnRuntime['submit']>().returns.toEqualTypeOf<TurnRun>();
    expectTypeOf<TurnRunOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>();
  });

  it('the wire form, a misspelt or missing key, or a value of the wrong kind, does not compile', () => {
    const base = { turnId: 't1', conversationId: 'c1', locale: 'en', tone: 'neutral', submissions: [] } as const;
    typed(() =>
      // @ts-expect-error a snake_case key: the wire form is decoded at the edge (parseTurnInput)
      runtime.run({ ...base, turn_id: 't1', message: 'hi' }),
    );
    typed(() =>
      // @ts-expect-error conversationId is required
      runtime.run({ turnId: 't1', locale: 'en', tone: 'neutral', submissions: [], message: 'hi' }),
    );
    typed(() =>
      // @ts-expect-error a misspelt key deep in the understanding
      runtime.submit({ ...base, understanding: { ...understanding, acts: [{ operaton: 'start_trip', record: 'r', values: {}, answersAsk: false }] } }),
    );
    typed(() =>
      // @ts-expect-error a question kind that does not exist
      runtime.run({ ...base, understanding: { ...understanding, questions: [{ text: 'why?', kind: 'why', records: [] }] } }),
    );
    typed(() =>
      // @ts-expect-error a submission status that does not exist
      runtime.run({ ...base, submissions: [{ record: 'r', submission: 'hotel', status: 'maybe' }] }),
    );
    typed(() =>
      // @ts-expect-error the signal is an AbortSignal, not a controller
      runtime.run({ ...base, message: 'hi' }, { signal: new AbortController() }),
    );
  });

  it('a value from outside (unknown) does not compile until it is decoded at the edge', () => {
    const body: unknown = JSON.parse('{}');
    // @ts-expect-error an unknown value is not a turn
    typed(() => runtime.run(body));
    typed(() => runtime.run(parseTurnInput(body)));
    expectTypeOf(parseTurnInput).returns.toEqualTypeOf<TurnInput>();
    expectTypeOf<Parameters<typeof parseTurnInput>[0]>().toEqualTypeOf<unknown>();
    // The wire form's type stays, for hosts that build the JSON a sidecar reads.
    expectTypeOf<TurnInputJson['turn_id']>().toEqualTypeOf<string>();
  });
});
