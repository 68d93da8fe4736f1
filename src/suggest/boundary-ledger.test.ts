import { describe, expect, it } from 'vitest';
import { DEFAULT_PAUSE_MS, boundaryLedger } from './boundary-ledger.js';
import type { BoundaryRuling, BurstReading, Obligation } from './skill-schemas.js';
import { TEST_T0, testMatch, testMessage as msg } from './testing.js';

const H = 3_600_000;
const iso = (hours: number) => new Date(TEST_T0 + hours * H).toISOString();
const reading = (over: Partial<BurstReading>): BurstReading => ({ obligations: [], callbacks: [], topics: [], boundaries: [], rulings: [], ...over });
const boundaryObligation = (o: Partial<Obligation>): Obligation => ({
  id: 'o1',
  kind: 'boundary',
  messageId: 'b',
  summary: 'asks for a break',
  primary: true,
  boundary: 'pause',
  avoidTerms: [],
  needsUserFact: null,
  ...o,
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
      { scope: 'pause', messageId: 'c', saidAt: iso(2), by: 'code', words: 'give me two weeks', until: iso(2 + 14 * 24), avoidTerms: [], inForce: true },
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
      {
        scope: 'pause',
        messageId: 'b',
        saidAt: iso(1),
        by: 'reader',
        words: 'asks for a break',
        until: new Date(TEST_T0 + H + DEFAULT_PAUSE_MS).toISOString(),
        avoidTerms: [],
        inForce: true,
      },
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
        obligations: [
          boundaryObligation({ messageId: 'a', boundary: 'end_contact' }),
          boundaryObligation({ messageId: 'u', boundary: 'end_contact' }),
          boundaryObligation({ kind: 'greeting', messageId: 'a', boundary: 'pause' }),
        ],
        boundaries: [{ messageId: 'zz', scope: 'end_contact', summary: '', avoidTerms: [], pauseDays: null }],
      }),
      TEST_T0 + 2 * H,
    );
    expect(ledger.entries.map((e) => [e.messageId, e.scope, e.by])).toEqual([['a', 'end_contact', 'reader']]);
    expect(ledger.endContact?.messageId).toBe('a');
    expect(ledger.disputed).toBeNull();
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
  it('W12: with a reading, the reader decides; what code read is only the suspicion list, each with its ruling', () => {
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
      ['b', 'pause', 'reader'],
      ['a', 'topic', 'reader'],
    ]);
    expect(ledger.suspicions.map((x) => [x.messageId, x.scope, x.certainty, x.ruling])).toEqual([
      ['a', 'topic', 'explicit', null],
      ['b', 'pause', 'explicit', null],
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
    const ledger = boundaryLedger(
      m,
      reading({ boundaries: [{ messageId: 'a', scope: 'pause', summary: 'exams', avoidTerms: [], pauseDays: null }] }),
      TEST_T0 + 24 * H,
    );
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

describe('W12: who decides a boundary', () => {
  const ruling = (
    messageId: string,
    sets: 'end_contact' | 'pause' | 'topic' | 'none',
    why: BoundaryRuling['why'],
    pauseDays: number | null = null,
  ): BoundaryRuling => ({
    messageId,
    sets,
    why,
    pauseDays,
    avoidTerms: [],
  });
  it('a correct reading overrules code: a joke code suspected sets nothing, and is recorded with its ruling', () => {
    const m = testMatch([msg('a', 'match', 0, 'I almost unmatched you for that pizza opinion haha')]);
    const ledger = boundaryLedger(m, reading({ rulings: [ruling('a', 'none', 'joke')] }), TEST_T0 + H);
    expect(ledger.entries).toEqual([]);
    expect(ledger.suspicions).toEqual([
      {
        messageId: 'a',
        scope: 'end_contact',
        words: 'unmatched',
        certainty: 'suspected',
        doubts: ['joke', 'negated', 'other_sense'],
        ruling: ruling('a', 'none', 'joke'),
      },
    ]);
  });
  it('a reading that rules an explicit request to stop writing a joke is disputed: the user is asked', () => {
    const m = testMatch([msg('a', 'match', 0, 'Please stop texting me.')]);
    const ledger = boundaryLedger(m, reading({ rulings: [ruling('a', 'none', 'joke')] }), TEST_T0 + H);
    expect(ledger.endContact).toBeNull();
    expect(ledger.disputed).toMatchObject({ messageId: 'a', scope: 'end_contact', certainty: 'explicit' });
  });
  it('a reading that finds an end code only suspected decides: it closes', () => {
    const m = testMatch([msg('a', 'match', 0, 'I think we want different things. Wishing you the best!')]);
    const ledger = boundaryLedger(m, reading({ rulings: [ruling('a', 'end_contact', 'meant')] }), TEST_T0 + H);
    expect(ledger.endContact?.by).toBe('reader');
    expect(ledger.disputed).toBeNull();
  });
  it('the reader’s pauseDays win over the term code read ("until the 4th" read as 14 days holds 14)', () => {
    const m = testMatch([msg('a', 'match', 0, "I'm away until the 4th, don't text me until then")]);
    const ledger = boundaryLedger(m, reading({ rulings: [ruling('a', 'pause', 'meant', 14)] }), TEST_T0 + H);
    expect(ledger.pause?.until).toBe(iso(14 * 24));
  });
  it('without a reading, code acts on explicit wordings only; what it merely suspects is unread', () => {
    const m = testMatch([msg('a', 'match', 0, 'My ex kept texting me, I had to block him'), msg('b', 'match', 1, 'Give me two weeks!')]);
    const ledger = boundaryLedger(m, null, TEST_T0 + 2 * H);
    expect(ledger.decidedBy).toBe('code');
    expect(ledger.entries.map((e) => [e.messageId, e.scope])).toEqual([['b', 'pause']]);
    expect(ledger.endContact).toBeNull();
    expect(ledger.unread.map((s) => s.messageId)).toEqual(['a']);
  });
  it('without a reading, a date the pause runs until is resolved against the message time', () => {
    // TEST_T0 is Sunday 2026-11-01 12:00Z: "iki pirmadienio" ends Monday 2 November.
    const m = testMatch([msg('a', 'match', 0, 'Iki pirmadienio nerašyk, prašau.')], { language: 'lt' });
    expect(boundaryLedger(m, null, TEST_T0 + H).pause?.until).toBe('2026-11-02T00:00:00.000Z');
  });
});
