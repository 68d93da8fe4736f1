import { describe, expect, it } from 'vitest';
import type { ModelCallRecord, TaskResult } from '../model/index.js';
import { assembleSuggestions, causes } from './assemble-suggestions.js';
import { auditRound, type AuditedRound } from './audit-round.js';
import type { AuditRecord } from '../evidence/audit-record.js';
import type { Candidate } from './audits/audit.js';
import { draftRound } from './draft-round.js';
import { auditContextOf, draftingPlan, type DraftingPlan } from './drafting-plan.js';
import { defineGate, type GateVerdict } from './gate.js';
import { redraft, redraftDirections } from './redraft.js';
import { runGates } from './run-gates.js';
import { draftsSchema, type Direction, type Draft, type Review } from './skill-schemas.js';
import { stopCopy } from './stop-copy.js';
import { stopState } from './suggestion-result.js';
import type { DraftInput, ReviewInput, SuggestSkills } from './suggest-skills.js';
import { GATES } from './suggest-replies.js';
import { fixtureInputs, testContext, testMatch, testMessage } from './testing.js';

/** Each phase of the suggestion pipeline alone: gates, plan, draft, audit, redraft, result. */

const call = (task: string, outcome: ModelCallRecord['outcome'] = 'ok'): ModelCallRecord => ({
  task,
  promptName: `built-in:${task}`,
  promptHash: 'sha256:0',
  modelId: null,
  startedAt: '2026-11-01T12:00:00.000Z',
  latencyMs: 0,
  inputTokens: null,
  outputTokens: null,
  outcome,
});

/** The happy-path recording, run through its gates: the plan its drafts are written and audited under. */
async function happyPlan(): Promise<{ plan: DraftingPlan; drafts: Draft[] }> {
  const { match, wiki, profile, skills, now, fixture } = fixtureInputs('en-active-reply-happy-path');
  const context = testContext(match, 0, { wiki, profile, skills, now });
  const gates = await runGates(GATES, context);
  const plan = draftingPlan(context, gates.needsModel);
  if (!plan) throw new Error('the happy path has a plan');
  return { plan, drafts: draftsSchema.parse(fixture.model_outputs!['suggest.draft']![0]).candidates };
}

/** The plan with its review answering `review` for the candidates it is shown (and recording them). */
function reviewing(plan: DraftingPlan, review: (input: ReviewInput) => TaskResult<Review>, seen: number[][] = []): DraftingPlan {
  const skills: SuggestSkills = {
    ...plan.skills,
    reviewCandidates: async (input) => {
      seen.push(input.candidates.map((c) => c.index));
      return review(input);
    },
  };
  return { ...plan, skills };
}
const passAll = (input: ReviewInput): TaskResult<Review> => ({
  ok: true,
  call: call('suggest.review'),
  value: {
    verdicts: input.candidates.map((c) => ({
      index: c.index,
      privacy: 'clean',
      privateJudgements: [],
      implication: 'clean',
      obligations: 'handled',
      conduct: 'clean',
      language: 'correct',
      drafting: [],
      reason: 'fine',
    })),
  },
});

describe('gates phase', () => {
  const pass = (name: (typeof GATES)[number]['name'], ran: string[], verdict: GateVerdict = { decision: 'pass', reason: 'ok' }) =>
    defineGate(name, () => {
      ran.push(name);
      return verdict;
    });
  const context = () => testContext(testMatch([testMessage('a', 'match', 0)]), 1);

  it('the first stop ends the phase: later gates do not run, and the stop is the outcome', async () => {
    const ran: string[] = [];
    const hold = stopState('hold', 'Wait.');
    const outcome = await runGates(
      [pass('match', ran), pass('property', ran, { decision: 'stop', reason: 'halt', stop: hold }), pass('timeline', ran)],
      context(),
    );
    expect(ran).toEqual(['match', 'property']);
    expect(outcome.stop).toBe(hold);
    expect(outcome.records.map((r) => [r.gate, r.decision, r.reason])).toEqual([
      ['match', 'pass', 'ok'],
      ['property', 'stop', 'halt'],
    ]);
  });

  it('a gate that needs a model is recorded and the others still run', async () => {
    const ran: string[] = [];
    const outcome = await runGates([pass('match', ran, { decision: 'needs_model', reason: 'no_model' }), pass('property', ran)], context());
    expect(ran).toEqual(['match', 'property']);
    expect(outcome).toMatchObject({ stop: null, needsModel: true });
  });
});

describe('plan phase', () => {
  it('no plan without a model: a gate that needed one, or no skills', async () => {
    const { match, wiki, profile, skills, now } = fixtureInputs('en-active-reply-happy-path');
    const context = testContext(match, 0, { wiki, profile, skills, now });
    const gates = await runGates(GATES, context);
    expect(draftingPlan(context, true)).toBeNull();
    expect(draftingPlan({ ...context, skills: null }, gates.needsModel)).toBeNull();
    expect(draftingPlan(context, gates.needsModel)).not.toBeNull();
  });

  it('the plan reads what the gates settled: route, strategy, the brief, and the private material the audits guard', async () => {
    const { plan } = await happyPlan();
    expect(plan.brief.language).toBe(plan.route.language);
    expect(plan.strategy.directions.length).toBeGreaterThanOrEqual(3);
    expect(plan.material.texts.join(' ')).toContain('asthma');
    expect(auditContextOf(plan, [])).toMatchObject({ copyLanguage: 'en', analysisLanguage: 'en', kept: [] });
  });
});

describe('draft phase', () => {
  it('drafts from the brief, the strategy and the directions — never the raw Match', async () => {
    const { plan } = await happyPlan();
    let seen: DraftInput | undefined;
    const skills: SuggestSkills = {
      ...plan.skills,
      draftCandidates: async (input) => ((seen = input), { ok: false, reason: 'timeout', call: call('suggest.draft', 'timeout') }),
    };
    const drafted = await draftRound({ ...plan, skills }, { directions: ['playful_shared_premise'], failed: [], kept: ['kept text'] });
    expect(drafted.ok).toBe(false);
    expect(Object.keys(seen!)).toEqual([...Object.keys(plan.brief), 'strategy', 'directions', 'failed', 'kept']);
    expect(seen).toMatchObject({ strategy: plan.strategy, directions: ['playful_shared_premise'], kept: ['kept text'] });
  });
});

describe('audit phase', () => {
  it('the recorded drafts all pass: every code audit and the review, one record each', async () => {
    const { plan, drafts } = await happyPlan();
    const round = await auditRound(reviewing(plan, passAll), drafts, 1, { firstIndex: 0, keptBefore: [] });
    expect(round.kept.map((c) => c.index)).toEqual([0, 1, 2, 3]);
    expect(round.failed).toEqual([]);
    expect(round.candidates.every((c) => c.kept && c.round === 1)).toBe(true);
    expect(round.calls.map((c) => c.task)).toEqual(['suggest.review']);
    expect(round.audits.filter((a) => a.candidate === 0).map((a) => a.audit)).toEqual([
      'schema',
      'language',
      'conduct',
      'privacy',
      'implication',
      'obligations',
      'diversity',
      'privacy',
      'implication',
      'obligations',
      'conduct',
      'language',
      'drafting',
    ]);
  });

  it('a candidate failing a code audit is never sent for review, and its failures go to the redraft', async () => {
    const { plan, drafts } = await happyPlan();
    const seen: number[][] = [];
    const invitation = { ...drafts[1]!, text: "Let's grab a coffee and talk about it?" };
    const round = await auditRound(reviewing(plan, passAll, seen), [drafts[0]!, invitation, drafts[2]!], 1, { firstIndex: 0, keptBefore: [] });
    expect(seen).toEqual([[0, 2]]);
    expect(round.kept.map((c) => c.index)).toEqual([0, 2]);
    expect(round.failed).toEqual([
      { direction: invitation.direction, text: invitation.text, failures: expect.arrayContaining(['conduct: in_person_invitation']) },
    ]);
    expect(round.candidates.map((c) => c.kept)).toEqual([true, false, true]);
  });

  it('W2: nothing unreviewed is kept — an unavailable review fails every candidate that passed the code audits', async () => {
    const { plan, drafts } = await happyPlan();
    const down = reviewing(plan, () => ({ ok: false, reason: 'timeout', call: call('suggest.review', 'timeout') }));
    const round = await auditRound(down, drafts, 1, { firstIndex: 0, keptBefore: [] });
    expect(round.kept).toEqual([]);
    expect(round.failed).toHaveLength(drafts.length);
    expect(round.audits.filter((a) => a.by === 'model_review').every((a) => !a.passed && a.findings[0]?.code === 'review_unavailable:timeout')).toBe(true);
  });

  it('the second round numbers on from the first and is audited against what the first kept', async () => {
    const { plan, drafts } = await happyPlan();
    const keptBefore: Candidate[] = [{ index: 0, round: 1, draft: drafts[0]! }];
    const round = await auditRound(reviewing(plan, passAll), [drafts[0]!], 2, { firstIndex: 4, keptBefore });
    expect(round.candidates).toMatchObject([{ index: 4, round: 2, kept: false }]);
    expect(round.failed[0]?.failures).toEqual(expect.arrayContaining(['diversity: direction_repeated', 'diversity: same_reply_reworded']));
    expect(round.calls).toEqual([]);
  });
});

describe('redraft phase', () => {
  const draft = (direction: Direction): Draft => ({ direction, text: direction, rationale: 'r', handles: [], claims: [] });
  const candidate = (index: number, direction: Direction): Candidate => ({ index, round: 1, draft: draft(direction) });
  const round = (kept: Candidate[], failed: number): AuditedRound => ({
    kept,
    failed: Array.from({ length: failed }, () => ({ direction: 'playful_shared_premise' as const, text: 'x', failures: ['conduct: in_person_invitation'] })),
    audits: [],
    candidates: [],
    calls: [],
  });

  it('directions: the strategy’s, then the route’s others, none a kept candidate took, one per failure', () => {
    const plan = {
      strategy: { directions: ['direct_answer_and_callback', 'playful_shared_premise'] } as DraftingPlan['strategy'],
      route: {
        eligibleDirections: ['playful_shared_premise', 'optional_social_exchange', 'acknowledge_and_specific_question'],
      } as unknown as DraftingPlan['route'],
    };
    const kept = [candidate(0, 'direct_answer_and_callback')];
    expect(redraftDirections(plan, kept, 2)).toEqual(['playful_shared_premise', 'optional_social_exchange']);
    expect(redraftDirections(plan, kept, 1)).toEqual(['playful_shared_premise']);
    const five = ['a', 'b', 'c', 'd', 'e'].map((_, i) => candidate(i, 'unusual_opener_presentation'));
    expect(redraftDirections(plan, five, 3)).toEqual([]);
  });

  it('no failure, no redraft; a redraft that cannot draft adds only its call', async () => {
    const { plan } = await happyPlan();
    let drafts = 0;
    const failing = {
      ...plan,
      skills: {
        ...plan.skills,
        draftCandidates: async () => (drafts++, { ok: false as const, reason: 'timeout' as const, call: call('suggest.draft', 'timeout') }),
      },
    };
    expect(await redraft(failing, round([], 0))).toEqual({ calls: [], round: null, drafted: 0 });
    expect(drafts).toBe(0);
    expect(await redraft(failing, round([], 2))).toEqual({ calls: [call('suggest.draft', 'timeout')], round: null, drafted: 0 });
    expect(drafts).toBe(1);
  });
});

describe('result phase', () => {
  const copy = stopCopy('en');
  const plan = async () => (await happyPlan()).plan;
  const kept = (drafts: Draft[]) => drafts.map((draft, index): Candidate => ({ index, round: 1, draft }));

  it('fewer than three kept is a hold that counts the dropped candidates by audit', async () => {
    const failedPrivacy: AuditRecord = {
      audit: 'privacy',
      candidate: 1,
      round: 1,
      by: 'code',
      passed: false,
      findings: [{ code: 'private_wording', detail: 'x' }],
    };
    const { plan: p, drafts } = await happyPlan();
    const assembled = assembleSuggestions(p, kept(drafts.slice(0, 2)), { drafted: 3, audits: [failedPrivacy, { ...failedPrivacy, by: 'model_review' }], copy });
    expect(assembled.result).toMatchObject({ resultType: 'hold', suggestions: [] });
    expect(assembled.result.analysisSummary).toContain(causes([failedPrivacy], copy));
    expect(causes([failedPrivacy, { ...failedPrivacy, by: 'model_review' }], copy)).toBe(`${copy.auditNames.privacy}: 1`);
    expect(assembled.audits).toEqual([]);
  });

  it('at most five, trimmed, with the summary’s checks and the result’s shape recorded', async () => {
    const { drafts } = await happyPlan();
    const six = [...drafts, ...drafts.slice(0, 2)].map((d) => ({ ...d, text: ` ${d.text} ` }));
    const assembled = assembleSuggestions(await plan(), kept(six), { drafted: 6, audits: [], copy });
    expect(assembled.result.suggestions).toHaveLength(5);
    expect(assembled.result.suggestions[0]!.text).toBe(drafts[0]!.text.trim());
    expect(assembled.audits.map((a) => [a.audit, a.candidate, a.passed])).toEqual([
      ['language', null, true],
      ['privacy', null, true],
      ['conduct', null, true],
      ['schema', null, true],
    ]);
  });
});
