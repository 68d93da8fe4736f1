import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { createModels } from './create-models.js';
import { createProviderRegistry, customProvider, wrapLanguageModel } from 'ai';
import { modelSettingsFromEnv } from './model-settings-from-env.js';
import { scriptedModel } from './scripted-model.js';

describe('modelSettingsFromEnv', () => {
  const quiet = { onDeprecated: () => {} };

  it('reads the default profile, per-task profiles and API keys', () => {
    const settings = modelSettingsFromEnv({
      WARRANT_MODEL: 'openai:gpt-4o-mini',
      WARRANT_MODEL__TIMEOUT_MS: '9000',
      WARRANT_MODEL_UNDERSTAND_VERIFY: 'anthropic:claude-haiku-4-5',
      WARRANT_MODEL_ACKNOWLEDGE__REVIEW: 'false',
      WARRANT_MODEL_ANSWER__TEMPERATURE: '0.3',
      WARRANT_MODEL_API_KEY: 'local-key',
      OPENAI_API_KEY: 'sk-test',
      WARRANT_MODEL__REVIEW: '',
      WARRANT_MODELS: 'not ours',
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

  it('a setting starts at the double "_", so a task named like a setting needs no list of tasks', () => {
    const settings = modelSettingsFromEnv({
      WARRANT_MODEL_SUGGEST_REVIEW: 'openai-compatible:http://127.0.0.1:9/v1#judge',
      WARRANT_MODEL_SUGGEST_REVIEW__REVIEW: 'false',
      WARRANT_MODEL_SUGGEST_REVIEW__TEMPERATURE: '0',
      WARRANT_MODEL_SUGGEST__TIMEOUT_MS: '500',
      WARRANT_MODEL_REVIEW: 'openai-compatible:http://127.0.0.1:9/v1#reviewer',
      WARRANT_MODEL_HOST_OWN_TASK: 'openai-compatible:http://127.0.0.1:9/v1#host',
    });
    expect(settings.tasks).toEqual({
      suggest_review: { model: 'openai-compatible:http://127.0.0.1:9/v1#judge', review: false, temperature: 0 },
      suggest: { timeoutMs: 500 },
      review: { model: 'openai-compatible:http://127.0.0.1:9/v1#reviewer' },
      host_own_task: { model: 'openai-compatible:http://127.0.0.1:9/v1#host' },
    });
    expect(createModels(settings, { languageModels: {} }).forTask('suggest.review')).toMatchObject({
      modelId: 'openai-compatible:http://127.0.0.1:9/v1#judge',
      review: false,
    });
    expect(createModels(settings).forTask('host.own-task').modelId).toBe('openai-compatible:http://127.0.0.1:9/v1#host');
  });

  it('still reads the old spelling of a setting for one release, with a deprecation warning naming the new one', () => {
    const warnings: string[] = [];
    const settings = modelSettingsFromEnv(
      { WARRANT_MODEL_REVIEW: 'false', WARRANT_MODEL_ANSWER_TIMEOUT_MS: '800', WARRANT_MODEL_SUGGEST_REVIEW: 'openai:gpt-4o' },
      { onDeprecated: (m) => void warnings.push(m) },
    );
    expect(settings).toEqual({ default: { review: false }, tasks: { answer: { timeoutMs: 800 }, suggest_review: { model: 'openai:gpt-4o' } } });
    expect(warnings.sort()).toEqual([
      'WARRANT_MODEL_ANSWER_TIMEOUT_MS is the old spelling; write WARRANT_MODEL_ANSWER__TIMEOUT_MS (the old one is read until the next release)',
      'WARRANT_MODEL_REVIEW is the old spelling; write WARRANT_MODEL__REVIEW (the old one is read until the next release)',
    ]);
  });

  it('an empty environment configures no model', () => {
    expect(modelSettingsFromEnv({})).toEqual({});
  });

  it.each([
    ['WARRANT_MODEL__TIMEOUT_MS', 'soon', /expected a number, got "soon"/],
    ['WARRANT_MODEL_ACKNOWLEDGE__REVIEW', 'yes', /expected true or false, got "yes"/],
    ['WARRANT_MODEL_ANSWER__TEMPERATUR', '0.2', /"TEMPERATUR" is no model setting; expected TEMPERATURE, TIMEOUT_MS, REVIEW/],
    ['WARRANT_MODEL__MODEL', 'openai:gpt-4o', /"MODEL" is no model setting/],
    ['WARRANT_MODEL_ANSWER__', '1', /"" is no model setting/],
    ['WARRANT_MODEL_ANSWER___TIMEOUT_MS', '1', /"_TIMEOUT_MS" is no model setting/],
    ['WARRANT_MODEL___TIMEOUT_MS', '1', /"_TIMEOUT_MS" is no model setting/],
    ['WARRANT_MODEL_answer', 'openai:gpt-4o', /a task is spelt as upper-case words joined by one "_"/],
    ['WARRANT_MODEL_SUGGEST-REVIEW', 'openai:gpt-4o', /a task is spelt as upper-case words/],
    ['WARRANT_MODEL_', 'openai:gpt-4o', /a task is spelt as upper-case words/],
    ['WARRANT_MODEL__', 'x', /"" is no model setting/],
  ])('%s=%s is refused as configuration, naming the variable', (name, value, message) => {
    try {
      modelSettingsFromEnv({ [name]: value }, quiet);
      expect.unreachable();
    } catch (error) {
      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as ConfigurationError).issues).toEqual([{ path: `env.${name}`, message: expect.stringMatching(message) }]);
    }
  });

  it('names every variable it cannot read at once', () => {
    expect(() => modelSettingsFromEnv({ WARRANT_MODEL__TIMEOUT_MS: 'soon', WARRANT_MODEL_ACKNOWLEDGE__REVIEW: 'yes' }, quiet)).toThrow(
      /env\.WARRANT_MODEL__TIMEOUT_MS[\s\S]*env\.WARRANT_MODEL_ACKNOWLEDGE__REVIEW/,
    );
  });
});

describe('createModels', () => {
  it('lays a task’s profile over the default; task names match env spelling', () => {
    const a = scriptedModel(['a']);
    const b = scriptedModel(['b']);
    const models = createModels(
      modelSettingsFromEnv({ WARRANT_MODEL: 'mock:a', WARRANT_MODEL_UNDERSTAND_VERIFY: 'mock:b', WARRANT_MODEL_ACKNOWLEDGE__REVIEW: 'false' }),
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

  it("a task's model may be a model object the host already wrapped; its id is recorded as provider:model", () => {
    const wrapped = wrapLanguageModel({ model: scriptedModel(['x']), middleware: { specificationVersion: 'v3' } });
    const models = createModels({ default: { model: wrapped } });
    expect(models.forTask('answer').model).toBe(wrapped);
    expect(models.forTask('answer').modelId).toBe(`${wrapped.provider}:${wrapped.modelId}`);
    expect(() => createModels({ default: { model: { modelId: 'not a model' } as never } })).toThrow(
      /\$\.default\.model: expected a configuration string or a language model object/,
    );
  });

  it("configuration strings resolve through a provider registry: the built-in one, or the host's own", () => {
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

describe('faults of model settings', () => {
  it.each([
    ['a model string naming no provider', () => createModels({ tasks: { review: { model: 'gpt-4o' } } })],
    ['a provider without its key', () => createModels({ default: { model: 'openai:gpt-4o' } })],
    ['a misspelt profile key', () => createModels({ default: { temprature: 1 } as never })],
  ])('%s is a configuration fault, not the caller’s input', (_name, build) => {
    try {
      build();
      expect.unreachable();
    } catch (error) {
      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as ConfigurationError).fault).toBe('configuration');
      expect((error as ConfigurationError).issues.length).toBe(1);
    }
  });
});
