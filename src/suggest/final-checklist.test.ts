import { describe, expect, it } from 'vitest';
import { conductFindings } from './audits/conduct-audit.js';
import { privateOverlap } from './audits/privacy-audit.js';
import { privateMaterial } from './audits/private-material.js';
import { GATE_NAMES } from '../evidence/gate-record.js';
import { REQUIRED_OBLIGATION_KINDS } from './gates/router-gate.js';
import { identifyLanguage } from './identify-language.js';
import { latestBurstBy } from './latest-burst.js';
import { scriptedSkills } from './scripted-skills.js';
import { SKILL_TASKS } from './suggest-skills.js';
import { MAX_MODEL_CALLS, suggestReplies } from './suggest-replies.js';
import { suggestionResultSchema } from './suggestion-result.js';
import { SAME_REPLY_SIMILARITY, textSimilarity } from './text-similarity.js';
import { fixtureInputs } from './testing.js';

// The suggestion layer's final checklist, item by item, over every recorded request that ends in suggestions.
const scenarios = [
  'en-active-reply-happy-path',
  'en-seeded-leaked-private-note',
  'en-seeded-shooting-range-claim',
  'en-seeded-in-person-invitation',
  'en-seeded-unsourced-question-premise',
  'en-review-catches-paraphrase',
  'lt-reactivated-reply',
  'lt-seeded-english-copy',
  'lt-ghosted-one-re-entry',
  'lt-cta-follow-up',
  'en-opener-from-profile-details',
];

describe.each(scenarios)('final checklist: %s', (name) => {
  const run = async () => {
    const inputs = fixtureInputs(name);
    const { skills, models } = scriptedSkills(inputs.fixture.model_outputs!);
    const outcome = await suggestReplies({ ...inputs, skills });
    expect(outcome.result.resultType).toBe('suggestions');
    return { ...inputs, ...outcome, models };
  };

  it('checklist: one correct Match ID throughout internal state', async () => {
    const { match, evidence } = await run();
    expect(evidence.matchId).toBe(match.id);
    expect(evidence.gates.find((g) => g.gate === 'match')?.detail.matchId).toBe(match.id);
    const ids = new Set(match.messages.map((m) => m.id));
    for (const c of evidence.candidates) {
      for (const claim of c.claims) if (claim.source.kind === 'match_message' && c.kept) expect(ids.has(claim.source.id)).toBe(true);
    }
  });

  it('checklist: every applicable skill ran, in order', async () => {
    const { evidence, match } = await run();
    expect(evidence.gates.map((g) => g.gate)).toEqual([...GATE_NAMES]);
    // The burst reader applies when the match has written; an opener has nothing to read.
    const applicable = [
      ...(latestBurstBy(match.messages, 'match').length > 0 ? [SKILL_TASKS.readBurst] : []),
      SKILL_TASKS.planStrategy,
      SKILL_TASKS.draftCandidates,
      SKILL_TASKS.reviewCandidates,
    ];
    expect(evidence.calls.slice(0, applicable.length).map((c) => c.task)).toEqual(applicable);
    expect(evidence.calls.every((c) => c.outcome === 'ok')).toBe(true);
  });

  it('checklist: no unresolved stop condition', async () => {
    const { evidence } = await run();
    expect(evidence.gates.every((g) => g.decision === 'pass')).toBe(true);
    expect(evidence.needsModel).toBe(false);
  });

  it('checklist: the complete latest turn was understood', async () => {
    const { match, models } = await run();
    const burst = latestBurstBy(match.messages, 'match');
    if (burst.length === 0) {
      expect(models[SKILL_TASKS.readBurst]).toBeUndefined();
      return;
    }
    const sent = JSON.stringify(models[SKILL_TASKS.readBurst]!.doGenerateCalls[0]!.prompt);
    for (const m of burst) expect(sent).toContain(JSON.stringify(m.text).slice(1, -1));
  });

  it('checklist: all response obligations handled', async () => {
    const { evidence } = await run();
    const required = evidence.gates.find((g) => g.gate === 'router')!.detail.required as string[];
    for (const c of evidence.candidates.filter((c) => c.kept)) for (const id of required) expect(c.handles).toContain(id);
    expect(REQUIRED_OBLIGATION_KINDS.has('direct_question')).toBe(true);
  });

  it('checklist: current event and retry limits obeyed', async () => {
    const { evidence } = await run();
    expect(evidence.state.task).not.toBeNull();
    expect(evidence.calls.length).toBeLessThanOrEqual(MAX_MODEL_CALLS);
    expect(evidence.calls.filter((c) => c.task === SKILL_TASKS.draftCandidates).length).toBeLessThanOrEqual(2);
    expect(evidence.gates.find((g) => g.gate === 'event')!.detail.reEntries as number).toBeLessThanOrEqual(0);
  });

  it('checklist: language correct', async () => {
    const { match, result } = await run();
    for (const text of [result.analysisSummary, ...result.suggestions.flatMap((s) => [s.text, s.rationale])]) {
      expect([match.language, 'undetermined'], text).toContain(identifyLanguage(text).language);
    }
  });

  it('checklist: factual implication audit clean', async () => {
    const { evidence } = await run();
    const kept = new Set(evidence.candidates.filter((c) => c.kept).map((c) => c.index));
    const records = evidence.audits.filter((a) => a.audit === 'implication' && a.candidate !== null && kept.has(a.candidate));
    expect(records.length).toBe(kept.size * 2);
    expect(records.every((a) => a.passed)).toBe(true);
  });

  it('checklist: privacy audit clean (W7)', async () => {
    const { match, wiki, profile, result } = await run();
    const material = privateMaterial(match, wiki, profile);
    for (const s of result.suggestions) {
      expect(privateOverlap(s.text, material)).toEqual([]);
      expect(privateOverlap(s.rationale, material)).toEqual([]);
    }
    expect(privateOverlap(result.analysisSummary, material)).toEqual([]);
  });

  it('checklist: no in-person invitation', async () => {
    const { result } = await run();
    for (const s of result.suggestions) expect(conductFindings('text', s.text)).toEqual([]);
  });

  it('checklist: candidates materially distinct', async () => {
    const { result, evidence } = await run();
    const texts = result.suggestions.map((s) => s.text);
    texts.forEach((a, i) => texts.slice(i + 1).forEach((b) => expect(textSimilarity(a, b)).toBeLessThan(SAME_REPLY_SIMILARITY)));
    expect(new Set(evidence.candidates.filter((c) => c.kept).map((c) => c.direction)).size).toBeGreaterThanOrEqual(3);
  });

  it('checklist: output conforms exactly to the application schema', async () => {
    const { result } = await run();
    expect(Object.keys(result).sort()).toEqual(['analysisSummary', 'question', 'resultType', 'suggestions']);
    expect(suggestionResultSchema.parse(result)).toEqual(result);
    expect(result.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(result.suggestions.length).toBeLessThanOrEqual(5);
    for (const s of result.suggestions) expect(Object.keys(s).sort()).toEqual(['rationale', 'text']);
  });
});
