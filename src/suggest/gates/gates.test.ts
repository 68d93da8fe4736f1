import { describe, expect, it } from 'vitest';
import { stopCopy } from '../stop-copy.js';
import { scriptedSkills } from '../scripted-skills.js';
import { parseMatch } from '../match.js';
import { suggestReplies } from '../suggest-replies.js';
import { fixtureInputs, rawFixture } from '../testing.js';

const happy = () => fixtureInputs('en-active-reply-happy-path');
const withStrategy = (change: (s: Record<string, unknown>) => void) => {
  const inputs = happy();
  const outputs = structuredClone(inputs.fixture.model_outputs!);
  change(outputs['suggest.strategy']![0] as Record<string, unknown>);
  return { ...inputs, skills: scriptedSkills(outputs).skills };
};

describe('property gate', () => {
  it('property: a Wiki label applies only to the exact observed value at its path', async () => {
    const inputs = happy();
    const wiki = { entries: [...inputs.wiki.entries, { path: 'details.job', value: 'lawyer', interpretation: 'x', label: 'blocker' as const, note: '' }] };
    const { evidence } = await suggestReplies({ ...inputs, wiki, skills: null });
    const detail = evidence.gates.find((g) => g.gate === 'property')!.detail;
    expect(detail.notObserved).toEqual(['details.job']);
    expect(detail.resolved).toEqual([
      { path: 'details.smoking', observed: 'never', label: 'good' },
      { path: 'details.kids', observed: 'wants', label: 'bad' },
    ]);
  });
});

describe('router gate', () => {
  it('router: only English and Lithuanian are written; anything else asks which', async () => {
    const raw = structuredClone(rawFixture('en-active-reply-happy-path').match) as Record<string, unknown>;
    const { result } = await suggestReplies({ ...happy(), match: parseMatch({ ...raw, language: 'de-DE' }), skills: null });
    expect(result).toMatchObject({ resultType: 'clarification', question: 'Should the replies be written in English or in Lithuanian?' });
  });
  it('router: a Match in lt-LT is served in Lithuanian, its stop copy too', async () => {
    const raw = structuredClone(rawFixture('lt-reactivated-reply').match) as Record<string, unknown>;
    const { result, evidence } = await suggestReplies({
      ...fixtureInputs('lt-reactivated-reply'),
      match: parseMatch({ ...raw, language: 'lt-LT' }),
      skills: null,
    });
    expect(evidence.gates.find((g) => g.gate === 'router')?.detail).toMatchObject({ language: 'lt' });
    expect(result.analysisSummary).toBe(stopCopy('lt').needsModel);
  });

  it('router: effort and ruleset are settled from the burst and the event', async () => {
    const { evidence } = await suggestReplies(happy());
    expect(evidence.state).toMatchObject({ ruleset: 'reply', effort: 'standard', task: 'reply', language: 'en' });
    const reEntry = await suggestReplies(fixtureInputs('lt-ghosted-one-re-entry'));
    expect(reEntry.evidence.state).toMatchObject({ ruleset: 're_entry', task: 're_entry', obligations: [] });
  });
});

describe('strategy gate', () => {
  it('strategy: directions the ruleset does not allow do not count toward the three', async () => {
    const { result, evidence } = await suggestReplies(
      withStrategy((s) => void (s.directions = ['direct_answer_and_callback', 'unusual_opener_presentation', 'playful_shared_premise'])),
    );
    expect(result.resultType).toBe('hold');
    expect(evidence.gates.at(-1)).toMatchObject({ gate: 'strategy', decision: 'stop', reason: 'strategy_incomplete' });
    expect(evidence.gates.at(-1)!.detail.ineligible).toEqual(['unusual_opener_presentation']);
  });

  it('strategy: the hook must be a selected (verified, disclosable) fact', async () => {
    const { evidence } = await suggestReplies(withStrategy((s) => void (s.hookFactId = 'salary')));
    expect(evidence.gates.at(-1)).toMatchObject({ gate: 'strategy', reason: 'strategy_incomplete' });
  });

  it('strategy: a re-entry may not be planned with high pressure', async () => {
    const inputs = fixtureInputs('lt-ghosted-one-re-entry');
    const outputs = structuredClone(inputs.fixture.model_outputs!);
    (outputs['suggest.strategy']![0] as Record<string, unknown>).pressure = 'high';
    const { result, evidence } = await suggestReplies({ ...inputs, skills: scriptedSkills(outputs).skills });
    expect(result).toMatchObject({ resultType: 'hold' });
    expect(evidence.gates.at(-1)).toMatchObject({
      reason: 'strategy_incomplete',
      detail: { problems: [{ kind: 'pressure_after_pause', ruleset: 're_entry' }] },
    });
    // The match is Lithuanian, so is the whole summary.
    expect(result.analysisSummary).toContain('per didelis spaudimas po tylos');
  });
});
