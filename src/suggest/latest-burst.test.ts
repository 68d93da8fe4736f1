import { describe, expect, it } from 'vitest';
import { latestBurst, latestBurstBy } from './latest-burst.js';
import type { MatchMessage } from './match.js';

const m = (id: string, author: 'user' | 'match'): MatchMessage => ({ id, author, kind: 'text', text: id, sentAt: 0, liked: false, replyTo: null });

describe('timeline: the latest same-author burst', () => {
  it('timeline: the burst is every trailing message of the last author, complete and in order', () => {
    const messages = [m('a', 'user'), m('b', 'match'), m('c', 'user'), m('d', 'match'), m('e', 'match'), m('f', 'match')];
    expect(latestBurst(messages).map((x) => x.id)).toEqual(['d', 'e', 'f']);
  });
  it('timeline: an empty conversation has no burst', () => {
    expect(latestBurst([])).toEqual([]);
  });
  it("timeline: the match's latest burst is found behind the user's newer messages", () => {
    const messages = [m('a', 'match'), m('b', 'match'), m('c', 'user'), m('d', 'user')];
    expect(latestBurstBy(messages, 'match').map((x) => x.id)).toEqual(['a', 'b']);
    expect(latestBurstBy(messages, 'user').map((x) => x.id)).toEqual(['c', 'd']);
    expect(latestBurstBy([m('a', 'user')], 'match')).toEqual([]);
  });
});
