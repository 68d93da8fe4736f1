import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createModels } from '../model/index.js';
import { DRAFTING_RULES } from './drafting-rules.js';
import { modelSkills } from './model-skills.js';
import { SKILL_TASKS } from './suggest-skills.js';
import { scriptedSkills } from './scripted-skills.js';
import { suggestReplies } from './suggest-replies.js';
import { fixtureInputs } from './testing.js';

const answer = (text: string) =>
  new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
      warnings: [],
    }),
  });

describe('model-backed skills', () => {
  it('skills: each runs as its own task, under the locale prompt of the copy language first', async () => {
    const model = answer('{"obligations":[],"callbacks":[],"topics":[],"boundaries":[]}');
    const models = createModels({ default: { model: 'mock' } }, { languageModels: { mock: model } });
    const skills = modelSkills({ models, prompts: (name) => (name === 'suggest.burst.lt-LT' ? 'Skaityk žinutes.' : undefined) });
    const lt = await skills.readBurst({ language: 'lt', burst: [], earlier: [], suspected: [] });
    expect(lt).toMatchObject({ ok: true, call: { task: SKILL_TASKS.readBurst, promptName: 'suggest.burst.lt-LT', outcome: 'ok' } });
    const en = await skills.readBurst({ language: 'en', burst: [], earlier: [], suspected: [] });
    expect(en.call.promptName).toBe('built-in:suggest.burst');
  });

  it('skills: an answer off the schema is a malformed outcome with its raw text, never thrown', async () => {
    const models = createModels({ default: { model: 'mock' } }, { languageModels: { mock: answer('{"candidates": "three"}') } });
    const result = await modelSkills({ models }).draftCandidates({
      language: 'en',
      analysisLanguage: 'en',
      strategy: {
        analysisSummary: '',
        primaryMove: 'x',
        architecture: 'x',
        topicPlan: [],
        pressure: 'low',
        hookFactId: null,
        directions: ['direct_answer_and_callback', 'playful_shared_premise', 'optional_social_exchange'],
      },
      directions: ['direct_answer_and_callback'],
      burst: [],
      obligations: [],
      boundaries: [],
      facts: [],
      matchDetails: {},
      draftingRules: DRAFTING_RULES,
      failed: [],
      kept: [],
    });
    expect(result).toMatchObject({ ok: false, reason: 'malformed', call: { raw: '{"candidates": "three"}' } });
  });

  it('skills: with no model configured each skill reports no_model without calling anything', async () => {
    const result = await modelSkills({ models: createModels({}) }).reviewCandidates({
      language: 'en',
      analysisLanguage: 'en',
      candidates: [],
      burst: [],
      obligations: [],
      boundaries: [],
      facts: [],
      draftingRules: DRAFTING_RULES,
      privateMaterial: [],
    });
    expect(result).toMatchObject({ ok: false, reason: 'no_model', call: { latencyMs: 0 } });
  });
});

describe('W12: the burst reader is asked to rule', () => {
  it('skills: the burst prompt asks for a ruling on every suspected message, and sends the suspected messages', async () => {
    const inputs = fixtureInputs('en-boundary-end-contact-closes');
    const { skills, models } = scriptedSkills(inputs.fixture.model_outputs!);
    await suggestReplies({ ...inputs, skills });
    const prompt = JSON.stringify(models[SKILL_TASKS.readBurst]!.doGenerateCalls[0]!.prompt);
    expect(prompt).toContain('rule on every message listed in suspected');
    expect(prompt).toContain('suspected');
    expect(prompt).toContain('e9');
  });
});
