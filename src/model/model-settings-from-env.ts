import { InputError, type InputIssue } from '../errors.js';
import type { ModelProfile, ModelSettings } from './model-settings.js';
import { taskKey } from './model-settings.js';
import { MODEL_TASK_NAMES } from './model-task-names.js';

const FIELD_SUFFIXES = [
  ['_TEMPERATURE', 'temperature'],
  ['_TIMEOUT_MS', 'timeoutMs'],
  ['_REVIEW', 'review'],
] as const;

/**
 * Reads the model configuration from `env`. The only place the model layer looks at the
 * environment, so tests and hosts pass their own.
 *
 * - `WARRANT_MODEL`: the default model configuration string (none: every task runs without a model);
 * - `WARRANT_MODEL_TEMPERATURE`, `WARRANT_MODEL_TIMEOUT_MS`, `WARRANT_MODEL_REVIEW` (`true`/`false`): the default profile;
 * - `WARRANT_MODEL_<TASK>`: one task's model, the task's name upper-cased with `_` for `.`
 *   (`WARRANT_MODEL_UNDERSTAND_VERIFY`); `WARRANT_MODEL_<TASK>_TEMPERATURE`, `_TIMEOUT_MS`, `_REVIEW` likewise;
 * - `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `WARRANT_MODEL_API_KEY` (sent to an OpenAI-compatible server).
 *
 * A variable whose name after `WARRANT_MODEL_` is exactly a known task's name (one of `taskNames`,
 * default {@link MODEL_TASK_NAMES}) is that task's model, even when the name ends like a profile
 * suffix: `WARRANT_MODEL_SUGGEST_REVIEW` is the model of `suggest.review`, and its on/off setting
 * is `WARRANT_MODEL_SUGGEST_REVIEW_REVIEW`.
 *
 * Empty values count as unset. A value that cannot be read throws an {@link InputError} naming
 * the variable: a deployment misconfigured should not start.
 */
export function modelSettingsFromEnv(
  env: Record<string, string | undefined>,
  { taskNames = MODEL_TASK_NAMES }: { readonly taskNames?: readonly string[] } = {},
): ModelSettings {
  const known = new Set(taskNames.map(taskKey));
  const issues: InputIssue[] = [];
  const defaults: ModelProfile = {};
  const tasks: Record<string, ModelProfile> = {};
  const profileFor = (task: string | undefined): ModelProfile =>
    task === undefined ? defaults : (tasks[task.toLowerCase()] ??= {});

  for (const [name, rawValue] of Object.entries(env)) {
    if (!name.startsWith('WARRANT_MODEL')) continue;
    const value = rawValue?.trim();
    if (!value || name === 'WARRANT_MODEL_API_KEY') continue;
    if (name === 'WARRANT_MODEL') {
      defaults.model = value;
      continue;
    }
    if (!name.startsWith('WARRANT_MODEL_')) continue;
    const rest = name.slice('WARRANT_MODEL_'.length);
    // A known task's whole name wins over a suffix it happens to end with. `WARRANT_MODEL_REVIEW`
    // alone is both the default profile's on/off switch and the `review` task's model: a model
    // string is never `true` or `false`, so the value tells them apart.
    const isTaskModel = known.has(taskKey(rest)) && (rest.includes('_') || (value !== 'true' && value !== 'false'));
    const field = isTaskModel ? undefined : FIELD_SUFFIXES.find(([suffix]) => `_${rest}` === suffix || rest.endsWith(suffix));
    if (!field) {
      profileFor(rest).model = value;
      continue;
    }
    const [suffix, key] = field;
    const task = `_${rest}` === suffix ? undefined : rest.slice(0, -suffix.length);
    const profile = profileFor(task);
    const path = `env.${name}`;
    if (key === 'review') {
      if (value !== 'true' && value !== 'false') issues.push({ path, message: `expected true or false, got "${value}"` });
      else profile.review = value === 'true';
    } else {
      const number = Number(value);
      if (!Number.isFinite(number)) issues.push({ path, message: `expected a number, got "${value}"` });
      else profile[key] = number;
    }
  }
  if (issues.length > 0) throw new InputError('model settings', issues);

  const apiKeys = {
    ...(env.OPENAI_API_KEY?.trim() ? { openai: env.OPENAI_API_KEY.trim() } : {}),
    ...(env.ANTHROPIC_API_KEY?.trim() ? { anthropic: env.ANTHROPIC_API_KEY.trim() } : {}),
    ...(env.WARRANT_MODEL_API_KEY?.trim() ? { openaiCompatible: env.WARRANT_MODEL_API_KEY.trim() } : {}),
  };
  return {
    ...(Object.keys(defaults).length > 0 ? { default: defaults } : {}),
    ...(Object.keys(tasks).length > 0 ? { tasks } : {}),
    ...(Object.keys(apiKeys).length > 0 ? { apiKeys } : {}),
  };
}
