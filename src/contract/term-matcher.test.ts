import { describe, expect, it } from 'vitest';
import { automatonMatcher, includesMatcher } from './term-matcher.js';

function scanAll(matcher: ReturnType<typeof includesMatcher>, terms: readonly string[], text: string) {
  const found = new Uint8Array(terms.length);
  const matches: number[] = [];
  const inert = matcher.scan(text, found, matches);
  return { found: [...found], matches, inert };
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
    const pairs = (m: number[]) => Array.from({ length: m.length / 2 }, (_, i) => `${terms[m[2 * i]!]}@${m[2 * i + 1]}`).sort();
    expect(pairs(byAutomaton.matches)).toEqual(['he@2', 'hers@2', 'she@1', '看車@7']);
    expect(pairs(byIncludes.matches)).toEqual(pairs(byAutomaton.matches));
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
