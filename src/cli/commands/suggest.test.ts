import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import { createTestServer, testKeys } from '../../server/testing.js';
import { openMemoryStore } from '../../store/testing.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';
import { EXIT_UNAVAILABLE } from './suggest.js';

const examples = join(packageRoot(), 'examples', 'suggest');
const args = ['suggest', 'match.json', '--wiki', 'wiki.json', '--profile', 'profile.json', '--now', '2026-11-19T21:00:00Z'];

describe('warrant suggest', () => {
  it('suggest: with no model it runs every gate, prints the stop state, says generation needs a model, and exits 3: no decision', async () => {
    const run = memoryIo({}, examples);
    await runCli(args, run.io);
    expect(run.code()).toBe(EXIT_UNAVAILABLE);
    expect(EXIT_UNAVAILABLE).toBe(3);
    expect(run.stderr.join('\n')).toContain('no decision could be made (no_model).');
    expect(run.stdout[0]).toBe('result     hold');
    expect(run.stdout.filter((l) => /^ {2}(match|property|timeline|event|profile|router|strategy) /.test(l))).toHaveLength(7);
    expect(run.stderr.join('\n')).toContain('generation needs a model');
  });

  it('suggest: --json prints exactly the four-property result', async () => {
    const run = memoryIo({}, examples);
    await runCli([...args, '--json'], run.io);
    const result = JSON.parse(run.stdout.join('\n'));
    expect(Object.keys(result).sort()).toEqual(['analysisSummary', 'question', 'resultType', 'suggestions']);
    expect(result.resultType).toBe('hold');
  });

  it('suggest: --json --evidence prints the result beside its gate records', async () => {
    const run = memoryIo({}, examples);
    await runCli([...args, '--json', '--evidence'], run.io);
    const out = JSON.parse(run.stdout.join('\n'));
    expect(out.evidence.gates).toHaveLength(7);
    expect(out.evidence.needs_model).toBe(true);
    expect(out.evidence.unavailable).toEqual({ reason: 'no_model', step: null, failure: null, retry_after_seconds: null });
  });

  it('suggest: --json --evidence prints exactly what POST /v0/suggestions returns: the result and its snake_case evidence', async () => {
    const run = memoryIo({}, examples);
    await runCli([...args, '--json', '--evidence'], run.io);
    const printed: unknown = JSON.parse(run.stdout.join('\n'));
    const read = (file: string): unknown => JSON.parse(readFileSync(join(examples, file), 'utf8'));
    const db = await openMemoryStore();
    try {
      const server = await createTestServer(db);
      const res = await server.app.request('/v0/suggestions', {
        method: 'POST',
        headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
        body: JSON.stringify({ match: read('match.json'), wiki: read('wiki.json'), profile: read('profile.json'), now: '2026-11-19T21:00:00Z' }),
      });
      const served = (await res.json()) as { result: unknown; evidence: unknown };
      expect(printed).toEqual({ result: served.result, evidence: served.evidence });
    } finally {
      await db.close();
    }
  });

  it('suggest: a stop that is the match’s own situation exits 0 with nothing unavailable', async () => {
    const match = JSON.parse(readFileSync(join(examples, 'match.json'), 'utf8')) as {
      messages: { author: string; sent_at: string; text: string; id: string }[];
    };
    // The user answered ten minutes ago: they wait for the match, whatever any model would say.
    match.messages.push({ id: 'mine', author: 'user', sent_at: '2026-11-19T20:10:00Z', text: 'Mostly the quiet. And you?' });
    const dir = mkdtempSync(join(tmpdir(), 'warrant-suggest-'));
    writeFileSync(join(dir, 'match.json'), JSON.stringify(match));
    const run = memoryIo({}, dir);
    await runCli(['suggest', 'match.json', '--now', '2026-11-19T20:20:00Z', '--json', '--evidence'], run.io);
    const out = JSON.parse(run.stdout.join('\n'));
    expect(out.result.resultType).toBe('hold');
    expect(out.evidence.unavailable).toBeNull();
    expect(run.code()).toBe(0);
  });

  it('W9: a fixture file (a Match nested under `match`) is refused as a legacy shape, with its path and exit 2', async () => {
    const run = memoryIo({}, join(packageRoot(), 'fixtures', 'matches'));
    await runCli(['suggest', 'lt-closed.json'], run.io);
    expect(run.code()).toBe(2);
    expect(run.stderr.join('\n')).toContain('$.match: a nested match object is a legacy shape');
  });

  it('W9: an unreadable file is refused, naming it', async () => {
    const run = memoryIo({}, examples);
    await runCli(['suggest', 'missing.json'], run.io);
    expect(run.code()).toBe(2);
    expect(run.stderr.join('\n')).toContain('cannot read missing.json');
  });
});
