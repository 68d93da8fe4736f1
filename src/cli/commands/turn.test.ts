import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';

describe('warrant turn', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'warrant-turn-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs a turn on the embedded store, prints its reply, and a second run of the same turn id returns the committed turn', async () => {
    const env = { WARRANT_DATA_DIR: join(dir, 'pgdata') };
    const args = ['turn', '--workflow', 'examples/trip', '--turn', 'examples/trip/first-turn.json'];
    const first = memoryIo(env, packageRoot());
    await runCli(args, first.io);
    expect(first.stderr).toEqual([]);
    expect(first.code()).toBe(0);
    expect(first.stdout.join('\n').split('\n')).toEqual([
      'Trip started: A trip to Milan is open.',
      'Traveler added: Ada is on the trip as traveler.',
      'Extra added: hotel is on the trip; nobody pays for it yet.',
      'On a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.',
      'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
    ]);
    const again = memoryIo(env, packageRoot());
    await runCli([...args, '--json'], again.io);
    const json = JSON.parse(again.stdout.join('\n'));
    expect(json).toMatchObject({ turn_id: 'example-1', evidence: { events_committed: 3 }, ask: { kind: 'obligation', record_id: 'trip-milan' } });
    expect(json.blocks.at(-1).text).toBe(first.stdout.join('\n'));
  }, 120_000);

  it('refuses a malformed turn file with its path and exit 2, before touching the store', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { acts: [{ record: 'r' }] } }));
    const run = memoryIo({ WARRANT_DATA_DIR: join(dir, 'never') }, packageRoot());
    await runCli(['turn', '--workflow', 'examples/trip', '--turn', file], run.io);
    expect(run.code()).toBe(2);
    expect(run.stderr.join('\n')).toContain('$.understanding.acts[0].operation: required unless answers_ask is true');
  });
});
