import { ConfigurationError, type InputIssue } from '../errors.js';
import type { ModelProfile, ModelSettings } from './model-settings.js';

/** The settings of a profile, as a variable spells them after `__`. */
const SETTINGS = { TEMPERATURE: 'temperature', TIMEOUT_MS: 'timeoutMs', REVIEW: 'review' } as const;
type SettingName = keyof typeof SETTINGS;

/** A task as a variable spells it: upper-case words joined by single `_` (`SUGGEST_REVIEW`). */
const TASK_SPELLING = /^[A-Z0-9]+(?:_[A-Z0-9]+)*$/;

/** The old suffixes (`WARRANT_MODEL_ANSWER_TIMEOUT_MS`), read for one more release with a warning. */
const OLD_SUFFIXES = ['_TIMEOUT_MS', '_TEMPERATURE', '_REVIEW'] as const;

/** Options of {@link modelSettingsFromEnv}. */
export interface ModelSettingsFromEnvOptions {
  /**
   * Told once per variable spelt the old way (`WARRANT_MODEL_<TASK>_<SETTING>`), which is still
   * read in this release. Default: a Node `DeprecationWarning` (`process.emitWarning`).
   */
  readonly onDeprecated?: (message: string) => void;
}

/**
 * Reads the model configuration from `env`. The only place the model layer looks at the
 * environment, so tests and hosts pass their own. Every name is read by its spelling alone, so
 * the model layer needs no list of the tasks other layers call:
 *
 * - `WARRANT_MODEL`: the default model configuration string (none: every task runs without a model);
 * - `WARRANT_MODEL__<SETTING>`: a setting of the default profile;
 * - `WARRANT_MODEL_<TASK>`: one task's model, the task's name upper-cased with `_` for `.`
 *   (`WARRANT_MODEL_UNDERSTAND_VERIFY`, `WARRANT_MODEL_SUGGEST_REVIEW`);
 * - `WARRANT_MODEL_<TASK>__<SETTING>`: one of its settings (`WARRANT_MODEL_SUGGEST_REVIEW__TIMEOUT_MS`);
 * - settings: `TEMPERATURE`, `TIMEOUT_MS`, `REVIEW` (`true`/`false`);
 * - `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `WARRANT_MODEL_API_KEY` (sent to an OpenAI-compatible server).
 *
 * A double `_` is where a setting starts: a task's spelling never holds one. The old spelling of
 * a setting (`WARRANT_MODEL_ANSWER_TIMEOUT_MS`, `WARRANT_MODEL_REVIEW=false`) is still read when
 * its value is not a model string (which always holds a `:`), with a deprecation warning.
 *
 * Empty values count as unset. A variable that cannot be read throws a
 * {@link ConfigurationError} naming it: a deployment misconfigured should not start.
 */
export function modelSettingsFromEnv(
  env: Record<string, string | undefined>,
  { onDeprecated = deprecationWarning }: ModelSettingsFromEnvOptions = {},
): ModelSettings {
  const issues: InputIssue[] = [];
  const defaults: ModelProfile = {};
  const tasks: Record<string, ModelProfile> = {};
  const profileFor = (task: string | undefined): ModelProfile => (task === undefined ? defaults : (tasks[task.toLowerCase()] ??= {}));

  for (const [name, rawValue] of Object.entries(env)) {
    if (!name.startsWith('WARRANT_MODEL') || name === 'WARRANT_MODEL_API_KEY') continue;
    const value = rawValue?.trim();
    if (!value) continue;
    const read = readName(name, value);
    if (read === undefined) continue;
    if ('problem' in read) {
      issues.push({ path: `env.${name}`, message: read.problem });
      continue;
    }
    if (read.deprecated) onDeprecated(`${name} is the old spelling; write ${read.deprecated} (the old one is read until the next release)`);
    if (read.setting === undefined) profileFor(read.task).model = value;
    else {
      const problem = setField(profileFor(read.task), read.setting, value);
      if (problem) issues.push({ path: `env.${name}`, message: problem });
    }
  }
  if (issues.length > 0) throw new ConfigurationError('model settings configured wrong', { issues });

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

/** What one variable's name says: whose profile (`task` undefined: the default) and which field (`setting` undefined: the model). */
type ReadName = { readonly task: string | undefined; readonly setting: SettingName | undefined; readonly deprecated?: string } | { readonly problem: string };

/** Reads a `WARRANT_MODEL…` name; `undefined` for a name of another variable (`WARRANT_MODELS`). */
function readName(name: string, value: string): ReadName | undefined {
  if (name === 'WARRANT_MODEL') return { task: undefined, setting: undefined };
  if (name.startsWith('WARRANT_MODEL__')) return setting(undefined, name.slice('WARRANT_MODEL__'.length));
  if (!name.startsWith('WARRANT_MODEL_')) return undefined;
  const rest = name.slice('WARRANT_MODEL_'.length);
  const split = rest.indexOf('__');
  const task = split === -1 ? rest : rest.slice(0, split);
  if (!TASK_SPELLING.test(task)) {
    return { problem: 'a task is spelt as upper-case words joined by one "_" (WARRANT_MODEL_<TASK> or WARRANT_MODEL_<TASK>__<SETTING>)' };
  }
  if (split !== -1) return setting(task, rest.slice(split + 2));
  return oldSpelling(task, value) ?? { task, setting: undefined };
}

function setting(task: string | undefined, spelt: string): ReadName {
  if (spelt in SETTINGS) return { task, setting: spelt as SettingName };
  return { problem: `"${spelt}" is no model setting; expected ${Object.keys(SETTINGS).join(', ')}` };
}

/**
 * `WARRANT_MODEL_<TASK>_<SETTING>` and `WARRANT_MODEL_<SETTING>`, the spelling before the `__`:
 * read as a setting when the value cannot be a model string (it holds no `:`).
 */
function oldSpelling(rest: string, value: string): ReadName | undefined {
  if (value.includes(':')) return undefined;
  const suffix = OLD_SUFFIXES.find((s) => `_${rest}` === s || rest.endsWith(s));
  if (suffix === undefined) return undefined;
  const spelt = suffix.slice(1) as SettingName;
  const task = `_${rest}` === suffix ? undefined : rest.slice(0, -suffix.length);
  return { task, setting: spelt, deprecated: task === undefined ? `WARRANT_MODEL__${spelt}` : `WARRANT_MODEL_${task}__${spelt}` };
}

/** Sets one field of `profile` from its text; what cannot be read is returned as a sentence. */
function setField(profile: ModelProfile, spelt: SettingName, value: string): string | undefined {
  const key = SETTINGS[spelt];
  if (key === 'review') {
    if (value !== 'true' && value !== 'false') return `expected true or false, got "${value}"`;
    profile.review = value === 'true';
    return undefined;
  }
  const number = Number(value);
  if (!Number.isFinite(number)) return `expected a number, got "${value}"`;
  profile[key] = number;
  return undefined;
}

function deprecationWarning(message: string): void {
  globalThis.process?.emitWarning?.(message, 'DeprecationWarning');
}
