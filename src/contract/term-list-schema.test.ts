import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireString } from '../wire-string.js';
import { replyContractSchema } from './reply-contract.js';
import { automotiveContractJson } from './testing-contracts.js';

/*
 * The term lists are checked in one pass over each list (issue 21: a 2,000-term contract spent
 * most of a verify request in one schema per term). What a caller is told must not change: this
 * table holds the schema's issues equal to those of the schema it replaced, built here as it was
 * (every term a `wireString` refined to be non-empty), for every kind of bad term list.
 */
const missing = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : undefined);
const oldTermList = z.array(
  wireString({ error: missing }).refine((s) => s.length > 0, { error: 'a term must not be empty' }),
  { error: missing },
);
const oldSchema = replyContractSchema.safeExtend({
  must_include: oldTermList,
  must_ask: oldTermList,
  canonical_terms: oldTermList,
  forbidden_terms: oldTermList,
});

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? { data: parsed.data } : { issues: parsed.error.issues };
};

const lists: [string, unknown][] = [
  ['fine terms', ['a', '看車', '😄', 'x\ud83d\ude04y']],
  ['no terms', []],
  ['duplicates (never refused)', ['same', 'same', 'same']],
  ['an empty term', ['ok', '']],
  ['only empty terms', ['', '', '']],
  ['a number', ['ok', 7]],
  ['null', [null]],
  ['an object and an array', [{ term: 'x' }, ['x']]],
  ['a boolean', [true]],
  ['U+0000', ['a\u0000b']],
  ['a lone high surrogate', ['ok\ud83d']],
  ['a lone low surrogate', ['\udc00x']],
  ['surrogates in the wrong order', ['\udc00\ud800']],
  ['a very long term', ['x'.repeat(100_000)]],
  ['a very long term with a lone surrogate at its end', [`${'x'.repeat(100_000)}\ud800`]],
  ['every kind of bad term, mixed with good ones', ['ok', 3, '', '\u0000', null, 'fine', '\ud800', '', { a: 1 }, 'last']],
  ['a type fault after a text fault', ['', 5]],
  ['a text fault after a type fault', [5, '']],
  ['a string, not a list', 'refund'],
  ['null, not a list', null],
  ['an object, not a list', { 0: 'refund' }],
  ['a number, not a list', 3],
];

describe('term lists: checked in one pass, refused exactly as one schema per term refused them', () => {
  it.each(lists)('%s, in each list', (_, list) => {
    for (const key of ['must_include', 'must_ask', 'canonical_terms', 'forbidden_terms']) {
      // The fallback holds no term, so the contract's own checks (W2) add nothing here.
      const contract = { ...automotiveContractJson(), [key]: list };
      expect(issuesOf(replyContractSchema, contract), key).toEqual(issuesOf(oldSchema, contract));
    }
  });

  it('a list left out is "required", as before', () => {
    const { forbidden_terms: _, ...contract } = automotiveContractJson();
    const issues = issuesOf(replyContractSchema, contract);
    expect(issues).toEqual(issuesOf(oldSchema, contract));
    expect(issues.issues?.map((i) => [i.path, i.message])).toEqual([[['forbidden_terms'], 'required']]);
  });

  it('bad terms in several lists and other fields are reported in the same order as before', () => {
    const contract = {
      ...automotiveContractJson(),
      interaction_kind: '',
      must_include: [1, ''],
      must_ask: ['\ud800', 2],
      canonical_terms: 'x',
      forbidden_terms: ['', null, '\u0000'],
      entity_roles: { a: '\u0000' },
    };
    const issues = issuesOf(replyContractSchema, contract);
    expect(issues).toEqual(issuesOf(oldSchema, contract));
    expect(issues.issues?.length).toBe(10);
  });

  it('each list is still documented as an array of strings, as the OpenAPI document shows it', () => {
    type Doc = { properties?: Record<string, unknown>; $defs?: Record<string, Doc> };
    const listsOf = (schema: z.ZodType) => {
      const doc = z.toJSONSchema(schema) as Doc;
      return (doc.$defs?.ReplyContract ?? doc).properties ?? {};
    };
    const now = listsOf(replyContractSchema);
    const before = listsOf(oldSchema);
    for (const key of ['must_include', 'must_ask', 'canonical_terms', 'forbidden_terms']) {
      expect(now[key], key).toEqual({ type: 'array', items: { type: 'string' } });
      expect(now[key], key).toEqual(before[key]);
    }
  });

  it('the table would see a difference: a schema that forgets empty terms is told apart', () => {
    const lax = replyContractSchema.safeExtend({ forbidden_terms: z.array(wireString()) });
    const contract = { ...automotiveContractJson(), forbidden_terms: [''] };
    expect(issuesOf(lax, contract)).not.toEqual(issuesOf(oldSchema, contract));
  });
});
