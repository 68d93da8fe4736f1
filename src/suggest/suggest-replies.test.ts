import { describe, expect, it } from 'vitest';
import { GATE_NAMES } from '../evidence/gate-record.js';
import { scriptedSkills } from './scripted-skills.js';
import { SKILL_TASKS } from './suggest-skills.js';
import { MAX_MODEL_CALLS, suggestReplies } from './suggest-replies.js';
import { fixtureInputs } from './testing.js';

const happy = () => fixtureInputs('en-active-reply-happy-path');
type Outputs = NonNullable<ReturnType<typeof happy>['fixture']['model_outputs']>;
const withOutputs = (change: (o: Outputs) => Outputs) => {
  const inputs = happy();
  const outputs = change(structuredClone(inputs.fixture.model_outputs!));
  return { ...inputs, ...scriptedSkills(outputs) };
};

describe('suggestion pipeline', () => {
  it('gates: the seven gates run in order and each leaves a record with its decision and reason', async () => {
    const { evidence } = await suggestReplies(happy());
    expect(evidence.gates.map((g) => g.gate)).toEqual([...GATE_NAMES]);
    for (const g of evidence.gates) expect(g).toMatchObject({ decision: 'pass', reason: expect.any(String) });
  });

  it('W7: only the reviewer is shown private material; burst, strategy and drafting prompts never carry it', async () => {
    const { models, ...inputs } = withOutputs((o) => o);
    await suggestReplies({ ...inputs });
    const sent = (task: string) => JSON.stringify(models[task]!.doGenerateCalls.map((c) => c.prompt));
    for (const task of [SKILL_TASKS.readBurst, SKILL_TASKS.planStrategy, SKILL_TASKS.draftCandidates]) {
      for (const secret of ['asthma', 'rushed', 'testing whether you are serious', 'overthinks', 'over-explain', 'earn more']) {
        expect(sent(task), `${task} saw "${secret}"`).not.toContain(secret);
      }
    }
    expect(sent(SKILL_TASKS.reviewCandidates)).toContain('asthma');
  });

  it('audits: a failing candidate is redrafted once — never more, so model calls stay within the bound', async () => {
    const inputs = withOutputs((o) => {
      const bad = o['suggest.draft']![0] as { candidates: { text: string }[] };
      for (const c of bad.candidates) c.text = "Let's grab a coffee and talk about it?";
      return { ...o, 'suggest.draft': [bad] };
    });
    const { result, evidence } = await suggestReplies(inputs);
    // Nothing passed the code audits, so nothing was sent for review: burst, strategy, two drafts.
    expect(evidence.calls.length).toBeLessThanOrEqual(MAX_MODEL_CALLS);
    expect(evidence.calls.map((c) => c.task)).toEqual([
      SKILL_TASKS.readBurst,
      SKILL_TASKS.planStrategy,
      SKILL_TASKS.draftCandidates,
      SKILL_TASKS.draftCandidates,
    ]);
    expect(evidence.calls.filter((c) => c.task === SKILL_TASKS.draftCandidates)).toHaveLength(2);
    expect(result).toMatchObject({ resultType: 'hold', suggestions: [] });
    expect(result.analysisSummary).toContain('invitation or promise');
  });

  it('W2: a drafting failure is a hold, never an unaudited suggestion', async () => {
    const { result, evidence } = await suggestReplies(withOutputs((o) => ({ ...o, 'suggest.draft': ['not json at all'] })));
    expect(result).toMatchObject({ resultType: 'hold', suggestions: [] });
    expect(result.analysisSummary).toContain('Drafting the replies could not be completed (the model gave an unusable answer)');
    expect(evidence.calls.at(-1)).toMatchObject({ task: SKILL_TASKS.draftCandidates, outcome: 'malformed' });
  });

  it('W2: without the model review nothing is shown — unreviewed candidates fail the privacy audit', async () => {
    const { result, evidence } = await suggestReplies(withOutputs((o) => ({ ...o, 'suggest.review': ['{"verdicts": "nope"}'] })));
    expect(result.resultType).toBe('hold');
    expect(evidence.audits.filter((a) => a.by === 'model_review' && !a.passed).map((a) => a.findings[0]?.code)).toContain('review_unavailable:malformed');
    expect(evidence.candidates.every((c) => !c.kept)).toBe(true);
  });

  it('stop states: a stop is never turned into suggestions and no drafting is attempted', async () => {
    for (const name of ['en-boundary-end-contact-closes', 'lt-missing-fact-clarification', 'en-wiki-blocker-closes', 'en-lost-interest-after-re-entry']) {
      const { result, evidence } = await suggestReplies(fixtureInputs(name));
      expect(result.resultType, name).not.toBe('suggestions');
      expect(result.suggestions, name).toEqual([]);
      expect(
        evidence.calls.some((c) => c.task === SKILL_TASKS.draftCandidates),
        name,
      ).toBe(false);
      expect(evidence.gates.at(-1)?.decision, name).toBe('stop');
    }
  });

  it('language: an explicitly requested analysis language holds rationales and summary to it', async () => {
    const inputs = fixtureInputs('lt-reactivated-reply');
    const { result, evidence } = await suggestReplies({ ...inputs, analysisLanguage: 'en' });
    // The recorded rationales are Lithuanian: each now fails the language audit, and the stop is English.
    expect(evidence.audits.some((a) => a.audit === 'language' && a.findings.some((f) => f.detail.startsWith('rationale')))).toBe(true);
    expect(result).toMatchObject({ resultType: 'hold' });
    expect(result.analysisSummary).toMatch(/^Only 0 of/);
  });

  it('language: a summary too short for its language to be identified is not passed by default — Warrant’s own sentence replaces it', async () => {
    const inputs = withOutputs((o) => {
      (o['suggest.strategy']![0] as { analysisSummary: string }).analysisSummary = 'Keep it light.';
      return o;
    });
    const { result, evidence } = await suggestReplies(inputs);
    expect(result.analysisSummary).toBe('4 replies to their latest message, each taking a different direction.');
    expect(evidence.audits.find((a) => a.candidate === null && a.audit === 'language')).toMatchObject({
      passed: false,
      findings: [{ code: 'language_undetermined' }],
    });
  });

  it('drafting: the drafting rules and every ruled-out topic travel in the drafting brief; the reviewer is given the rules too', async () => {
    const { models, ...inputs } = withOutputs((o) => o);
    await suggestReplies({ ...inputs });
    const sent = (task: string) => JSON.stringify(models[task]!.doGenerateCalls.map((c) => c.prompt));
    for (const task of [SKILL_TASKS.draftCandidates, SKILL_TASKS.reviewCandidates]) {
      for (const rule of [
        'generic_biography_request',
        'elaborate_hypothetical',
        'unnecessary_explanation',
        'no_easy_path_forward',
        'attractiveness_judgement',
        'internal_effort',
      ]) {
        expect(sent(task), `${task} lacks ${rule}`).toContain(rule);
      }
    }
  });

  it('boundaries: the ledger is recorded in the evidence, and its topics reach the drafting brief', async () => {
    const topic = fixtureInputs('en-boundary-topic-ruled-out-earlier');
    const { models, ...inputs } = { ...topic, ...scriptedSkills(topic.fixture.model_outputs!) };
    const { evidence } = await suggestReplies(inputs);
    expect(evidence.boundaries).toEqual([expect.objectContaining({ scope: 'topic', messageId: 'e2b', avoidTerms: ['ex'], inForce: true })]);
    const draftInput = JSON.stringify(models[SKILL_TASKS.draftCandidates]!.doGenerateCalls[0]!.prompt);
    expect(draftInput).toContain('e2b');
  });

  it('analysis: a summary that fails the audits is replaced by Warrant’s own sentence', async () => {
    const inputs = withOutputs((o) => {
      const strategy = o['suggest.strategy']![0] as { analysisSummary: string };
      strategy.analysisSummary = 'Per your wiki she is a blocker-free match with a checklist score of 8/10.';
      return o;
    });
    const { result, evidence } = await suggestReplies(inputs);
    expect(result.analysisSummary).toBe('4 replies to their latest message, each taking a different direction.');
    expect(evidence.audits.find((a) => a.candidate === null && !a.passed)?.audit).toBe('privacy');
  });

  it('timeline: obligations and callbacks that point outside the burst or the match are dropped and recorded', async () => {
    const inputs = withOutputs((o) => {
      const burst = o['suggest.burst']![0] as { obligations: { messageId: string }[]; callbacks: { refersTo: string }[] };
      burst.obligations.push({ ...burst.obligations[1]!, id: 'o9', messageId: 'other-match-7' } as never);
      burst.callbacks.push({ messageId: 'e5', refersTo: 'other-match-1', certainty: 'probable' } as never);
      return o;
    });
    const { evidence } = await suggestReplies(inputs);
    const timeline = evidence.gates.find((g) => g.gate === 'timeline')!;
    expect(timeline.detail.droppedOutsideMatch).toEqual(['obligation o9: other-match-7', 'callback e5→other-match-1']);
    expect(evidence.state.obligations).toEqual(['o1', 'o2']);
  });
});
