import { describe, expectTypeOf, it } from 'vitest';
import type { TurnInputJson } from './turn-input.js';
import { unverifiedTurnInput } from './turn-input.js';
import type { TurnResult } from './turn-result.js';
import type { TurnRun, TurnRunOptions, TurnRuntime } from './turn-runtime.js';

// Type tests: tsc (run by `npm test`) fails when an `@ts-expect-error` below stops being an error,
// so each one proves that a mistake does not compile. Nothing here runs a turn.

declare const runtime: TurnRuntime;
/** Calls `f` only in the type checker's eyes: the runtime above is declared, not built. */
const typed = (f: () => unknown): void => void f;

describe('TurnRuntime.run and submit take the turn in its snake_case JSON form', () => {
  it('a well-formed turn compiles, with its options', () => {
    typed(() =>
      runtime.run(
        {
          turn_id: 't1',
          conversation_id: 'c1',
          locale: 'en',
          understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' } }] },
        },
        { signal: new AbortController().signal },
      ),
    );
    expectTypeOf<TurnRuntime['run']>().parameter(0).toEqualTypeOf<TurnInputJson>();
    expectTypeOf<TurnRuntime['run']>().parameter(1).toEqualTypeOf<TurnRunOptions | undefined>();
    expectTypeOf<TurnRuntime['run']>().returns.toEqualTypeOf<Promise<TurnResult>>();
    expectTypeOf<TurnRuntime['submit']>().parameter(0).toEqualTypeOf<TurnInputJson>();
    expectTypeOf<TurnRuntime['submit']>().returns.toEqualTypeOf<TurnRun>();
    expectTypeOf<TurnRunOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>();
  });

  it('a misspelt or missing key, or a value of the wrong kind, does not compile', () => {
    typed(() =>
      // @ts-expect-error a camelCase key: the JSON form is snake_case
      runtime.run({ turnId: 't1', conversation_id: 'c1', locale: 'en', message: 'hi' }),
    );
    typed(() =>
      // @ts-expect-error conversation_id is required
      runtime.run({ turn_id: 't1', locale: 'en', message: 'hi' }),
    );
    typed(() =>
      // @ts-expect-error an unknown key at the top
      runtime.run({ turn_id: 't1', conversation_id: 'c1', locale: 'en', mesage: 'hi' }),
    );
    typed(() =>
      // @ts-expect-error a misspelt key deep in the understanding
      runtime.submit({ turn_id: 't1', conversation_id: 'c1', locale: 'en', understanding: { acts: [{ operaton: 'start_trip', record: 'r' }] } }),
    );
    typed(() =>
      // @ts-expect-error a question kind that does not exist
      runtime.run({ turn_id: 't1', conversation_id: 'c1', locale: 'en', understanding: { questions: [{ text: 'why?', kind: 'why' }] } }),
    );
    typed(() =>
      // @ts-expect-error a submission status that does not exist
      runtime.run({ turn_id: 't1', conversation_id: 'c1', locale: 'en', submissions: [{ record: 'r', submission: 'hotel', status: 'maybe' }] }),
    );
    typed(() =>
      // @ts-expect-error the signal is an AbortSignal, not a controller
      runtime.run({ turn_id: 't1', conversation_id: 'c1', locale: 'en', message: 'hi' }, { signal: new AbortController() }),
    );
  });

  it('a value from outside (unknown) does not compile until it is marked as unverified', () => {
    const body: unknown = JSON.parse('{}');
    // @ts-expect-error an unknown value is not a turn
    typed(() => runtime.run(body));
    typed(() => runtime.run(unverifiedTurnInput(body)));
    expectTypeOf(unverifiedTurnInput).returns.toEqualTypeOf<TurnInputJson>();
  });
});
