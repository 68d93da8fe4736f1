import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { createModels } from './create-models.js';
import { createProviderRegistry, customProvider, wrapLanguageModel } from 'ai';
import { modelSettingsFromEnv } from './model-settings-from-env.js';
import { scriptedModel } from './scripted-model.js';

describe('modelSettingsFromEnv', () => {
  it('reads the default profile, per-task profiles and API keys', () => {
    const settings = modelSettingsFromEnv({
      WARRANT_MODEL: 'openai:gpt-4o-mini',
      WARRANT_MODEL_TIMEOUT_MS: '9000',
      WARRANT_MODEL_UNDERSTAND_VERIFY: 'anthropic:claude-haiku-4-5',
      WARRANT_MODEL_ACKNOWLEDGE_REVIEW: 'false',
      WARRANT_MODEL_ANSWER_TEMPERATURE: '0.3',
      WARRANT_MODEL_API_KEY: 'local-key',
      OPENAI_API_KEY: 'sk-test',
      WARRANT_MODEL_REVIEW: '',
      PATH: '/usr/bin',
    });
    expect(settings).toEqual({
      default: { model: 'openai:gpt-4o-mini', timeoutMs: 9000 },
      tasks: {
        understand_verify: { model: 'anthropic:claude-haiku-4-5' },
        acknowledge: { review: false },
        answer: { temperature: 0.3 },
      },
      apiKeys: { openai: 'sk-test', openaiCompatible: 'local-key' },
    });
  });

  it("a task whose name ends like a setting is named whole: WARRANT_MODEL_SUGGEST_REVIEW is the suggestion review's model", () => {
    const settings = modelSettingsFromEnv({
      WARRANT_MODEL_SUGGEST_REVIEW: 'openai-compatible:http://127.0.0.1:9/v1#judge',
      WARRANT_MODEL_SUGGEST_REVIEW_REVIEW: 'false',
      WARRANT_MODEL_SUGGEST_REVIEW_TEMPERATURE: '0',
      WARRANT_MODEL_SUGGEST_DRAFT: 'openai-compatible:http://127.0.0.1:9/v1#writer',
    });
    expect(settings.tasks).toEqual({
      suggest_review: { model: 'openai-compatible:http://127.0.0.1:9/v1#judge', review: false, temperature: 0 },
      suggest_draft: { model: 'openai-compatible:http://127.0.0.1:9/v1#writer' },
    });
    expect(createModels(settings, { languageModels: {} }).forTask('suggest.review')).toMatchObject({ modelId: 'openai-compatible:http://127.0.0.1:9/v1#judge', review: false });
  });

  it('WARRANT_MODEL_REVIEW is the default on/off switch when true or false, and the review task’s model otherwise', () => {
    expect(modelSettingsFromEnv({ WARRANT_MODEL_REVIEW: 'false' })).toEqual({ default: { review: false } });
    expect(modelSettingsFromEnv({ WARRANT_MODEL_REVIEW: 'openai:gpt-4o' })).toEqual({ tasks: { review: { model: 'openai:gpt-4o' } } });
  });

  it('an empty environment configures no model', () => {
    expect(modelSettingsFromEnv({})).toEqual({});
  });

  it('refuses values it cannot read, naming each variable', () => {
    try {
      modelSettingsFromEnv({ WARRANT_MODEL_TIMEOUT_MS: 'soon', WARRANT_MODEL_ACKNOWLEDGE_REVIEW: 'yes' });
      expect.unreachable();
    } catch (error) {
      expect(InputError.isInstance(error)).toBe(true);
      expect((error as InputError).issues.map((i) => i.path).sort()).toEqual([
        'env.WARRANT_MODEL_ACKNOWLEDGE_REVIEW',
        'env.WARRANT_MODEL_TIMEOUT_MS',
      ]);
    }
  });
});

describe('createModels', () => {
  it('lays a task’s profile over the default; task names match env spelling', () => {
    const a = scriptedModel(['a']);
    const b = scriptedModel(['b']);
    const models = createModels(
      modelSettingsFromEnv({ WARRANT_MODEL: 'mock:a', WARRANT_MODEL_UNDERSTAND_VERIFY: 'mock:b', WARRANT_MODEL_ACKNOWLEDGE_REVIEW: 'false' }),
      { languageModels: { 'mock:a': a, 'mock:b': b } },
    );
    expect(models.forTask('understand.verify')).toMatchObject({ model: b, modelId: 'mock:b', review: true, timeoutMs: 30_000 });
    expect(models.forTask('understand')).toMatchObject({ model: a, modelId: 'mock:a' });
    expect(models.forTask('acknowledge')).toMatchObject({ model: a, review: false });
  });

  it('no model configured is a supported mode', () => {
    expect(createModels().forTask('answer')).toMatchObject({ model: undefined, modelId: null });
  });

  it('builds real providers from configuration strings', () => {
    const models = createModels({
      default: { model: 'openai-compatible:http://127.0.0.1:11434/v1#llama3.1' },
      tasks: { review: { model: 'openai:gpt-4o-mini' }, answer: { model: 'anthropic:claude-haiku-4-5' } },
      apiKeys: { openai: 'sk', anthropic: 'ak' },
    });
    expect(models.forTask('acknowledge').model?.modelId).toBe('llama3.1');
    expect(models.forTask('review').model?.modelId).toBe('gpt-4o-mini');
    expect(models.forTask('answer').model?.provider).toContain('anthropic');
  });

  it('a task\'s model may be a model object the host already wrapped; its id is recorded as provider:model', () => {
    const wrapped = wrapLanguageModel({ model: scriptedModel(['x']), middleware: { specificationVersion: 'v3' } });
    const models = createModels({ default: { model: wrapped } });
    expect(models.forTask('answer').model).toBe(wrapped);
    expect(models.forTask('answer').modelId).toBe(`${wrapped.provider}:${wrapped.modelId}`);
    expect(() => createModels({ default: { model: { modelId: 'not a model' } as never } })).toThrow(/\$\.default\.model: expected a configuration string or a language model object/);
  });

  it('configuration strings resolve through a provider registry: the built-in one, or the host\'s own', () => {
    const local = scriptedModel(['x']);
    const registry = createProviderRegistry({ local: customProvider({ languageModels: { small: local } }) });
    expect(createModels({ default: { model: 'local:small' } }, { registry }).forTask('answer')).toMatchObject({ model: local, modelId: 'local:small' });
    expect(() => createModels({ default: { model: 'local:large' } }, { registry })).toThrow(/\$\.default\.model: "local:large": .*large/);
    expect(() => createModels({ default: { model: 'openai:gpt-4o' } }, { registry })).toThrow(/"openai:gpt-4o": .*openai/);
  });

  it.each([
    ['gpt-4o', /names no provider; expected "openai-compatible:…", "openai:…", "anthropic:…"/],
    ['mistral:large', /"mistral:large": .*mistral/],
    ['openai-compatible:http://x/v1', /must read openai-compatible:<baseURL>#<model>/],
    ['openai-compatible:ftp://x#m', /"ftp:\/\/x" is not an http\(s\) URL/],
    ['anthropic:claude-haiku-4-5', /ANTHROPIC_API_KEY/],
  ])('the built-in registry refuses %s, naming the setting', (model, message) => {
    expect(() => createModels({ tasks: { review: { model } } })).toThrow(/\$\.tasks\.review\.model/);
    expect(() => createModels({ tasks: { review: { model } } })).toThrow(message);
  });

  it('refuses a misconfigured deployment up front, naming the setting', () => {
    expect(() => createModels({ tasks: { review: { model: 'gpt-4o' } } })).toThrow(/\$\.tasks\.review\.model/);
    expect(() => createModels({ default: { model: 'openai:gpt-4o' } })).toThrow(/OPENAI_API_KEY/);
    expect(() => createModels({ default: { model: 'mock:a', temprature: 1 } as never })).toThrow(/temprature: unknown key/);
  });
});
