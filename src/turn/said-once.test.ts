import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, italianConversation, locales, workflows } from '../../examples/trip/index.js';
import { InputError, parseInput } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { runModelTurnFixture } from './model/model-turn-replayer.js';
import { runTurnFixture, turnFixtureSchema } from './replay-turn-fixture.js';
import { transitionOf, type TurnResult } from './turn-result.js';
import { createTurnRuntime } from './turn-runtime.js';
import { parseTurnInput } from './turn-input.js';

/**
 * The sentences of a reply: its lines, each cut after a full stop, question or exclamation mark,
 * colon or semicolon followed by a space, so «still needs something: Who is traveling?» holds
 * «Who is traveling?» as a sentence of its own.
 */
function sentencesOf(reply: string): string[] {
  return reply
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.?!:;…])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The sentences said more than once in `reply`. */
function repeated(reply: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const s of sentencesOf(reply)) (seen.has(s) ? twice : seen).add(s);
  return [...twice];
}

const dir = (name: string) => join(packageRoot(), 'fixtures', name);
const jsonFiles = async (name: string) => (await readdir(dir(name))).filter((f) => f.endsWith('.json')).sort();

let db: Database;
beforeAll(async () => {
  db = await openMemoryStore();
});
afterAll(async () => {
  await db.close();
});

describe('each thing said once', () => {
  it('sentences are cut at lines and sentence ends, a colon included', () => {
    expect(sentencesOf('Trip “v” still needs something: Who is traveling?\nWho is traveling?')).toEqual([
      'Trip “v” still needs something:',
      'Who is traveling?',
      'Who is traveling?',
    ]);
    expect(repeated('A. B? A.')).toEqual(['A.']);
  });

  it('no sentence appears twice in one reply of any recorded conversation (fixtures/turns)', async () => {
    const files = await jsonFiles('turns');
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    let replies = 0;
    for (const file of files) {
      const fixture = parseInput(turnFixtureSchema, JSON.parse(await readFile(join(dir('turns'), file), 'utf8')), file);
      await runTurnFixture(db, fixture, (i, _turn, actual) => {
        if (actual instanceof InputError) return;
        replies++;
        for (const s of repeated(transitionOf(actual).text)) found.push(`${file} turn ${i}: ${s}`);
      });
    }
    expect(replies).toBeGreaterThan(files.length);
    expect(found).toEqual([]);
  }, 240_000);

  it('no sentence appears twice in one reply of any recorded model turn (fixtures/model-turns), the turns before it included', async () => {
    const files = await jsonFiles('model-turns');
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      const { before, result } = await runModelTurnFixture(JSON.parse(await readFile(join(dir('model-turns'), file), 'utf8')), file);
      for (const [i, r] of [...before, result].entries()) {
        for (const s of repeated(transitionOf(r).text)) found.push(`${file} turn ${i}: ${s}`);
      }
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('no sentence appears twice in one reply of the example conversations', async () => {
    const runtime = createTurnRuntime({ db, workflows, locales, tenantId: 'said-once-examples' });
    const found: string[] = [];
    for (const input of [...englishConversation, ...italianConversation]) {
      const result: TurnResult = await runtime.run(parseTurnInput(input));
      for (const s of repeated(transitionOf(result).text)) found.push(`${input.turn_id}: ${s}`);
    }
    expect(found).toEqual([]);
  }, 120_000);
});
