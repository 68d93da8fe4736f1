import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { effectListSchema, effectRecordSchema } from '../routes/reply-contracts.js';
import type { suggestionListSchema, suggestResponseSchema } from '../routes/suggestions.js';
import type { turnRecordSchema, turnSummarySchema } from '../routes/turns.js';
import type { EffectRecord, EffectRow, Listing, SuggestionRecord, SuggestionRow, TurnRecord, TurnRow } from './page/wire.js';

/**
 * The inspector's page declares only the parts of the sidecar's JSON it reads (page/wire.ts, in
 * the browser build, which cannot import the server's schemas). These checks hold each of those
 * declarations to the route schema that answers it: a field renamed, retyped or dropped in a
 * schema fails the type check (`npm test` runs it) instead of showing an empty cell.
 */
describe('the inspector page reads what the routes answer', () => {
  it('effects', () => {
    expectTypeOf<z.output<typeof effectListSchema>>().toExtend<Listing<EffectRow>>();
    expectTypeOf<z.output<typeof effectRecordSchema>>().toExtend<EffectRecord>();
  });

  it('turns', () => {
    expectTypeOf<{ items: z.output<typeof turnSummarySchema>[]; next_cursor: string | null }>().toExtend<Listing<TurnRow>>();
    expectTypeOf<z.output<typeof turnRecordSchema>>().toExtend<TurnRecord>();
  });

  it('suggestions', () => {
    expectTypeOf<z.output<typeof suggestionListSchema>>().toExtend<Listing<SuggestionRow>>();
    expectTypeOf<z.output<typeof suggestResponseSchema>>().toExtend<SuggestionRecord>();
  });
});
