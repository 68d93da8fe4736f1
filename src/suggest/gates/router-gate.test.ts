import { describe, expect, it } from 'vitest';
import type { EventReading } from '../event-state.js';
import type { PipelineContext, PipelineState } from '../gate.js';
import type { Obligation } from '../skill-schemas.js';
import { testContext, testMatch, testMessage as msg } from '../testing.js';
import { routerGate } from './router-gate.js';

const event = (over: Partial<EventReading> = {}): EventReading => ({
  state: 'active',
  task: 'reply',
  stop: null,
  reason: 'match_wrote_last',
  reEntries: 0,
  ...over,
});
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
type Timeline = NonNullable<PipelineState['timeline']>;
/** A timeline whose match burst is `burst`; `answered` when the user wrote after it. */
const timeline = (burst: Timeline['matchBurst'], over: Partial<Timeline> = {}): Timeline => ({
  burst,
  matchBurst: burst,
  answered: false,
  explicitCallbacks: [],
  reading: null,
  ...over,
});

/** The router alone, on the state earlier gates would leave (each part given, or left empty as the types allow). */
function routerOn(state: Partial<Omit<PipelineState, 'matchId'>>, language = 'en'): PipelineContext {
  const context = testContext(testMatch([], { language }), 1);
  Object.assign(context.state, { event: event(), ...state });
  return context;
}
const burst = (n: number, kind: 'text' | 'photo' = 'text') => Array.from({ length: n }, (_, i) => msg(`b${i}`, 'match', 1 + i / 10, 'hi', { kind }));

describe('router gate: what it records', () => {
  it('router: an unsupported language is recorded with the stop', async () => {
    expect(await routerGate.run(routerOn({}, 'de'))).toMatchObject({ decision: 'stop', reason: 'unsupported_language', detail: { language: 'de' } });
  });
  it('router: a blocker stops and names the paths that apply', async () => {
    const context = routerOn({
      propertyInterpretations: [
        { path: 'details.smoking', observed: 'often', label: 'blocker', applies: true },
        { path: 'details.pets', observed: 'cat', label: 'blocker', applies: false },
        { path: 'details.city', observed: 'Vilnius', label: 'good', applies: true },
      ],
    });
    const verdict = await routerGate.run(context);
    expect(verdict).toMatchObject({ decision: 'stop', reason: 'blocker_applies', stop: { resultType: 'close' }, detail: { blockers: ['details.smoking'] } });
    expect(verdict.decision === 'stop' && verdict.stop.analysisSummary).toContain('(details.smoking)');
  });
  it('router: a photo stops and names only the photos of the burst', async () => {
    const verdict = await routerGate.run(routerOn({ timeline: timeline([msg('b1', 'match', 1), msg('b2', 'match', 1.1, '', { kind: 'photo' })]) }));
    expect(verdict).toMatchObject({ decision: 'stop', reason: 'photo_in_burst', stop: { resultType: 'clarification' }, detail: { photos: ['b2'] } });
  });
  it('router: a question no fact answers stops with a clarification', async () => {
    const context = routerOn({
      timeline: timeline(burst(1), {
        reading: { obligations: [obligation({ needsUserFact: 'work' })], callbacks: [], topics: [], boundaries: [], rulings: [] },
      }),
    });
    expect(await routerGate.run(context)).toMatchObject({
      decision: 'stop',
      reason: 'missing_user_fact',
      stop: { resultType: 'clarification' },
      detail: { language: 'en', task: 'reply', ruleset: 'reply' },
    });
  });
  it('router: an unread burst records the route so far', async () => {
    expect(await routerGate.run(routerOn({ timeline: timeline(burst(1)) }))).toMatchObject({
      decision: 'needs_model',
      detail: { language: 'en', task: 'reply', ruleset: 'reply' },
    });
  });
  it('router: a settled route records its obligations and which of them are required', async () => {
    const obligations = [
      obligation({ id: 'q', kind: 'direct_question' }),
      obligation({ id: 'g', kind: 'greeting', primary: false }),
      obligation({ id: 'd', kind: 'decision', primary: false }),
    ];
    const verdict = await routerGate.run(
      routerOn({ timeline: timeline(burst(1), { reading: { obligations, callbacks: [], topics: [], boundaries: [], rulings: [] } }) }),
    );
    expect(verdict).toEqual({
      decision: 'pass',
      reason: 'route_settled',
      detail: { language: 'en', task: 'reply', ruleset: 'reply', effort: 'deep', obligations: ['q', 'g', 'd'], required: ['q', 'd'] },
    });
  });
  it('router: a question, a disclosure, a correction, a boundary and a decision must be answered; a greeting and anything else need not', async () => {
    const kinds = ['direct_question', 'disclosure', 'correction', 'boundary', 'decision', 'greeting', 'other'] as const;
    const obligations = kinds.map((kind, i) => obligation({ id: kind, kind, primary: i === 0 }));
    const verdict = await routerGate.run(
      routerOn({ timeline: timeline(burst(1), { reading: { obligations, callbacks: [], topics: [], boundaries: [], rulings: [] } }) }),
    );
    expect(verdict).toMatchObject({ decision: 'pass', detail: { required: ['direct_question', 'disclosure', 'correction', 'boundary', 'decision'] } });
  });
});

describe('router gate: the route', () => {
  it.each([
    [
      'opener',
      'active',
      'opener',
      ['unusual_opener_presentation', 'playful_shared_premise', 'true_self_disclosure_and_bridge', 'acknowledge_and_specific_question'],
    ],
    [
      'reply',
      'active',
      'reply',
      [
        'direct_answer_and_callback',
        'acknowledge_and_specific_question',
        'playful_shared_premise',
        'true_self_disclosure_and_bridge',
        'optional_social_exchange',
      ],
    ],
    ['re_entry', 'ghosted', 're_entry', ['playful_shared_premise', 'optional_social_exchange', 'acknowledge_and_specific_question']],
    ['reply', 'cta', 'cta_follow_up', ['direct_answer_and_callback', 'acknowledge_and_specific_question', 'optional_social_exchange']],
  ] as const)('router: a %s in state %s follows the %s ruleset and its directions', async (task, state, ruleset, directions) => {
    const context = routerOn({ event: event({ task, state }) });
    expect(await routerGate.run(context)).toMatchObject({ decision: 'pass', detail: { ruleset } });
    expect(context.state.route).toMatchObject({ task, ruleset, eligibleDirections: directions });
  });
  it('router: without a timeline, a profile or a boundary ledger the route is light, with nothing to answer and no topic ruled out', async () => {
    const context = routerOn({ timeline: null, profile: null, boundaries: null });
    expect(await routerGate.run(context)).toMatchObject({ decision: 'pass', reason: 'route_settled' });
    expect(context.state.route).toMatchObject({ effort: 'light', obligations: [], boundaries: [] });
  });
  it('router: a burst the user already answered leaves nothing to answer, even a photo or what the reader found in it', async () => {
    const reading = { obligations: [obligation({ id: 'q' }), obligation({ id: 'r' })], callbacks: [], topics: [], boundaries: [], rulings: [] };
    const answered = routerOn({ timeline: timeline([...burst(3), msg('p', 'match', 2, '', { kind: 'photo' })], { answered: true, reading }) });
    expect(await routerGate.run(answered)).toMatchObject({ decision: 'pass', reason: 'route_settled', detail: { obligations: [], required: [] } });
    expect(answered.state.route).toMatchObject({ effort: 'light', obligations: [] });
    const unread = routerOn({ timeline: timeline(burst(2), { answered: true }) });
    expect(await routerGate.run(unread)).toMatchObject({ decision: 'pass', reason: 'route_settled' });
  });
  it('router: effort at its edges — three unanswered messages are deep, two standard, one light, whatever the obligations', async () => {
    const effort = async (messages: number, obligations: number) => {
      const reading = {
        obligations: Array.from({ length: obligations }, (_, i) => obligation({ id: `o${i}`, primary: i === 0 })),
        callbacks: [],
        topics: [],
        boundaries: [],
        rulings: [],
      };
      const context = routerOn({ timeline: timeline(burst(messages), { reading }) });
      await routerGate.run(context);
      return context.state.route?.effort;
    };
    expect(await effort(3, 1)).toBe('deep');
    expect(await effort(2, 1)).toBe('standard');
    expect(await effort(1, 1)).toBe('light');
    expect(await effort(1, 2)).toBe('standard');
    expect(await effort(1, 3)).toBe('deep');
  });
});
