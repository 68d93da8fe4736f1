import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError, parseInput } from '../errors.js';
import { ACCEPTED_CONTRACT_KEYS, acceptContractJson, MATCHING_MODES } from './accept-contract-json.js';
import { readContract } from './read-contract.js';
import { contractMatchingSchema, replyContractSchema } from './reply-contract.js';
import { automotiveContractJson } from './testing-contracts.js';

/** The schema's verdict, with `parseInput`'s `__proto__` check: what readContract ran before the fast path. */
function schemaVerdict(input: unknown): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: parseInput(replyContractSchema, input, 'reply contract') };
  } catch (error) {
    if (InputError.isInstance(error)) return { ok: false };
    throw error;
  }
}

// Strings a wire field takes, and now and then one it may not: empty, NUL, lone surrogates, `__proto__`.
const text = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '\u0000', 'a\ud800', '\udc00', '__proto__', '看車', 'e\u0301') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);
const termList = fc.array(text, { maxLength: 3 });
const mode = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('exact', 'folded') }, { weight: 1, arbitrary: fc.constantFrom('loose', 'Exact', '') });
const matching = fc.dictionary(
  fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom('must_include', 'must_ask', 'canonical_terms', 'forbidden_terms') },
    { weight: 1, arbitrary: fc.constant('other') },
  ),
  mode,
  { maxKeys: 4 },
);
/** Any field's value, right or wrong for it. */
const anyValue = fc.oneof(text, termList, matching, fc.jsonValue({ maxDepth: 2 }), fc.dictionary(text, text, { maxKeys: 3 }));
/** A mutation now and then: most generated contracts are sound, so the fast path's acceptance is tested too. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, none: T) => fc.oneof({ weight: 4, arbitrary: fc.constant(none) }, { weight: 1, arbitrary });

/** Contracts near the valid ones: every field drawn from its own kind, or dropped, or replaced, plus stray keys. */
const nearContract = fc
  .record({
    contract_version: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('v0', 'v1') }, { weight: 1, arbitrary: fc.constant('v2') }),
    interaction_kind: text,
    entity_roles: fc.dictionary(text, text, { maxKeys: 3 }),
    authority_status: text,
    fallback_body: text,
    must_include: termList,
    must_ask: termList,
    canonical_terms: termList,
    forbidden_terms: termList,
    matching,
  })
  .chain((contract) =>
    fc
      .tuple(
        sometimes(fc.subarray([...ACCEPTED_CONTRACT_KEYS], { minLength: 1, maxLength: 2 }), []),
        sometimes(fc.dictionary(fc.constantFrom(...ACCEPTED_CONTRACT_KEYS), anyValue, { minKeys: 1, maxKeys: 2 }), {}),
        sometimes(fc.dictionary(fc.constantFrom('forbiden_terms', '__proto__', 'extra'), anyValue, { minKeys: 1, maxKeys: 1 }), {}),
        fc.boolean(),
      )
      .map(([dropped, replaced, stray, withMatching]) => {
        const out: Record<string, unknown> = { ...contract, ...replaced };
        if (!withMatching && !('matching' in replaced)) delete out.matching;
        for (const key of dropped) delete out[key];
        // Through JSON text, as a request body arrives: a "__proto__" key becomes an own key.
        return JSON.parse(JSON.stringify({ ...out, ...stray })) as unknown;
      }),
  );

describe('acceptContractJson: a fast path the schema would take the same way', () => {
  it('accepts only what the schema accepts, with an equal result; and for JSON input, everything it accepts', () => {
    fc.assert(
      fc.property(nearContract, (input) => {
        const fast = acceptContractJson(input);
        const schema = schemaVerdict(input);
        if (schema.ok) {
          expect(fast).toEqual(schema.data);
        } else {
          expect(fast).toBeUndefined();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the same modes for each list of `matching` as the schema does', () => {
    for (const list of ['must_include', 'must_ask', 'canonical_terms', 'forbidden_terms']) {
      for (const value of ['exact', 'folded', 'loose', 'fuzzy']) {
        const input = { ...automotiveContractJson(), contract_version: 'v1', matching: { [list]: value } };
        expect(acceptContractJson(input) !== undefined).toBe(schemaVerdict(input).ok);
      }
    }
  });

  it('checks every key of the wire schema, so a field added to the schema is not let through unchecked', () => {
    expect([...ACCEPTED_CONTRACT_KEYS].sort()).toEqual(Object.keys(replyContractSchema.shape).sort());
  });

  it('takes the match modes the schema of `matching` takes, list by list, so the two cannot drift', () => {
    const fromSchema = Object.entries(contractMatchingSchema.shape).map(([list, mode]) => [list, [...mode.unwrap().options].sort()]);
    expect([...MATCHING_MODES].map(([list, modes]) => [list, [...modes].sort()])).toEqual(fromSchema);
  });

  it('leaves objects that are not plain JSON to the schema', () => {
    class Contract {
      constructor(json: object) {
        Object.assign(this, json);
      }
    }
    expect(acceptContractJson(new Contract(automotiveContractJson()))).toBeUndefined();
    expect(acceptContractJson({ ...automotiveContractJson(), entity_roles: new Map() })).toBeUndefined();
    // biome-ignore lint/suspicious/noSparseArray: the hole is the bad input under test
    expect(acceptContractJson({ ...automotiveContractJson(), forbidden_terms: [, '看車'] })).toBeUndefined();
    expect(acceptContractJson(null)).toBeUndefined();
    expect(acceptContractJson([automotiveContractJson()])).toBeUndefined();
  });
});

describe('readContract reads a sound contract without running the schema', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the schema only for input the fast path does not take, and its errors still name each path', () => {
    const safeParse = vi.spyOn(replyContractSchema, 'safeParse');
    readContract(automotiveContractJson());
    readContract({ ...automotiveContractJson(), contract_version: 'v1', matching: { forbidden_terms: 'exact' } });
    expect(safeParse).not.toHaveBeenCalled();

    let refused: unknown;
    try {
      readContract({ ...automotiveContractJson(), forbiden_terms: ['看車'] });
    } catch (error) {
      refused = error;
    }
    expect(safeParse).toHaveBeenCalledTimes(1);
    expect(InputError.isInstance(refused) && refused.issues).toEqual([{ path: '$.forbiden_terms', message: 'unknown key' }]);
  });
});
