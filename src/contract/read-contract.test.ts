import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../errors.js';
import { compileContract } from './compile-contract.js';
import { readContract } from './read-contract.js';
import type { ReplyContract, TermListName } from './reply-contract.js';
import { NESTING_AFTER_SCANS } from './includes-matcher.js';
import { automotiveContractJson, SAFE_AUTOMOTIVE_CANDIDATE } from './testing-contracts.js';

type Json = Record<string, unknown>;

function refusal(input: unknown): InputError {
  try {
    readContract(input);
  } catch (error) {
    if (InputError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the contract was accepted');
}

const withField = (key: string, value: unknown) => (c: Json) => ({ ...c, [key]: value });
const without = (key: string) => (c: Json) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== key));

/** [what is wrong, how to break the automotive contract, every path the refusal must name]. */
const malformed: [string, (c: Json) => unknown, string[]][] = [
  ['a missing contract_version', without('contract_version'), ['$.contract_version']],
  ['another contract_version', withField('contract_version', 'v2'), ['$.contract_version']],
  ['an empty interaction_kind', withField('interaction_kind', ''), ['$.interaction_kind']],
  ['a numeric interaction_kind', withField('interaction_kind', 42), ['$.interaction_kind']],
  ['entity_roles as an array', withField('entity_roles', ['vehicle_seller']), ['$.entity_roles']],
  ['a role that is not a string', withField('entity_roles', { customer: 5 }), ['$.entity_roles.customer']],
  ['a missing authority_status', without('authority_status'), ['$.authority_status']],
  ['an empty fallback_body', withField('fallback_body', ''), ['$.fallback_body']],
  ['must_include as a string', withField('must_include', '已記下希望到府估車的時段'), ['$.must_include']],
  ['an empty must_ask term', withField('must_ask', ['待估車輛的車牌與里程', '']), ['$.must_ask[1]']],
  ['a numeric canonical term', withField('canonical_terms', ['到府估車', 7]), ['$.canonical_terms[1]']],
  ['forbidden_terms as null', withField('forbidden_terms', null), ['$.forbidden_terms']],
  ['a misspelt forbiden_terms', (c) => ({ ...without('forbidden_terms')(c), forbiden_terms: ['看車'] }), ['$.forbidden_terms', '$.forbiden_terms']],
  ['an unknown key beside a complete contract', withField('policy', 'strict'), ['$.policy']],
  ['a lone surrogate in a term', withField('forbidden_terms', ['看車', '\uD83D']), ['$.forbidden_terms[1]']],
  ['a lone low surrogate in the fallback', (c) => ({ ...c, fallback_body: `${c.fallback_body as string}\uDE00` }), ['$.fallback_body']],
  ['a lone surrogate in a role', withField('entity_roles', { vehicle: 'car\uD800' }), ['$.entity_roles.vehicle']],
  ['a fallback lacking a must_include term', withField('must_include', ['已記下希望到府估車的時段', '顧問會儘快聯絡您']), ['$.fallback_body']],
  ['a fallback lacking a must_ask term', withField('must_ask', ['聯絡電話']), ['$.fallback_body']],
  ['a fallback lacking a canonical term', withField('canonical_terms', ['到府估車', '估價']), ['$.fallback_body']],
  ['a fallback holding a forbidden term', withField('forbidden_terms', ['看車', '請提供']), ['$.fallback_body']],
  ['a forbidden term inside a required one', withField('forbidden_terms', ['看車', '估車']), ['$.fallback_body', '$.forbidden_terms[1]']],
  ['an array instead of a contract', () => [automotiveContractJson()], ['$']],
  ['null instead of a contract', () => null, ['$']],
];

describe('readContract', () => {
  it('accepts the automotive contract of the specification unchanged, with no warnings', () => {
    const { contract, warnings } = readContract(automotiveContractJson());
    expect(warnings).toEqual([]);
    expect(contract.forbiddenTerms).toEqual(['看車', '已經幫您預約', '購買']);
    expect(contract.entityRoles).toEqual({ customer: 'vehicle_seller', vehicle: 'customer_owned_vehicle_for_valuation' });
    expect(Object.isFrozen(contract) && Object.isFrozen(contract.mustAsk)).toBe(true);
  });

  it('has at least twenty malformed contracts in its refusal table', () => {
    expect(malformed.length).toBeGreaterThanOrEqual(20);
  });

  it.each(malformed)('W9: refuses %s, naming its path', (_, mutate, paths) => {
    const error = refusal(mutate(automotiveContractJson() as unknown as Json));
    expect(error.subject).toBe('reply contract');
    expect([...new Set(error.issues.map((i) => i.path))].sort()).toEqual([...paths].sort());
  });

  it('W2: a fallback that violates its own contract is refused, each violation named', () => {
    const error = refusal({
      ...automotiveContractJson(),
      must_include: ['已記下希望到府估車的時段', '我們會再聯絡您'],
      canonical_terms: ['到府估車', '估價師'],
      forbidden_terms: ['看車', '里程'],
    });
    expect(error.issues.map((i) => i.message)).toEqual([
      'the approved fallback lacks must_include[1] "我們會再聯絡您"',
      'the approved fallback lacks canonical_terms[1] "估價師"',
      'the approved fallback contains forbidden_terms[1] "里程" at [40, 42)',
      'unsatisfiable: "里程" occurs inside must_ask[0] "待估車輛的車牌與里程", so no reply can contain one without the other',
    ]);
  });

  it('an unsatisfiable contract names the forbidden term and the required term it hides in', () => {
    const error = refusal({ ...automotiveContractJson(), forbidden_terms: ['看車', '估車'] });
    const unsatisfiable = error.issues.filter((i) => i.path === '$.forbidden_terms[1]').map((i) => i.message);
    expect(unsatisfiable).toEqual([
      'unsatisfiable: "估車" occurs inside must_include[0] "已記下希望到府估車的時段", so no reply can contain one without the other',
      'unsatisfiable: "估車" occurs inside must_ask[0] "待估車輛的車牌與里程", so no reply can contain one without the other',
      'unsatisfiable: "估車" occurs inside canonical_terms[0] "到府估車", so no reply can contain one without the other',
      'unsatisfiable: "估車" occurs inside canonical_terms[1] "待估車輛", so no reply can contain one without the other',
    ]);
  });

  it('duplicate terms are a warning naming the later copy, not an error', () => {
    const { contract, warnings } = readContract({
      ...automotiveContractJson(),
      forbidden_terms: ['看車', '已經幫您預約', '看車'],
      canonical_terms: ['到府估車', '待估車輛', '到府估車'],
    });
    expect(contract.forbiddenTerms).toHaveLength(3);
    expect(warnings).toEqual([
      { code: 'duplicate_term', path: '$.canonical_terms[2]', message: 'duplicate of canonical_terms[0] "到府估車"; it is checked once' },
      { code: 'duplicate_term', path: '$.forbidden_terms[2]', message: 'duplicate of forbidden_terms[0] "看車"; it is checked once' },
    ]);
  });

  it('empty term lists are allowed', () => {
    const { contract } = readContract({
      ...automotiveContractJson(),
      must_include: [],
      must_ask: [],
      canonical_terms: [],
      forbidden_terms: [],
    });
    expect(contract.mustInclude).toEqual([]);
  });
});

describe('the satisfiability check', () => {
  /** Every `unsatisfiable` message a naive reading expects: each forbidden term (first copy) against each required term (first copy), in list order. */
  const naive = (json: Record<TermListName, readonly string[]>) => {
    const forbidden = json.forbidden_terms!;
    const out: string[] = [];
    for (const list of ['must_include', 'must_ask', 'canonical_terms'] as const) {
      json[list]!.forEach((required, r) => {
        if (json[list]!.indexOf(required) !== r) return;
        forbidden.forEach((term, f) => {
          if (forbidden.indexOf(term) === f && required.includes(term)) {
            out.push(
              `$.forbidden_terms[${f}]: unsatisfiable: ${JSON.stringify(term)} occurs inside ${list}[${r}] ${JSON.stringify(required)}, so no reply can contain one without the other`,
            );
          }
        });
      });
    }
    return out;
  };
  const unsatisfiable = (input: unknown) => {
    try {
      readContract(input);
      return [];
    } catch (error) {
      if (!InputError.isInstance(error)) throw error;
      return error.issues.filter((i) => i.message.startsWith('unsatisfiable')).map((i) => `${i.path}: ${i.message}`);
    }
  };
  const piece = fc.constantFrom('估', '車', '看', '約', 'a', 'b');
  const term = fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(''));

  it('names every forbidden term inside a required one, with few forbidden terms and with more than the includes loop takes (600 cases)', () => {
    fc.assert(
      fc.property(
        fc.record({
          must_include: fc.array(term, { maxLength: 4 }),
          must_ask: fc.array(term, { maxLength: 3 }),
          canonical_terms: fc.array(term, { maxLength: 3 }),
        }),
        fc.array(term, { maxLength: 6 }),
        fc.boolean(),
        (required, forbidden, many) => {
          // Padding of terms no required term holds takes the list past 32 (the verifier's share).
          const padding = many ? Array.from({ length: 40 }, (_, i) => `禁${i}`) : [];
          const json = { ...automotiveContractJson(), fallback_body: '-', ...required, forbidden_terms: [...padding, ...forbidden] };
          expect(unsatisfiable(json)).toEqual(naive(json));
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('a contract written for one turn', () => {
  afterEach(() => vi.restoreAllMocks());

  /** String searches (`includes`, `indexOf`) made while `run` runs. */
  const searches = (run: () => void) => {
    const includes = vi.spyOn(String.prototype, 'includes');
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    run();
    const count = includes.mock.calls.length + indexOf.mock.calls.length;
    vi.restoreAllMocks();
    return count;
  };

  it('is read with a search per term in the fallback and one per forbidden term in the required terms, none per pair of terms', () => {
    const json = automotiveContractJson();
    const distinct = new Set([...json.must_include, ...json.must_ask, ...json.canonical_terms, ...json.forbidden_terms]).size;
    // The lint's satisfiability check searched each pair (15), the includes loop worked out which terms nest (a search per pair): 51 in all.
    expect(searches(() => compileContract(readContract(json).contract))).toBe(distinct + json.forbidden_terms.length);
  });

  it(`is verified with a search per term for its first ${NESTING_AFTER_SCANS} scans; later scans skip the terms inside a longer one found`, () => {
    const compiled = compileContract(readContract(automotiveContractJson()).contract);
    // The fallback was the first scan, while reading; the candidate holds every required term.
    for (let scan = 2; scan <= NESTING_AFTER_SCANS; scan++) expect(searches(() => compiled.verify(SAFE_AUTOMOTIVE_CANDIDATE))).toBe(8);
    // The next scan works out which terms nest (a search per pair of terms), once.
    expect(searches(() => compiled.verify(SAFE_AUTOMOTIVE_CANDIDATE))).toBeGreaterThan(8);
    // 到府估車 is inside 已記下希望到府估車的時段, 待估車輛 inside 待估車輛的車牌與里程.
    expect(searches(() => compiled.verify(SAFE_AUTOMOTIVE_CANDIDATE))).toBe(6);
    expect(searches(() => compiled.verify(SAFE_AUTOMOTIVE_CANDIDATE))).toBe(6);
  });
});

describe('compileContract', () => {
  it('W2: refuses a hand-built contract whose fallback violates it, as readContract would', () => {
    const handBuilt: ReplyContract = {
      contractVersion: 'v0',
      interactionKind: 'ticket_availability_inquiry',
      entityRoles: {},
      authorityStatus: 'payment_result_authoritative',
      fallbackBody: '已為您保留兩張票。',
      mustInclude: [],
      mustAsk: [],
      canonicalTerms: [],
      forbiddenTerms: ['已為您保留'],
    };
    expect(() => compileContract(handBuilt)).toThrow(/fallback_body: the approved fallback contains forbidden_terms\[0\]/);
  });

  it('keeps a frozen copy of a hand-built contract, so later changes cannot reach it', () => {
    const handBuilt = { ...readContract(automotiveContractJson()).contract, forbiddenTerms: ['看車'] };
    const compiled = compileContract(handBuilt);
    handBuilt.forbiddenTerms.length = 0;
    expect(compiled.contract.forbiddenTerms).toEqual(['看車']);
  });

  it('a contract read holds its fields and nothing else: a reflective copy carries no verifier to compile with', () => {
    const { contract } = readContract(automotiveContractJson());
    expect(Reflect.ownKeys(contract)).toEqual([
      'contractVersion',
      'interactionKind',
      'entityRoles',
      'authorityStatus',
      'fallbackBody',
      'mustInclude',
      'mustAsk',
      'canonicalTerms',
      'forbiddenTerms',
    ]);
    expect(Object.isFrozen(contract)).toBe(true);
    // A copy made property by property, descriptors and all, is a contract not read: checked and copied again.
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(contract)) as ReplyContract;
    expect(compileContract(copy).contract).not.toBe(copy);
    expect(compileContract(contract).contract).toBe(contract);
  });

  it('picks the includes loop for a small contract and the automaton for a large one', () => {
    expect(compileContract(readContract(automotiveContractJson()).contract).strategy).toBe('includes');
    const many = Array.from({ length: 200 }, (_, i) => `禁語${i}`);
    const large = readContract({ ...automotiveContractJson(), forbidden_terms: many }).contract;
    expect(compileContract(large).strategy).toBe('automaton');
    expect(compileContract(large, { strategy: 'includes' }).strategy).toBe('includes');
  });
});
