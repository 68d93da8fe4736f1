import { describe, expect, it } from 'vitest';
import { DEFAULT_PAUSE_MS, boundaryLedger } from './boundary-ledger.js';
import type { BurstReading, Obligation } from './skill-schemas.js';
import { TEST_T0, testMatch, testMessage as msg } from './testing.js';

const H = 3_600_000;
const iso = (hours: number) => new Date(TEST_T0 + hours * H).toISOString();
const reading = (over: Partial<BurstReading>): BurstReading => ({ obligations: [], callbacks: [], topics: [], boundaries: [], rulings: [], ...over });
const boundaryObligation = (o: Partial<Obligation>): Obligation => ({
  id: 'o1', kind: 'boundary', messageId: 'b', summary: 'asks for a break', primary: true, boundary: 'pause', avoidTerms: [], needsUserFact: null, ...o,
});

describe('boundary ledger: every boundary of the thread', () => {
  it('ledger: code reads each match message, wherever it is; the user’s own words set nothing', () => {
    const m = testMatch([
      msg('a', 'match', 0, "Let's not talk about my ex."),
      msg('b', 'user', 1, 'Please stop texting me.'),
      msg('c', 'match', 2, 'Give me two weeks, exams!'),
      msg('d', 'match', 3, 'hi'),
    ]);
    const ledger = boundaryLedger(m, null, TEST_T0 + 4 * H);
    expect(ledger.entries).toEqual([
      { scope: 'topic', messageId: 'a', saidAt: iso(0), by: 'code', words: "let's not talk about my ex", until: null, avoidTerms: ['ex'], inForce: true },
      { scope: 'pause', messageId: 'c', saidAt: iso(2), by: 'code', words: 'give me', until: iso(2 + 14 * 24), avoidTerms: [], inForce: true },
    ]);
    expect(ledger.endContact).toBeNull();
    expect(ledger.pause?.messageId).toBe('c');
    expect(ledger.topics.map((t) => t.messageId)).toEqual(['a']);
  });
  it('ledger: a pause is in force until its term has passed, then only recorded', () => {
    const m = testMatch([msg('a', 'match', 0, 'Give me two weeks!')]);
    expect(boundaryLedger(m, null, TEST_T0 + 14 * 24 * H - 1).pause).not.toBeNull();
    const after = boundaryLedger(m, null, TEST_T0 + 14 * 24 * H);
    expect(after.pause).toBeNull();
    expect(after.entries[0]).toMatchObject({ scope: 'pause', inForce: false });
  });
  it('ledger: the pause in force is the one that ends last', () => {
    const m = testMatch([msg('a', 'match', 0, 'Give me a month.'), msg('b', 'match', 48, 'Give me three days.')]);
    expect(boundaryLedger(m, null, TEST_T0 + 60 * H).pause?.messageId).toBe('a');
    const n = testMatch([msg('a', 'match', 0, 'Give me three days.'), msg('b', 'match', 1, 'Give me a month.')]);
    expect(boundaryLedger(n, null, TEST_T0 + 2 * H).pause?.messageId).toBe('b');
  });
  it('ledger: the reader adds boundaries code cannot read; a pause with no term said holds the default term', () => {
    const m = testMatch([msg('a', 'match', 0, 'Work is eating me alive lately.'), msg('b', 'match', 1, 'Talk later!')]);
    const ledger = boundaryLedger(
      m,
      reading({
        obligations: [boundaryObligation({})],
        boundaries: [{ messageId: 'a', scope: 'topic', summary: 'work is a sore point', avoidTerms: ['work*'], pauseDays: null }],
      }),
      TEST_T0 + 2 * H,
    );
    expect(ledger.entries).toEqual([
      { scope: 'pause', messageId: 'b', saidAt: iso(1), by: 'reader', words: 'asks for a break', until: new Date(TEST_T0 + H + DEFAULT_PAUSE_MS).toISOString(), avoidTerms: [], inForce: true },
      { scope: 'topic', messageId: 'a', saidAt: iso(0), by: 'reader', words: 'work is a sore point', until: null, avoidTerms: ['work*'], inForce: true },
    ]);
    expect(DEFAULT_PAUSE_MS).toBe(7 * 24 * H);
  });
  it('ledger: the reader’s term in days counts; the message’s own stated term is used when the reader gives none', () => {
    const m = testMatch([msg('a', 'match', 0, 'Swamped.'), msg('b', 'match', 1, 'Back in 3 days')]);
    const ledger = boundaryLedger(
      m,
      reading({
        obligations: [boundaryObligation({ messageId: 'b' })],
        boundaries: [{ messageId: 'a', scope: 'pause', summary: 'swamped', avoidTerms: [], pauseDays: 10 }],
      }),
      TEST_T0,
    );
    expect(ledger.entries.map((e) => [e.messageId, e.until])).toEqual([
      ['b', iso(1 + 72)],
      ['a', iso(240)],
    ]);
  });
  it('ledger: a boundary is recorded once per message and scope; a reader pointing at the user’s or an unknown message adds nothing', () => {
    const m = testMatch([msg('a', 'match', 0, 'Please stop texting me.'), msg('u', 'user', 1, 'ok')]);
    const ledger = boundaryLedger(
      m,
      reading({
        obligations: [boundaryObligation({ messageId: 'a', boundary: 'end_contact' }), boundaryObligation({ messageId: 'u', boundary: 'end_contact' }), boundaryObligation({ kind: 'greeting', messageId: 'a', boundary: 'pause' })],
        boundaries: [{ messageId: 'zz', scope: 'end_contact', summary: '', avoidTerms: [], pauseDays: null }],
      }),
      TEST_T0 + 2 * H,
    );
    expect(ledger.entries.map((e) => [e.messageId, e.scope, e.by])).toEqual([['a', 'end_contact', 'code']]);
    expect(ledger.endContact?.messageId).toBe('a');
  });
  it('ledger: two topics from one message are both kept; a topic with no terms binds nothing', () => {
    const m = testMatch([msg('a', 'match', 0, 'hm')]);
    const ledger = boundaryLedger(
      m,
      reading({
        boundaries: [
          { messageId: 'a', scope: 'topic', summary: '', avoidTerms: ['ex'], pauseDays: null },
          { messageId: 'a', scope: 'topic', summary: '', avoidTerms: ['work*'], pauseDays: null },
          { messageId: 'a', scope: 'topic', summary: '', avoidTerms: [], pauseDays: null },
        ],
      }),
      TEST_T0,
    );
    expect(ledger.entries).toHaveLength(3);
    expect(ledger.topics.map((t) => t.avoidTerms)).toEqual([['ex'], ['work*']]);
  });
  it('ledger: one message can set boundaries of different scopes, and each is recorded', () => {
    const m = testMatch([msg('a', 'match', 0, "Please stop texting me, I need some space. Let's not talk about my ex.")]);
    expect(boundaryLedger(m, null, TEST_T0).entries.map((e) => [e.messageId, e.scope])).toEqual([
      ['a', 'end_contact'],
      ['a', 'pause'],
      ['a', 'topic'],
    ]);
  });
  it('ledger: the reader naming a topic code already read adds nothing; a pause is one pause whatever terms the reader attaches', () => {
    const m = testMatch([msg('a', 'match', 0, "Let's not talk about my ex."), msg('b', 'match', 1, 'Give me two weeks.')]);
    const ledger = boundaryLedger(
      m,
      reading({
        obligations: [boundaryObligation({ messageId: 'b', boundary: 'pause', avoidTerms: ['exam*'] })],
        boundaries: [{ messageId: 'a', scope: 'topic', summary: 'the ex', avoidTerms: ['ex'], pauseDays: null }],
      }),
      TEST_T0 + 2 * H,
    );
    expect(ledger.entries.map((e) => [e.messageId, e.scope, e.by])).toEqual([
      ['a', 'topic', 'code'],
      ['b', 'pause', 'code'],
    ]);
  });
  it('ledger: a reader’s pause rules out no topic even when it carries terms', () => {
    const m = testMatch([msg('a', 'match', 0, 'Swamped with exams.')]);
    const ledger = boundaryLedger(m, reading({ obligations: [boundaryObligation({ messageId: 'a', boundary: 'pause', avoidTerms: ['exam*'] })] }), TEST_T0);
    expect(ledger.pause?.messageId).toBe('a');
    expect(ledger.topics).toEqual([]);
  });
  it('ledger: a reader’s pause with no days given holds the term the message states', () => {
    const m = testMatch([msg('a', 'match', 0, 'Exams all month, ugh.')]);
    const ledger = boundaryLedger(m, reading({ boundaries: [{ messageId: 'a', scope: 'pause', summary: 'exams', avoidTerms: [], pauseDays: null }] }), TEST_T0 + 24 * H);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.pause).toMatchObject({ messageId: 'a', by: 'reader', until: iso(30 * 24), inForce: true });
  });
  it('ledger: of two pauses that end at the same moment, the first said is the pause', () => {
    const m = testMatch([msg('a', 'match', 0, 'Give me two weeks.'), msg('b', 'match', 7 * 24, 'Give me a week.')]);
    const ledger = boundaryLedger(m, null, TEST_T0 + 8 * 24 * H);
    expect(ledger.entries.map((e) => e.until)).toEqual([iso(14 * 24), iso(14 * 24)]);
    expect(ledger.pause?.messageId).toBe('a');
  });
});
