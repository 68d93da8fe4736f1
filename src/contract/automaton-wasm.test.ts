import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildScanWasm, scanWasmModule } from '../../scripts/build-scan-wasm.mjs';
import { pairBit } from './automaton-build.js';
import { createVerifier } from './contract-verifier.js';
import { foldTerm } from './fold-text.js';
import { looseTerm } from './loose-fold.js';
import { forbiddenOnlyContract } from './testing-contracts.js';
import { automatonMatcher, TIER_UP_UNITS, type TermMatcher } from './term-matcher.js';

/** Hundreds of cases, each making WebAssembly instances, on a loaded 2-core machine. */
const PROPERTY_TIMEOUT_MS = 180_000;

describe('the WebAssembly scan', () => {
  it('is what its source builds: the committed module equals a fresh build of automaton-scan.wat', async () => {
    const bytes = await buildScanWasm();
    const committed = readFileSync(new URL('./automaton-scan-wasm-bytes.ts', import.meta.url), 'utf8');
    expect(committed).toBe(scanWasmModule(bytes));
    // Small: the package must stay within its packed size.
    expect(bytes.length).toBeLessThan(4096);
  });
});

/** A matcher's answer for `text`, by `scan` and by `scanUnits`, with occurrences sorted. */
function answers(matcher: TermMatcher, terms: readonly string[], text: string) {
  const found = new Uint8Array(terms.length);
  const matches: number[] = [];
  const inert = matcher.scan(text, found, matches);
  // The units in a longer array, the rest holding a term: nothing past `length` may count.
  const units = new Uint16Array(text.length + 8);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  for (let i = 0; i < 8; i++) units[text.length + i] = terms[0]!.charCodeAt(i % terms[0]!.length);
  const unitsFound = new Uint8Array(terms.length);
  const unitsMatches: number[] = [];
  matcher.scanUnits!(units, text.length, unitsFound, unitsMatches);
  const sorted = (m: number[]) => Array.from({ length: m.length / 2 }, (_, i) => `${m[2 * i]}@${m[2 * i + 1]}`).sort();
  return { found: [...found], matches: sorted(matches), inert, unitsFound: [...unitsFound], unitsMatches: sorted(unitsMatches) };
}

/**
 * Pieces of terms and texts: CJK, Latin, an emoji's surrogates whole and alone, a combining mark
 * and a compatibility ideograph (not NFC-inert), and filler no term holds.
 */
const PIECES = ['車', '看', '約', 'a', 'b', 'e', '\u0301', '😀', '\uD83D', '\uDE00', '\uF902', '。', ' '];
const FILLER = ['好', '的', 'x', '，'];
const term = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((p) => p.join(''));

describe('the WebAssembly scan and the JavaScript scan report the same', () => {
  const cases = fc.record({ terms: fc.uniqueArray(term, { minLength: 1, maxLength: 40 }), seed: fc.integer() }).chain(({ terms, seed }) =>
    fc.record({
      terms: fc.constant(terms),
      record: fc.constant(Uint8Array.from(terms, (_, t) => (seed >> (t % 31)) & 1)),
      texts: fc.array(
        fc.array(fc.oneof(fc.constantFrom(...terms), fc.constantFrom(...PIECES), fc.constantFrom(...FILLER)), { maxLength: 60 }).map((p) => p.join('')),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  );

  it(
    'on one-unit, nested, overlapping and final terms, surrogates, marks, empty texts (300 term sets)',
    () => {
      fc.assert(
        fc.property(cases, ({ terms, record, texts }) => {
          const wasm = automatonMatcher(terms, record, { engine: 'wasm' })!;
          const js = automatonMatcher(terms, record, { engine: 'js' })!;
          expect([wasm.engine, js.engine]).toEqual(['wasm', 'js']);
          for (const text of ['', ...texts, texts.join('')]) expect(answers(wasm, terms, text)).toEqual(answers(js, terms, text));
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'on texts longer than the memory an instance starts with, where it grows, and shorter ones after',
    () => {
      const next = seeded(5);
      const alphabet = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x4e00 + i * 7));
      const pick = () => alphabet[Math.floor(next() * alphabet.length)]!;
      const terms = [...new Set(Array.from({ length: 400 }, () => Array.from({ length: 1 + Math.floor(next() * 5) }, pick).join('')))];
      const record = Uint8Array.from(terms, (_, t) => t % 2);
      const wasm = automatonMatcher(terms, record, { engine: 'wasm' })!;
      const js = automatonMatcher(terms, record, { engine: 'js' })!;
      const text = (length: number) => Array.from({ length }, () => (next() < 0.01 ? terms[Math.floor(next() * terms.length)] : pick())).join('');
      // Runs of one unit make the walks outrun their budget: the failure links take over.
      for (const t of [text(5000), text(30), text(70000), `${'a'.repeat(9000)}${text(100)}`, text(10)]) {
        expect(answers(wasm, [...terms, 'a', 'aa'], t)).toEqual(answers(js, [...terms, 'a', 'aa'], t));
      }
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('wherever a start falls in the eight positions of a round, on texts of 8 to 20 units', () => {
    // Terms of two units whose pairs' bits are each of the eight bits of a byte of the set, a
    // term of one unit, and two units that are not NFC-inert (a start until the first one is
    // seen), in filler no term holds: one or two of them at every position. Before each text,
    // the instance scans one that leaves filler just past its end and starts after that: they
    // must not count.
    const pairs = Array.from({ length: 8 }, (_, bit) => {
      let second = 0x4e00;
      while ((pairBit(0x770b, second) & 7) !== bit) second++;
      return `看${String.fromCharCode(second)}`;
    });
    const terms = ['車', ...pairs];
    const record = Uint8Array.from(terms, (_, t) => t % 2);
    const wasm = automatonMatcher(terms, record, { engine: 'wasm' })!;
    const js = automatonMatcher(terms, record, { engine: 'js' })!;
    const starts = ['車', ...pairs, '\u0301', '\uF902'];
    for (let length = 8; length <= 20; length++) {
      const past = `${'的'.repeat(length + 1)}${'車'.repeat(8)}`;
      for (let a = 0; a < length; a++) {
        for (let b = a; b < length; b++) {
          for (const first of starts) {
            for (const second of b === a ? [''] : ['車', pairs[b % 8]!, '\u0301']) {
              const units = Array.from({ length }, () => '的');
              units[a] = first;
              if (b > a) units[b] = second;
              const text = units.join('');
              wasm.scan(past, new Uint8Array(terms.length), []);
              expect(answers(wasm, terms, text), text).toEqual(answers(js, terms, text));
            }
          }
        }
      }
    }
  });

  it('wherever a term of one unit falls in a round, whether the rounds compare the units (up to four such terms) or gather their entries', () => {
    // scanUnits does not ask for inertness, so its rounds compare each unit with the terms of one
    // unit when there are at most four, and gather the units' entries when there are more:
    // every count from none to five, each term at every position of texts of 8 to 17 units,
    // beside a term of two units and a unit that is not NFC-inert.
    const singles = ['車', '看', '約', '書', '館'];
    for (let count = 0; count <= singles.length; count++) {
      const terms = ['的好', ...singles.slice(0, count)];
      const record = Uint8Array.from(terms, () => 1);
      const wasm = automatonMatcher(terms, record, { engine: 'wasm' })!;
      const js = automatonMatcher(terms, record, { engine: 'js' })!;
      for (let length = 8; length <= 17; length++) {
        for (let a = 0; a < length; a++) {
          for (const first of [...singles, '的好', '\uF902']) {
            const units = Array.from({ length }, () => '，');
            units[a] = first;
            const text = units.join('').slice(0, length);
            expect(answers(wasm, terms, text), `${count} ${text}`).toEqual(answers(js, terms, text));
          }
        }
      }
    }
  });

  const modes = ['exact', 'folded', 'loose'] as const;
  const contract = (forbidden: readonly string[], mode: (typeof modes)[number]) => ({
    ...forbiddenOnlyContract('v1', forbidden),
    matching: { mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: mode } as const,
  });
  const VERDICT_PIECES = ['a', 'A', 'é', 'e\u0301', 'I', 'l', '1', 'ß', ' ', '\u200b', '看', '車', '车', '證', '😀', '\uD83D', 'r', 'n', 'm', '*', '<b>', '4'];
  const verdictPiece = fc.constantFrom(...VERDICT_PIECES);

  it(
    'in exact, folded and loose lists, verdict for verdict (150 cases)',
    () => {
      const terms = fc.uniqueArray(
        fc
          .array(verdictPiece, { minLength: 1, maxLength: 4 })
          .map((p) => p.join(''))
          .filter((t) => foldTerm(t) !== '' && looseTerm(t) !== ''),
        { minLength: 1, maxLength: 6 },
      );
      const candidate = fc.array(verdictPiece, { maxLength: 30 }).map((p) => p.join(''));
      fc.assert(
        fc.property(terms, candidate, fc.constantFrom(...modes), (forbidden, text, mode) => {
          const byWasm = createVerifier(contract(forbidden, mode), 'automaton', 'wasm').verify(text);
          const byJs = createVerifier(contract(forbidden, mode), 'automaton', 'js').verify(text);
          expect(byWasm).toEqual(byJs);
        }),
        { numRuns: 150 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('the JavaScript scan', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const terms = ['看車', '車', 'ab', 'b'];
  const record = Uint8Array.from([1, 1, 1, 0]);
  const long = '看車ab'.repeat(TIER_UP_UNITS / 4 + 1);

  it('serves an automaton until it has scanned enough text to be worth an instance, then WebAssembly', () => {
    const matcher = automatonMatcher(terms, record)!;
    expect(matcher.engine).toBe('js');
    matcher.scan('看車', new Uint8Array(terms.length), []);
    expect(matcher.engine).toBe('js');
    const moved = answers(matcher, terms, long);
    expect(matcher.engine).toBe('wasm');
    expect(moved).toEqual(answers(automatonMatcher(terms, record, { engine: 'js' })!, terms, long));
  });

  it('is kept for good with engine "js", however much text is scanned', () => {
    const matcher = automatonMatcher(terms, record, { engine: 'js' })!;
    answers(matcher, terms, long);
    expect(matcher.engine).toBe('js');
  });

  it('serves every automaton where WebAssembly is unavailable, and engine "wasm" is then an error', () => {
    vi.stubGlobal('WebAssembly', undefined);
    const matcher = automatonMatcher(terms, record)!;
    const answer = answers(matcher, terms, long);
    expect(matcher.engine).toBe('js');
    expect(answer.matches.length).toBe((long.length / 4) * 3);
    expect(() => automatonMatcher(terms, record, { engine: 'wasm' })).toThrow(/WebAssembly is unavailable/);
    expect(
      createVerifier(
        forbiddenOnlyContract(
          'v0',
          Array.from({ length: 40 }, (_, i) => `車${i}`),
        ),
      ).verify('車7 好').forbiddenTermsPresent,
    ).toEqual(['車7']);
  });
});

/** A small seeded generator, so a case is the same on every run. */
function seeded(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
}
