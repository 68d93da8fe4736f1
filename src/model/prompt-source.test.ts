import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderPromptSource, promptHash, resolvePrompt } from './prompt-source.js';

describe('resolvePrompt', () => {
  const source = (names: Record<string, string>) => (name: string) => names[name];

  it('asks for the full tag, then the language, then the task alone, then falls to the built-in', async () => {
    const asked: string[] = [];
    const logging = (name: string) => {
      asked.push(name);
      return undefined;
    };
    expect((await resolvePrompt('acknowledge', 'it-IT', logging, 'BUILT')).name).toBe('built-in:acknowledge');
    expect(asked).toEqual(['acknowledge.it-IT', 'acknowledge.it', 'acknowledge']);
    const language = source({ 'acknowledge.it': 'IT', acknowledge: 'ANY' });
    expect((await resolvePrompt('acknowledge', 'it-IT', language, 'BUILT')).name).toBe('acknowledge.it');
    expect((await resolvePrompt('acknowledge', 'it', language, 'BUILT')).name).toBe('acknowledge.it');
    expect((await resolvePrompt('acknowledge', 'de-CH', language, 'BUILT')).name).toBe('acknowledge');
  });

  it('prefers the task’s prompt for the locale, then the task’s, then the built-in', async () => {
    const both = source({ 'understand.verify.it-IT': 'IT', 'understand.verify': 'ANY' });
    expect((await resolvePrompt('understand.verify', 'it-IT', both, 'BUILT')).name).toBe('understand.verify.it-IT');
    expect((await resolvePrompt('understand.verify', 'en-GB', both, 'BUILT')).name).toBe('understand.verify');
    const none = await resolvePrompt('understand.verify', 'it-IT', source({}), 'BUILT');
    expect(none).toEqual({ name: 'built-in:understand.verify', text: 'BUILT', hash: promptHash('BUILT') });
    expect((await resolvePrompt('answer', 'it-IT', undefined, 'B')).name).toBe('built-in:answer');
  });

  it('a blank prompt counts as absent', async () => {
    const resolved = await resolvePrompt('answer', 'it-IT', source({ 'answer.it-IT': '  \n', answer: 'A' }), 'B');
    expect(resolved.name).toBe('answer');
  });

  it('the hash changes when the text does', () => {
    expect(promptHash('a')).not.toBe(promptHash('b'));
    expect(promptHash('a')).toMatch(/^sha256:[0-9a-f]{16}$/);
  });
});

describe('folderPromptSource', () => {
  it('reads <name>.md, answers undefined for a missing file and never leaves the folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warrant-prompts-'));
    await writeFile(join(dir, 'acknowledge.it-IT.md'), 'Scrivi.');
    await writeFile(join(dir, '..secret.md'), 'no');
    const source = folderPromptSource(dir);
    expect(await source('acknowledge.it-IT')).toBe('Scrivi.');
    expect(await source('acknowledge')).toBeUndefined();
    expect(await source('../etc/passwd')).toBeUndefined();
    expect(await source('..secret')).toBeUndefined();
    const resolved = await resolvePrompt('acknowledge', 'it-IT', source, 'Write.');
    expect(resolved).toMatchObject({ name: 'acknowledge.it-IT', text: 'Scrivi.' });
  });
});
