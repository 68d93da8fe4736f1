import { describe, expect, it } from 'vitest';
import { memoByText } from './text-cache.js';

describe('memoByText', () => {
  it('W10: each text is read once, the memory is bounded, and the oldest text is forgotten first', () => {
    const reads: string[] = [];
    const read = memoByText((t) => (reads.push(t), t.length === 0 ? undefined : t.length), 2);
    expect([read('ab'), read('ab'), read(''), read('')]).toEqual([2, 2, undefined, undefined]);
    expect(reads).toEqual(['ab', '']);
    read('abc'); // forgets 'ab'
    read('ab');
    expect(reads).toEqual(['ab', '', 'abc', 'ab']);
  });
});
