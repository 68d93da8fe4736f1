import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNfcInert } from './is-nfc.js';
import { NESTING_AFTER_SCANS } from './includes-matcher.js';
import { automatonMatcher, includesMatcher, type TermMatcher } from './term-matcher.js';

/** Thousands of cases take tens of seconds on a loaded 2-core machine: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000;

function scanAll(matcher: ReturnType<typeof includesMatcher>, terms: readonly string[], text: string) {
  const found = new Uint8Array(terms.length);
  const matches: number[] = [];
  const inert = matcher.scan(text, found, matches);
  return { found: [...found], matches, inert };
}

/** Occurrences as sorted `term@start` strings: matchers report them in no particular order. */
const pairs = (terms: readonly string[], m: readonly number[]) => Array.from({ length: m.length / 2 }, (_, i) => `${terms[m[2 * i]!]}@${m[2 * i + 1]}`).sort();

/**
 * The plain reference: `includes` per term, every `indexOf` occurrence (overlapping ones too)
 * of each recorded term, `isNfcInert` for the inertness.
 */
function reference(terms: readonly string[], record: Uint8Array, text: string) {
  const matches: number[] = [];
  terms.forEach((term, t) => {
    if (record[t] !== 1) return;
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) matches.push(t, at);
  });
  return { found: terms.map((term) => (text.includes(term) ? 1 : 0)), matches: pairs(terms, matches), inert: isNfcInert(text) };
}

/** The automaton's answer for `text`, by `scan` and by `scanUnits`, in the reference's form. */
function automatonAnswers(matcher: TermMatcher, terms: readonly string[], text: string) {
  const byScan = scanAll(matcher, terms, text);
  // The units in a longer array, the rest holding a term: nothing past `length` may count.
  const units = new Uint16Array(text.length + 8);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  for (let i = 0; i < 8 && terms.length > 0; i++) units[text.length + i] = terms[0]!.charCodeAt(i % terms[0]!.length);
  const found = new Uint8Array(terms.length);
  const matches: number[] = [];
  matcher.scanUnits!(units, text.length, found, matches);
  return [
    { found: byScan.found, matches: pairs(terms, byScan.matches), inert: byScan.inert },
    { found: [...found], matches: pairs(terms, matches), inert: byScan.inert },
  ];
}

describe('term matchers', () => {
  const terms = ['he', 'she', 'his', 'hers', '看車', '車'];
  const record = Uint8Array.from([1, 1, 1, 1, 1, 0]);

  it('the automaton reports nested and overlapping terms like the includes loop', () => {
    const text = 'ushers 看車車';
    const byIncludes = scanAll(includesMatcher(terms, record), terms, text);
    const byAutomaton = scanAll(automatonMatcher(terms, record)!, terms, text);
    expect(byAutomaton.found).toEqual([1, 1, 0, 1, 1, 1]);
    expect(byIncludes.found).toEqual(byAutomaton.found);
    expect(pairs(terms, byAutomaton.matches)).toEqual(['he@2', 'hers@2', 'she@1', '看車@7']);
    expect(pairs(terms, byIncludes.matches)).toEqual(pairs(terms, byAutomaton.matches));
  });

  it('both report whether the text is NFC-inert, as the hint check needs', () => {
    for (const matcher of [includesMatcher(terms, record), automatonMatcher(terms, record)!]) {
      expect(matcher.scan('看車 she', new Uint8Array(terms.length), [])).toBe(true);
      expect(matcher.scan('she\u0301', new Uint8Array(terms.length), [])).toBe(false);
      expect(matcher.scan('😀', new Uint8Array(terms.length), [])).toBe(true);
      expect(matcher.scan('\u{2F800}', new Uint8Array(terms.length), [])).toBe(false);
    }
  });

  it('the automaton declines terms using more distinct code units than its classes hold', () => {
    const units: string[] = [];
    for (let unit = 0x4e00; units.length < 32768; unit++) units.push(String.fromCharCode(unit));
    expect(automatonMatcher([units.join('')], new Uint8Array(1))).toBeUndefined();
    expect(automatonMatcher([units.slice(1).join('')], new Uint8Array(1))?.strategy).toBe('automaton');
  });
});

describe('the automaton, by starts and by failure links, agrees with indexOf', () => {
  it('on texts of no unit and of one, where only a one-unit term can start', () => {
    const terms = ['車', '看車', 'a'];
    const record = Uint8Array.from([1, 1, 0]);
    const matcher = automatonMatcher(terms, record)!;
    for (const text of ['', '車', '看', 'a', 'b', '\u0301']) {
      for (const answer of automatonAnswers(matcher, terms, text)) expect(answer).toEqual(reference(terms, record, text));
    }
    expect(scanAll(matcher, terms, '車').found).toEqual([1, 0, 0]);
    expect(scanAll(matcher, terms, '\u0301').inert).toBe(false);
  });

  it('on terms ending at the very end of the text, and a last unit that is not NFC-inert', () => {
    const terms = ['車', '看車', '好看車', 'e\u0301'];
    const record = Uint8Array.from([1, 1, 1, 1]);
    const matcher = automatonMatcher(terms, record)!;
    for (const text of ['好看車', '我們好看車', '看好看車', '好看車e\u0301', '好看車e', '看\u0301']) {
      for (const answer of automatonAnswers(matcher, terms, text)) expect(answer).toEqual(reference(terms, record, text));
    }
    expect(pairs(terms, scanAll(matcher, terms, '我們好看車').matches)).toEqual(['好看車@2', '看車@3', '車@4']);
  });

  it('on terms that start nearly everywhere, where the walks hand the text over to the failure links', () => {
    // From every position of a run of `a`, the walk takes up to nine steps: the walks outrun
    // their budget (one step per two units, plus slack) within the first hundred units, and
    // the failure links take over mid-run, where occurrences of every term straddle the handover.
    const terms = ['a', 'aa', 'aaa', 'aaaa', 'aaaaaaaaa', 'ab', 'aab', 'ba', '車a'];
    const record = Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 0, 1]);
    const matcher = automatonMatcher(terms, record)!;
    const texts = [
      'a'.repeat(300),
      `${'a'.repeat(150)}b${'a'.repeat(150)}車a`,
      `車a${'ab'.repeat(120)}e\u0301${'a'.repeat(40)}`,
      // A unit that is not NFC-inert before the handover, only inert ones after it.
      `e\u0301${'a'.repeat(300)}`,
    ];
    for (const text of texts) {
      for (const answer of automatonAnswers(matcher, terms, text)) expect(answer).toEqual(reference(terms, record, text));
    }
    expect(scanAll(matcher, terms, texts[3]!).inert).toBe(false);
  });

  /** A small seeded generator, so these cases are the same on every run (and under mutation). */
  const seeded = (seed: number) => () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };

  it('on texts over a five-letter alphabet, where the failure links scan nearly all of the text (30 seeded cases)', () => {
    // Terms start at almost every position, so the walks hand over within the first hundred
    // units and the failure links, with their chains through shorter terms, find the rest.
    for (let seed = 1; seed <= 30; seed++) {
      const next = seeded(seed);
      const word = (max: number) => Array.from({ length: 1 + Math.floor(next() * max) }, () => 'abcde'[Math.floor(next() * 5)]).join('');
      const terms = [...new Set(Array.from({ length: 60 }, () => word(6)))];
      const record = Uint8Array.from(terms, () => (next() < 0.5 ? 1 : 0));
      const text = word(1500);
      const matcher = automatonMatcher(terms, record)!;
      for (const answer of automatonAnswers(matcher, terms, text)) expect(answer).toEqual(reference(terms, record, text));
    }
  });

  it('when the first walk, from offset 0, outruns its budget: the failure links scan the whole text', () => {
    const terms = ['a'.repeat(100), 'ab'];
    const record = Uint8Array.from([1, 1]);
    const text = `${'a'.repeat(150)}b`;
    for (const answer of automatonAnswers(automatonMatcher(terms, record)!, terms, text)) expect(answer).toEqual(reference(terms, record, text));
  });

  it("follows a failure link past a state whose class mask has the unit's bit but no such move", () => {
    // Classes are numbered by first appearance: X 1, Y 2, A 3, the 31 fillers 4–34, B 35. A state's
    // mask holds classes mod 32, so "XY" (a move on A) has B's bit too, with no move on B: the
    // scan must go on to "XY"'s failure link, "Y", whose move on B ends the term "YB".
    const fillers = Array.from({ length: 31 }, (_, i) => `${String.fromCharCode(0x4e00 + i)}X`);
    const terms = ['XYA', ...fillers, 'YB', 'a'.repeat(100)];
    const record = new Uint8Array(terms.length).fill(1);
    // The run of a hands the text to the failure links from offset 0.
    const text = `${'a'.repeat(150)}XYB`;
    for (const answer of automatonAnswers(automatonMatcher(terms, record)!, terms, text)) expect(answer).toEqual(reference(terms, record, text));
    expect(reference(terms, record, text).found[terms.indexOf('YB')]).toBe(1);
  });

  it('finds each of 6,000 two-unit terms, whose first pairs share words of the starts set', () => {
    // 6,000 pairs over 8,192 words of 16 bits: many words hold several, and every one must stay set.
    const next = seeded(7);
    const terms = [...new Set(Array.from({ length: 6000 }, () => String.fromCharCode(0x4e00 + Math.floor(next() * 3000), 0x4e00 + Math.floor(next() * 3000))))];
    const matcher = automatonMatcher(terms, new Uint8Array(terms.length))!;
    const found = new Uint8Array(terms.length);
    matcher.scan(terms.join('，'), found, []);
    expect(found.every((f) => f === 1)).toBe(true);
  });

  it('finds every term of a trie of more than 65,536 states', () => {
    const next = seeded(11);
    const terms = [...new Set(Array.from({ length: 15000 }, () => Array.from({ length: 12 }, () => 'abcdefgh'[Math.floor(next() * 8)]).join('')))];
    const matcher = automatonMatcher(terms, new Uint8Array(terms.length))!;
    const found = new Uint8Array(terms.length);
    matcher.scan(terms.join('，'), found, []);
    expect(found.every((f) => f === 1)).toBe(true);
  });

  /**
   * Pieces texts and terms are drawn from: a few CJK characters (starts are rare among the
   * others), Latin, an emoji's surrogates (whole and alone), a combining mark and a compatibility
   * ideograph (not NFC-inert), and filler that no term holds.
   */
  const PIECES = ['車', '看', '約', '已', 'a', 'b', 'e', '\u0301', '😀', '\uD83D', '\uDE00', '\uF902', '。', ' '];
  const FILLER = ['好', '的', '我', '們', 'x', 'y', 'z', '，'];
  const termArb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
  const caseArb = fc
    .record({
      terms: fc.uniqueArray(termArb, { minLength: 1, maxLength: 60 }),
      recordSeed: fc.integer(),
    })
    .chain(({ terms, recordSeed }) =>
      fc.record({
        terms: fc.constant(terms),
        record: fc.constant(Uint8Array.from(terms, (_, t) => (recordSeed >> (t % 31)) & 1)),
        text: fc.array(fc.oneof(fc.constantFrom(...terms), fc.constantFrom(...PIECES), fc.constantFrom(...FILLER)), { maxLength: 40 }).map((p) => p.join('')),
      }),
    );

  it(
    'on random terms and texts: one-unit, nested and overlapping terms, surrogates, marks (4,000 cases)',
    () => {
      fc.assert(
        fc.property(caseArb, ({ terms, record, text }) => {
          const matcher = automatonMatcher(terms, record)!;
          for (const answer of automatonAnswers(matcher, terms, text)) expect(answer).toEqual(reference(terms, record, text));
        }),
        { numRuns: 4000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    `the includes loop agrees with indexOf before and after it works out which terms nest (scan ${NESTING_AFTER_SCANS + 1}), 1,000 cases`,
    () => {
      fc.assert(
        fc.property(
          caseArb.chain(({ terms, record, text }) =>
            fc.tuple(
              fc.constant({ terms, record }),
              fc.array(
                fc.array(fc.oneof(fc.constantFrom(...terms), fc.constantFrom(...PIECES)), { maxLength: 20 }).map((p) => p.join('')),
                {
                  minLength: NESTING_AFTER_SCANS + 2,
                  maxLength: NESTING_AFTER_SCANS + 4,
                },
              ),
              fc.constant(text),
            ),
          ),
          ([{ terms, record }, texts, text]) => {
            // One matcher scans every text in turn, as a compiled contract verifies candidates.
            const matcher = includesMatcher(terms, record);
            for (const each of [...texts, text, ...texts]) {
              const answer = scanAll(matcher, terms, each);
              expect({ ...answer, matches: pairs(terms, answer.matches) }).toEqual(reference(terms, record, each));
            }
          },
        ),
        { numRuns: 1000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'the includes loop over code units (few terms: a search of the bytes; many: a string) agrees with indexOf, 2,000 cases',
    () => {
      fc.assert(
        fc.property(caseArb, fc.nat(12), ({ terms, record, text }, few) => {
          // Few terms (each searched in the bytes) and many (a string made of the units).
          const kept = terms.slice(0, few + 1);
          const keptRecord = record.slice(0, kept.length);
          const [, byUnits] = automatonAnswers(includesMatcher(kept, keptRecord), kept, text);
          const expected = reference(kept, keptRecord, text);
          expect({ found: byUnits!.found, matches: byUnits!.matches }).toEqual({ found: expected.found, matches: expected.matches });
        }),
        { numRuns: 2000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "on large term sets over the text's own alphabet, the benchmark's shape (40 cases)",
    () => {
      // Terms of 2–6 ideographs out of 300, and a few of one; texts drawn from the same
      // ideographs with terms planted: few positions pass the starts test, many of them true.
      const alphabet = Array.from({ length: 300 }, (_, i) => String.fromCharCode(0x4e00 + i * 7));
      const ideograph = fc.constantFrom(...alphabet);
      const termsArb = fc
        .tuple(
          fc.uniqueArray(
            fc.array(ideograph, { minLength: 2, maxLength: 6 }).map((p) => p.join('')),
            { minLength: 200, maxLength: 600 },
          ),
          fc.uniqueArray(ideograph, { maxLength: 3 }),
        )
        .map(([long, single]) => [...long, ...single.filter((s) => !long.includes(s))]);
      fc.assert(
        fc.property(
          termsArb.chain((terms) =>
            fc.tuple(
              fc.constant(terms),
              fc.array(fc.oneof(ideograph, ideograph, ideograph, fc.constantFrom(...terms), fc.constant('，')), { maxLength: 600 }).map((p) => p.join('')),
            ),
          ),
          ([terms, text]) => {
            const record = Uint8Array.from(terms, (_, t) => t % 2);
            const matcher = automatonMatcher(terms, record)!;
            for (const answer of automatonAnswers(matcher, terms, text)) expect(answer).toEqual(reference(terms, record, text));
          },
        ),
        { numRuns: 40 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
