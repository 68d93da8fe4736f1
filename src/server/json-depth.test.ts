import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';
import { jsonNestsDeeperThan } from './json-depth.js';

/** The reference: parse, then measure. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('JSON depth scan', () => {
  it('agrees with parsing and measuring, for any JSON value and any limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), fc.integer({ min: 0, max: 14 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(jsonNestsDeeperThan(text, limit)).toBe(depthOf(value) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[{{{{"\\"[[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan('[[["\\\\"],[[1]]]]', 3)).toBe(true);
  });
});

describe('cursors', () => {
  const anyPosition = () => true;
  it('round-trip, and anything this server did not issue is refused at $.cursor', () => {
    expect(decodeCursor(encodeCursor('effects', ['eff_01a2']), 'effects', anyPosition)).toEqual(['eff_01a2']);
    const forged = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const bad of [
      '',
      'not base64!',
      Buffer.from('v2.x').toString('base64url'),
      Buffer.from('v1.eff_01').toString('base64url'),
      forged(['v1', 'effects', 'x']),
      forged(['v2', 'effects', 7]),
      forged(['v2', 'effects', 'a\u0000']),
      'A'.repeat(2000),
    ]) {
      expect(() => decodeCursor(bad, 'effects', anyPosition)).toThrow(/\$\.cursor/);
    }
  });

  it("one listing's cursor is refused by another, and a position the listing cannot use is refused", () => {
    expect(() => decodeCursor(encodeCursor('effects', ['eff_01']), 'turns', anyPosition)).toThrow(/not a cursor of this listing/);
    expect(() => decodeCursor(encodeCursor('turns', ['x']), 'turns', (p) => p.length === 2)).toThrow(/not a cursor of this listing/);
  });
});
