import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { renameBySchema, type Camelized } from './wire-case.js';

const block = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('a'), record_id: z.string() }),
  z.object({ kind: z.literal('b'), fallback_reason: z.string().nullable() }),
]);
const schema = z.object({
  turn_id: z.string(),
  blocks: z.array(block),
  awaiting: z.object({ act_values: z.record(z.string(), z.unknown()) }).optional(),
  about_record: z.string().nullable(),
});

describe('renameBySchema', () => {
  it('renames exactly the keys the schema declares, through arrays, unions and optionals, and keeps a record’s own keys', () => {
    const wire = {
      turn_id: 't',
      blocks: [
        { kind: 'b', fallback_reason: null },
        { kind: 'a', record_id: 'r' },
      ],
      awaiting: { act_values: { extra_name: 1, nested_key: { deep_key: 2 } } },
      about_record: null,
    };
    const code = renameBySchema(schema, wire, 'decode');
    expect(code).toEqual({
      turnId: 't',
      blocks: [
        { kind: 'b', fallbackReason: null },
        { kind: 'a', recordId: 'r' },
      ],
      awaiting: { actValues: { extra_name: 1, nested_key: { deep_key: 2 } } },
      aboutRecord: null,
    });
    expect(renameBySchema(schema, code, 'encode')).toEqual(wire);
  });

  it('drops what the schema does not declare and leaves an absent optional absent', () => {
    expect(renameBySchema(schema, { turn_id: 't', blocks: [], about_record: 'r', stray_key: 1 }, 'decode')).toEqual({
      turnId: 't',
      blocks: [],
      aboutRecord: 'r',
    });
  });

  it('Camelized is the type of what decode returns', () => {
    type Code = Camelized<z.output<typeof schema>>;
    expectTypeOf<Code['aboutRecord']>().toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<Code['awaiting']>['actValues']>().toEqualTypeOf<{ readonly [x: string]: unknown }>();
    expectTypeOf<Code['blocks'][number]>().toEqualTypeOf<
      { readonly kind: 'a'; readonly recordId: string } | { readonly kind: 'b'; readonly fallbackReason: string | null }
    >();
  });
});
