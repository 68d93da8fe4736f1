import { describe, expect, it } from 'vitest';
import type { ModelCallRecord, TaskResult } from '../../model/index.js';
import type { PipelineContext, Route } from '../gate.js';
import type { Profile, ProfileFact } from '../profile.js';
import type { BurstReading, Obligation, Strategy } from '../skill-schemas.js';
import type { SuggestSkills } from '../suggest-skills.js';
import { testContext, testMatch, testMessage as msg } from '../testing.js';
import { eventGate } from './event-gate.js';
import { matchGate } from './match-gate.js';
import { profileGate } from './profile-gate.js';
import { propertyGate } from './property-gate.js';
import { routerGate } from './router-gate.js';
import { strategyGate } from './strategy-gate.js';
import { timelineGate } from './timeline-gate.js';

const call = (task: string): ModelCallRecord => ({
  task,
  promptName: `built-in:${task}`,
  promptHash: 'sha256:0',
  modelId: 'test',
  startedAt: '2026-11-01T12:00:00.000Z',
  latencyMs: 0,
  inputTokens: 0,
  outputTokens: 0,
  outcome: 'ok',
});
const ok = <T>(task: string, value: T): Promise<TaskResult<T>> => Promise.resolve({ ok: true, value, call: call(task) });
const failed = <T>(task: string): Promise<TaskResult<T>> => Promise.resolve({ ok: false, reason: 'timeout', call: { ...call(task), outcome: 'timeout' } });

/** Skills answering from fixed values: the gates depend on the interface only (hosts bring their own). */
function skills({
  reading,
  strategy,
  readingFails = false,
  strategyFails = false,
}: {
  reading?: BurstReading;
  strategy?: Strategy;
  readingFails?: boolean;
  strategyFails?: boolean;
}): SuggestSkills & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    readBurst: (input) => (
      asked.push(`burst:${input.burst.map((m) => m.id).join(',')}`), readingFails ? failed('suggest.burst') : ok('suggest.burst', reading!)
    ),
    planStrategy: () => (asked.push('strategy'), strategyFails ? failed('suggest.strategy') : ok('suggest.strategy', strategy!)),
    draftCandidates: () => failed('suggest.draft'),
    reviewCandidates: () => failed('suggest.review'),
  };
}
const obligation = (o: Partial<Obligation>): Obligation => ({
  id: 'o1',
  kind: 'direct_question',
  messageId: 'b',
  summary: '',
  primary: true,
  boundary: null,
  avoidTerms: [],
  needsUserFact: null,
  ...o,
});
const reading = (over: Partial<BurstReading> = {}): BurstReading => ({
  obligations: [obligation({})],
  callbacks: [],
  topics: [],
  boundaries: [],
  rulings: [],
  ...over,
});
const fact = (over: Partial<ProfileFact>): ProfileFact => ({
  id: 'hiking',
  statement: 'I hike',
  verified: true,
  disclosable: true,
  topics: ['hiking'],
  supports: ['hikes'],
  doesNotSupport: [],
  ...over,
});

/** Runs `gates` in order on `context`, as the pipeline does, and returns the last verdict. */
async function through(context: PipelineContext, ...gates: { run(c: PipelineContext): Promise<unknown> }[]) {
  let verdict: unknown;
  for (const g of gates) verdict = await g.run(context);
  return verdict as Awaited<ReturnType<typeof eventGate.run>>;
}

describe('event gate: boundaries hold for their whole term, wherever they were said', () => {
  it('boundary: an end of contact closes at once, also when the user’s polite goodbye follows it', async () => {
    const m = testMatch([
      msg('a', 'user', 0),
      msg('b', 'match', 1, "Sorry, I don't think we're a match. Please don't message me again."),
      msg('c', 'user', 1.5, 'Understood, take care!'),
    ]);
    const context = testContext(m, 2);
    const verdict = await through(context, eventGate);
    expect(verdict).toMatchObject({ decision: 'stop', reason: 'boundary_end_contact', stop: { resultType: 'close' } });
    expect(context.state.event).toMatchObject({ state: 'closed', task: null, stop: 'close' });
    expect(context.state.boundaries!.endContact).toMatchObject({ messageId: 'b', scope: 'end_contact', by: 'code' });
  });
  it('boundary: a pause holds until its term has passed, whoever wrote since; then the conversation goes on', async () => {
    const m = testMatch([
      msg('a', 'user', 0),
      msg('b', 'match', 1, 'Busy with exams, give me two weeks!'),
      msg('c', 'user', 2, 'Good luck!'),
      msg('d', 'match', 3, 'Thanks'),
    ]);
    const during = await through(testContext(m, 5 * 24), eventGate);
    expect(during).toMatchObject({ decision: 'stop', reason: 'boundary_pause', stop: { resultType: 'hold' } });
    expect(during.decision === 'stop' && during.stop.analysisSummary).toContain('2026-11-15');
    const after = await through(testContext(m, 15 * 24), eventGate);
    expect(after).toMatchObject({ decision: 'pass', reason: 'match_wrote_last' });
  });
  it('boundary: a closed status and a lost interest close before a pause holds', async () => {
    const paused = [msg('a', 'user', 0), msg('b', 'match', 1, 'I need some space.')];
    expect(await through(testContext(testMatch(paused, { status: 'closed' }), 2), eventGate)).toMatchObject({
      reason: 'status_closed',
      stop: { resultType: 'close' },
    });
    const lost = testMatch([...paused, msg('c', 'user', 2), msg('d', 'user', 3)]);
    expect(await through(testContext(lost, 2 + 24 * 30), eventGate)).toMatchObject({ reason: 're_entry_unanswered', stop: { resultType: 'close' } });
  });
  it('boundary: a boundary the burst reader found in an earlier message counts like one code read', async () => {
    const m = testMatch([msg('a', 'match', 0, 'Kind of swamped lately.'), msg('b', 'user', 1), msg('c', 'match', 2, 'Haha yes')]);
    const context = testContext(m, 3, {
      skills: skills({
        reading: reading({
          obligations: [obligation({ messageId: 'c', kind: 'greeting' })],
          boundaries: [{ messageId: 'a', scope: 'pause', summary: 'swamped for ten days', avoidTerms: [], pauseDays: 10 }],
        }),
      }),
    });
    const verdict = await through(context, timelineGate, eventGate);
    expect(verdict).toMatchObject({ reason: 'boundary_pause' });
    expect(context.state.boundaries!.pause).toMatchObject({ messageId: 'a', by: 'reader', until: '2026-11-11T12:00:00.000Z' });
  });
  it('boundary: topics ruled out anywhere go on to the route; the gate records how many boundaries it saw', async () => {
    const m = testMatch([msg('a', 'match', 0, "Let's not talk about my divorce."), msg('b', 'user', 1), msg('c', 'match', 2, 'So, hiking?')]);
    const verdict = await through(testContext(m, 3), eventGate);
    expect(verdict).toMatchObject({ decision: 'pass', detail: { boundaries: 1, topicBoundaries: ['a'] } });
  });
  it('event: a timing stop without boundaries uses its own sentence', async () => {
    const verdict = await through(testContext(testMatch([msg('a', 'match', 0), msg('b', 'user', 1)]), 2), eventGate);
    expect(verdict).toMatchObject({
      decision: 'stop',
      reason: 'awaiting_match_reply',
      stop: { resultType: 'hold', analysisSummary: 'Your message is the latest one and it has not been long; wait for their reply.' },
    });
  });
});

describe('timeline gate', () => {
  it('timeline: the reader is not called for a conversation the event closes, and without a model for one it holds', async () => {
    const closed = testContext(testMatch([msg('a', 'match', 0), msg('b', 'user', 1)], { status: 'closed' }), 2, { skills: skills({ reading: reading() }) });
    expect(await timelineGate.run(closed)).toMatchObject({ decision: 'pass', reason: 'not_read_event_closes' });
    expect(closed.calls).toEqual([]);
    const holding = testContext(testMatch([msg('a', 'match', 0), msg('b', 'user', 1)]), 2);
    expect(await timelineGate.run(holding)).toMatchObject({ decision: 'pass', reason: 'not_read_event_holds' });
  });
  it('timeline: a conversation the event only holds is read when a model is there; a failed reading leaves the hold', async () => {
    const m = testMatch([msg('a', 'match', 0, 'Hey'), msg('b', 'user', 1)]);
    const read = testContext(m, 2, { skills: skills({ reading: reading({ obligations: [obligation({ messageId: 'a', kind: 'greeting' })] }) }) });
    expect(await timelineGate.run(read)).toMatchObject({ decision: 'pass', reason: 'burst_read_already_answered' });
    expect(read.calls).toHaveLength(1);
    const broken = testContext(m, 2, { skills: skills({ readingFails: true }) });
    expect(await timelineGate.run(broken)).toMatchObject({ decision: 'pass', reason: 'reading_failed_event_holds' });
    const replying = testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1)]), 2, { skills: skills({ readingFails: true }) });
    expect(await timelineGate.run(replying)).toMatchObject({ decision: 'stop', reason: 'burst_reading_failed', stop: { resultType: 'hold' } });
  });
  it('timeline: without a model a reply needs one; with no match burst there is nothing to read', async () => {
    expect(await timelineGate.run(testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1)]), 2))).toMatchObject({ decision: 'needs_model' });
    expect(await timelineGate.run(testContext(testMatch([]), 2))).toMatchObject({ decision: 'pass', reason: 'no_match_burst' });
  });
  it('timeline: the reader sees the whole match burst; ids outside it are dropped and recorded; one primary obligation', async () => {
    const m = testMatch([msg('a', 'match', 0, 'hey'), msg('b', 'user', 1), msg('c', 'match', 2, 'q1', { replyTo: 'b' }), msg('d', 'match', 2.1, 'q2')]);
    const s = skills({
      reading: reading({
        obligations: [
          obligation({ id: 'o1', messageId: 'c', primary: false }),
          obligation({ id: 'o2', messageId: 'd', primary: true }),
          obligation({ id: 'o3', messageId: 'zz', primary: true }),
        ],
        callbacks: [
          { messageId: 'd', refersTo: 'a', certainty: 'probable' },
          { messageId: 'd', refersTo: 'nowhere', certainty: 'probable' },
          { messageId: 'c', refersTo: 'b', certainty: 'probable' },
        ],
        topics: ['Hiking'],
        boundaries: [
          { messageId: 'a', scope: 'topic', summary: 'x', avoidTerms: ['ex'], pauseDays: null },
          { messageId: 'b', scope: 'topic', summary: 'the user’s own', avoidTerms: ['x'], pauseDays: null },
        ],
      }),
    });
    const context = testContext(m, 3, { skills: s });
    const verdict = await timelineGate.run(context);
    expect(s.asked).toEqual(['burst:c,d']);
    expect(verdict).toMatchObject({
      decision: 'pass',
      reason: 'burst_read',
      detail: { droppedOutsideMatch: ['obligation o3: zz', 'callback d→nowhere', 'boundary topic: b'] },
    });
    const r = context.state.timeline!.reading!;
    expect(r.obligations.map((o) => [o.id, o.primary])).toEqual([
      ['o1', false],
      ['o2', true],
    ]);
    expect(r.callbacks).toEqual([
      { messageId: 'c', refersTo: 'b', certainty: 'explicit' },
      { messageId: 'd', refersTo: 'a', certainty: 'probable' },
    ]);
    expect(r.topics).toEqual(['hiking']);
    expect(r.boundaries.map((b) => b.messageId)).toEqual(['a']);
  });
  it('timeline: with no primary marked, the first obligation is primary', async () => {
    const m = testMatch([msg('a', 'user', 0), msg('b', 'match', 1)]);
    const context = testContext(m, 2, {
      skills: skills({ reading: reading({ obligations: [obligation({ id: 'o1', primary: false }), obligation({ id: 'o2', primary: false })] }) }),
    });
    await timelineGate.run(context);
    expect(context.state.timeline!.reading!.obligations.map((o) => o.primary)).toEqual([true, false]);
  });
});

describe('match, property and profile gates', () => {
  it('match: one root match; the state must carry its id', async () => {
    const m = testMatch([msg('a', 'match', 0)], { summary: 'private', aiGenerations: [] });
    expect(await matchGate.run(testContext(m, 1))).toMatchObject({
      decision: 'pass',
      detail: { matchId: 'm-1', messages: 1, nonAuthoritative: { summary: true, aiGenerations: 0 } },
    });
    const context = testContext(m, 1);
    await expect(matchGate.run({ ...context, state: { ...context.state, matchId: 'other' } })).rejects.toThrow('pipeline state carries match');
  });
  it('property: a label applies to the exact observed value only (strings by trimmed case-insensitive equality)', async () => {
    const m = testMatch([], { details: { smoking: 'Never ', age: 31, pets: null } });
    const wiki = {
      entries: [
        { path: 'details.smoking', value: 'never', interpretation: 'i', label: 'good' as const, note: '' },
        { path: 'details.age', value: 30, interpretation: 'i', label: 'bad' as const, note: '' },
        { path: 'details.age', value: null, interpretation: 'i', label: 'bad' as const, note: '' },
        { path: 'details.pets', value: null, interpretation: 'i', label: 'blocker' as const, note: '' },
        { path: 'details.job', value: null, interpretation: 'i', label: 'good' as const, note: '' },
      ],
    };
    const context = testContext(m, 1, { wiki });
    expect(await propertyGate.run(context)).toMatchObject({ decision: 'pass', reason: 'interpretations_resolved' });
    expect(context.state.propertyInterpretations.map((i) => i.applies)).toEqual([true, false, true, false, false]);
    expect(await propertyGate.run(testContext(m, 1))).toMatchObject({ reason: 'no_interpretation_applies' });
  });
  it('profile: only verified, disclosable facts are selected; relevance follows the topics read', async () => {
    const profile: Profile = {
      facts: [fact({}), fact({ id: 'work', topics: ['work'] }), fact({ id: 'u', verified: false }), fact({ id: 'p', disclosable: false })],
      classifications: [],
      privateNotes: [],
    };
    const context = testContext(testMatch([]), 1, { profile });
    expect(await profileGate.run(context)).toMatchObject({
      reason: 'facts_selected',
      detail: {
        selected: ['hiking', 'work'],
        relevant: ['hiking', 'work'],
        excluded: [
          { id: 'u', reason: 'unverified' },
          { id: 'p', reason: 'not_disclosable' },
        ],
      },
    });
    context.state.timeline = {
      burst: [],
      matchBurst: [],
      answered: false,
      explicitCallbacks: [],
      reading: reading({ topics: [], obligations: [obligation({ needsUserFact: 'Work' })] }),
    };
    expect(await profileGate.run(context)).toMatchObject({ detail: { relevant: ['work'] } });
    expect(await profileGate.run(testContext(testMatch([]), 1))).toMatchObject({ reason: 'no_disclosable_facts' });
  });
});

describe('router gate', () => {
  const routed = async (messages: ReturnType<typeof msg>[], atHours: number, over: Parameters<typeof testContext>[2] = {}, read?: BurstReading) => {
    const context = testContext(testMatch(messages), atHours, { ...over, skills: read ? skills({ reading: read }) : null });
    const verdict = await through(context, propertyGate, timelineGate, eventGate, profileGate, routerGate);
    return { verdict, context };
  };
  it('router: only en and lt are written; a regional tag is read by its language', async () => {
    const context = testContext(testMatch([], { language: 'de-DE' }), 1);
    await eventGate.run(context);
    expect(await routerGate.run(context)).toMatchObject({ decision: 'stop', reason: 'unsupported_language', stop: { resultType: 'clarification' } });
    for (const [tag, language] of [
      ['en-US', 'en'],
      ['lt-LT', 'lt'],
      ['LT', 'lt'],
      ['en_GB', 'en'],
    ] as const) {
      const regional = testContext(testMatch([], { language: tag }), 1);
      await eventGate.run(regional);
      expect(await routerGate.run(regional)).toMatchObject({ decision: 'pass' });
      expect(regional.state.route?.language).toBe(language);
    }
  });
  it('router: an opener is light with no obligations; the ruleset follows the task', async () => {
    const { verdict, context } = await routed([], 1);
    expect(verdict).toMatchObject({ decision: 'pass', reason: 'route_settled' });
    expect(context.state.route).toMatchObject({ task: 'opener', ruleset: 'opener', effort: 'light', language: 'en', obligations: [], boundaries: [] });
  });
  it('router: a reply after a call to action follows the CTA ruleset; effort grows with obligations', async () => {
    const three = reading({ obligations: [obligation({ id: 'o1' }), obligation({ id: 'o2', primary: false }), obligation({ id: 'o3', primary: false })] });
    const { context } = await routed([msg('a', 'user', 0), msg('b', 'match', 1)], 2, {}, three);
    expect(context.state.route).toMatchObject({ ruleset: 'reply', effort: 'deep' });
    const two = reading({ obligations: [obligation({ id: 'o1' }), obligation({ id: 'o2', primary: false })] });
    expect((await routed([msg('a', 'user', 0), msg('b', 'match', 1)], 2, {}, two)).context.state.route).toMatchObject({ effort: 'standard' });
    const cta = testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1)], { status: 'cta' }), 2, { skills: skills({ reading: reading() }) });
    await through(cta, timelineGate, eventGate, profileGate, routerGate);
    expect(cta.state.route).toMatchObject({ ruleset: 'cta_follow_up', effort: 'light' });
  });
  it('router: a Wiki blocker that applies closes; a photo in the unanswered burst asks what it shows', async () => {
    const wiki = { entries: [{ path: 'details.smoking', value: null, interpretation: 'i', label: 'blocker' as const, note: '' }] };
    const blocked = testContext(testMatch([], { details: { smoking: 'often' } }), 1, { wiki });
    expect(await through(blocked, propertyGate, timelineGate, eventGate, profileGate, routerGate)).toMatchObject({
      reason: 'blocker_applies',
      stop: { resultType: 'close' },
    });
    const { verdict } = await routed([msg('a', 'user', 0), msg('b', 'match', 1, 'look', { kind: 'photo' })], 2, {}, reading());
    expect(verdict).toMatchObject({ reason: 'photo_in_burst', stop: { resultType: 'clarification' }, detail: { photos: ['b'] } });
  });
  it('router: an unread burst needs the model; a question about the user no fact answers asks for the fact', async () => {
    const { verdict } = await routed([msg('a', 'user', 0), msg('b', 'match', 1)], 2);
    expect(verdict).toMatchObject({ decision: 'needs_model', reason: 'obligations_need_model' });
    const asks = reading({ obligations: [obligation({ needsUserFact: 'Work' })] });
    expect((await routed([msg('a', 'user', 0), msg('b', 'match', 1)], 2, {}, asks)).verdict).toMatchObject({
      reason: 'missing_user_fact',
      detail: { topic: 'Work', obligation: 'o1' },
    });
    const profile: Profile = { facts: [fact({ id: 'w', topics: ['work'] })], classifications: [], privateNotes: [] };
    expect((await routed([msg('a', 'user', 0), msg('b', 'match', 1)], 2, { profile }, asks)).verdict).toMatchObject({ reason: 'route_settled' });
  });
  it('router: the route carries every topic ruled out in the thread, from the boundary ledger', async () => {
    const { context } = await routed(
      [msg('a', 'match', 0, "Let's not talk about my ex."), msg('b', 'user', 1), msg('c', 'match', 2, 'So?')],
      3,
      {},
      reading({
        obligations: [obligation({ messageId: 'c' })],
        rulings: [{ messageId: 'a', sets: 'topic', why: 'meant', pauseDays: null, avoidTerms: ['ex'] }],
      }),
    );
    expect(context.state.route!.boundaries.map((b) => [b.messageId, b.avoidTerms])).toEqual([['a', ['ex']]]);
  });
  it('router: reaching it without an eligible task is a bug, not a stop', async () => {
    const context = testContext(testMatch([]), 1);
    await expect(routerGate.run(context)).rejects.toThrow('without an eligible task');
  });
});

describe('strategy gate', () => {
  const plan = (over: Partial<Strategy> = {}): Strategy => ({
    analysisSummary: 's',
    primaryMove: 'm',
    architecture: 'a',
    topicPlan: [],
    pressure: 'low',
    hookFactId: null,
    directions: ['direct_answer_and_callback', 'playful_shared_premise', 'optional_social_exchange'],
    ...over,
  });
  const planned = async (strategy: Strategy | null, messages = [msg('a', 'user', 0), msg('b', 'match', 1)], atHours = 2) => {
    const profile: Profile = { facts: [fact({})], classifications: [], privateNotes: [] };
    const context = testContext(testMatch(messages), atHours, {
      profile,
      skills: skills({ reading: reading(), ...(strategy ? { strategy } : { strategyFails: true }) }),
    });
    const verdict = await through(context, timelineGate, eventGate, profileGate, routerGate, strategyGate);
    return { verdict, context };
  };
  it('strategy: a plan of three eligible directions passes into the state', async () => {
    const { verdict, context } = await planned(plan({ hookFactId: 'hiking' }));
    expect(verdict).toMatchObject({
      decision: 'pass',
      reason: 'strategy_planned',
      detail: { directions: ['direct_answer_and_callback', 'playful_shared_premise', 'optional_social_exchange'], ineligible: [] },
    });
    expect(context.state.strategy?.hookFactId).toBe('hiking');
  });
  it('strategy: repeated or ineligible directions do not count; a hook outside the selected facts fails; a failed plan holds', async () => {
    const few = await planned(plan({ directions: ['direct_answer_and_callback', 'direct_answer_and_callback', 'unusual_opener_presentation'] }));
    expect(few.verdict).toMatchObject({
      reason: 'strategy_incomplete',
      detail: { problems: [{ kind: 'too_few_directions', count: 1 }], ineligible: ['unusual_opener_presentation'] },
    });
    expect((await planned(plan({ hookFactId: 'salary' }))).verdict).toMatchObject({
      detail: { problems: [{ kind: 'hook_not_selected', hookFactId: 'salary' }] },
    });
    expect((await planned(null)).verdict).toMatchObject({ decision: 'stop', reason: 'strategy_failed', stop: { resultType: 'hold' } });
  });
  it('strategy: high pressure fails after silence, not in an ordinary reply', async () => {
    expect((await planned(plan({ pressure: 'high' }))).verdict).toMatchObject({ decision: 'pass' });
    const reEntry = await planned(
      plan({ pressure: 'high', directions: ['playful_shared_premise', 'optional_social_exchange', 'acknowledge_and_specific_question'] }),
      [msg('a', 'match', 0), msg('b', 'user', 1)],
      80,
    );
    expect(reEntry.verdict).toMatchObject({ reason: 'strategy_incomplete', detail: { problems: [{ kind: 'pressure_after_pause', ruleset: 're_entry' }] } });
  });
  it('strategy: without a route or skills it needs the model', async () => {
    expect(await strategyGate.run(testContext(testMatch([]), 1))).toMatchObject({ decision: 'needs_model' });
  });
});

describe('every gate records under its own name', () => {
  it.each([
    [matchGate, 'match'],
    [propertyGate, 'property'],
    [timelineGate, 'timeline'],
    [eventGate, 'event'],
    [profileGate, 'profile'],
    [routerGate, 'router'],
    [strategyGate, 'strategy'],
  ] as const)('%#: %s', (gate, name) => {
    expect(gate.name).toBe(name);
  });
});

describe('match gate', () => {
  it('records the match it was given and which private context it keeps aside', async () => {
    expect(await matchGate.run(testContext(testMatch([msg('a', 'user', 0)]), 1))).toEqual({
      decision: 'pass',
      reason: 'one_root_match',
      detail: { matchId: 'm-1', messages: 1, nonAuthoritative: { summary: false, aiGenerations: 0 } },
    });
    const summarised = testContext(testMatch([], { summary: 'Met at a climbing gym.' }), 1);
    expect(await matchGate.run(summarised)).toMatchObject({ detail: { nonAuthoritative: { summary: true } } });
  });
  it('a blank match id, or state built for another match, is a bug and throws', async () => {
    await expect(matchGate.run(testContext(testMatch([], { id: '  ' }), 1))).rejects.toThrow('pipeline state carries match');
    const other = testContext(testMatch([]), 1);
    await expect(matchGate.run({ ...other, state: { ...other.state, matchId: 'm-2' } })).rejects.toThrow('"m-2" for match "m-1"');
  });
});

describe('property gate: a Wiki value applies only to the same observed value', () => {
  const applies = async (value: string | number | boolean, observed: string | number | boolean) => {
    const wiki = { entries: [{ path: 'details.k', value, interpretation: 'i', label: 'good' as const, note: '' }] };
    const context = testContext(testMatch([], { details: { k: observed } }), 1, { wiki });
    await propertyGate.run(context);
    return context.state.propertyInterpretations[0]!.applies;
  };
  it('strings compare trimmed and without case', async () => {
    expect(await applies(' Never ', 'never')).toBe(true);
    expect(await applies('never', ' NEVER ')).toBe(true);
    expect(await applies('never', 'often')).toBe(false);
  });
  it('numbers and booleans compare exactly, and never equal a string', async () => {
    expect(await applies(30, 30)).toBe(true);
    expect(await applies(true, true)).toBe(true);
    expect(await applies(30, 31)).toBe(false);
    expect(await applies(30, '30')).toBe(false);
    expect(await applies('30', 30)).toBe(false);
  });
});

describe('profile gate: relevance', () => {
  const profile: Profile = {
    facts: [fact({ id: 'outdoors', topics: ['hiking', 'camping'] }), fact({ id: 'work', topics: ['work'] })],
    classifications: [],
    privateNotes: [],
  };
  const withReading = (read: BurstReading) => {
    const context = testContext(testMatch([]), 1, { profile });
    context.state.timeline = { burst: [], matchBurst: [], answered: false, explicitCallbacks: [], reading: read };
    return context;
  };
  it('a fact is relevant when any one of its topics is touched', async () => {
    expect(await profileGate.run(withReading(reading({ topics: ['hiking'] })))).toMatchObject({ decision: 'pass', detail: { relevant: ['outdoors'] } });
  });
  it('obligations that need no fact of the user add no topic: every selected fact stays relevant', async () => {
    expect(await profileGate.run(withReading(reading({ topics: [], obligations: [obligation({ needsUserFact: null })] })))).toMatchObject({
      decision: 'pass',
      detail: { relevant: ['outdoors', 'work'] },
    });
  });
});

describe('strategy gate: what the plan is asked with', () => {
  const route: Route = {
    task: 'reply',
    language: 'en',
    effort: 'standard',
    ruleset: 'reply',
    obligations: [],
    boundaries: [],
    eligibleDirections: ['direct_answer_and_callback', 'playful_shared_premise', 'optional_social_exchange'],
  };
  const strategy: Strategy = {
    analysisSummary: 's',
    primaryMove: 'm',
    architecture: 'a',
    topicPlan: [],
    pressure: 'low',
    hookFactId: null,
    directions: [...route.eligibleDirections],
  };
  const asking = (over: { strategy?: Strategy; strategyFails?: boolean; profile?: Profile } = {}) => {
    const inputs: unknown[] = [];
    const base = skills({ strategy: over.strategy ?? strategy, ...(over.strategyFails ? { strategyFails: true } : {}) });
    const context = testContext(testMatch([]), 1, {
      ...(over.profile ? { profile: over.profile } : {}),
      skills: { ...base, planStrategy: (input) => (inputs.push(input), base.planStrategy(input)) },
    });
    return { context, inputs };
  };
  it('with skills but no route it needs the model, and asks nothing', async () => {
    const { context, inputs } = asking();
    expect(await strategyGate.run(context)).toEqual({ decision: 'needs_model', reason: 'strategy_needs_model' });
    expect(inputs).toEqual([]);
  });
  it('with no event read and no burst read: an active conversation, no topics', async () => {
    const { context, inputs } = asking();
    context.state.route = route;
    expect(await strategyGate.run(context)).toMatchObject({ decision: 'pass', reason: 'strategy_planned' });
    expect(inputs[0]).toMatchObject({ ruleset: 'reply', eventState: 'active', topics: [], eligibleDirections: route.eligibleDirections });
  });
  it('a timeline whose burst was not read: no topics', async () => {
    const { context, inputs } = asking();
    context.state.route = route;
    context.state.timeline = { burst: [], matchBurst: [], answered: true, explicitCallbacks: [], reading: null };
    await strategyGate.run(context);
    expect(inputs[0]).toMatchObject({ topics: [] });
  });
  it('the event state and the topics read, when there are', async () => {
    const { context, inputs } = asking();
    context.state.route = route;
    context.state.event = { state: 'ghosted', task: 're_entry', stop: null, reason: 're_entry_due', reEntries: 0 };
    context.state.timeline = { burst: [], matchBurst: [], answered: false, explicitCallbacks: [], reading: reading({ topics: ['hiking'] }) };
    await strategyGate.run(context);
    expect(inputs[0]).toMatchObject({ eventState: 'ghosted', topics: ['hiking'] });
  });
  it('a failed plan names the strategy step in the hold', async () => {
    const { context } = asking({ strategyFails: true });
    context.state.route = route;
    const verdict = await strategyGate.run(context);
    expect(verdict.decision === 'stop' && verdict.stop.analysisSummary).toContain('Planning the replies could not be completed (the model took too long)');
  });
  it('high pressure after a proposed plan fails; low pressure after a silence passes', async () => {
    const { context } = asking({ strategy: { ...strategy, pressure: 'high' } });
    context.state.route = { ...route, ruleset: 'cta_follow_up' };
    expect(await strategyGate.run(context)).toMatchObject({
      reason: 'strategy_incomplete',
      detail: { problems: [{ kind: 'pressure_after_pause', ruleset: 'cta_follow_up' }] },
    });
    const quiet = asking({ strategy: { ...strategy, pressure: 'low' } });
    quiet.context.state.route = { ...route, ruleset: 're_entry' };
    expect(await strategyGate.run(quiet.context)).toMatchObject({ decision: 'pass' });
  });
  it('a hook on any one of several selected facts is permitted', async () => {
    const profile: Profile = { facts: [fact({}), fact({ id: 'work', topics: ['work'] })], classifications: [], privateNotes: [] };
    const { context } = asking({ strategy: { ...strategy, hookFactId: 'work' }, profile });
    await profileGate.run(context);
    context.state.route = route;
    expect(await strategyGate.run(context)).toMatchObject({ decision: 'pass', detail: { hookFactId: 'work' } });
  });
});
