import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where a deployment keeps its own prompts: given a prompt name (`acknowledge.it-IT`,
 * `acknowledge`), its text, or `undefined` when it has none by that name.
 */
export type PromptSource = (name: string) => string | undefined | Promise<string | undefined>;

/** The prompt a call runs under. */
export interface ResolvedPrompt {
  /** `task.locale`, `task.language`, `task`, or `built-in:task` for the built-in English instructions. */
  readonly name: string;
  /** The instructions sent to the model. */
  readonly text: string;
  /** `sha256:` and 16 hex digits of the text's SHA-256. */
  readonly hash: string;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * A prompt source reading `<dir>/<name>.md`: `acknowledge.it-IT.md` for turns in `it-IT`,
 * `acknowledge.it.md` for any other Italian turn, `acknowledge.md` for every other locale. A missing file means "use the next one"; any other
 * read failure is a misconfiguration and is thrown. Names that could leave the folder are never read.
 */
export function folderPromptSource(dir: string): PromptSource {
  return async (name) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) return undefined;
    try {
      return await readFile(join(dir, `${name}.md`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}

/**
 * The prompt `task` runs under for `locale`: the source's `task.locale` (e.g.
 * `understand.verify.it-IT`), else the task for the locale's language (`understand.verify.it`),
 * else its `task`, else the built-in English instructions. A prompt that is blank counts as
 * absent, so an empty file cannot silently erase a task's instructions.
 */
export async function resolvePrompt(task: string, locale: string | undefined, source: PromptSource | undefined, builtIn: string): Promise<ResolvedPrompt> {
  if (source) {
    for (const name of promptNames(task, locale)) {
      const text = await source(name);
      if (text !== undefined && text.trim() !== '') return { name, text, hash: promptHash(text) };
    }
  }
  return { name: `built-in:${task}`, text: builtIn, hash: promptHash(builtIn) };
}

/** The names asked for, most specific first: `task.it-IT`, `task.it`, `task`. */
export function promptNames(task: string, locale: string | undefined): string[] {
  if (!locale) return [task];
  const language = locale.split(/[-_]/)[0] ?? locale;
  return [...new Set([`${task}.${locale}`, `${task}.${language}`, task])];
}

/** `sha256:` and the first 16 hex digits of the SHA-256 of `text`. */
export function promptHash(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16)}`;
}
