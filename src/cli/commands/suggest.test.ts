import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';

const examples = join(packageRoot(), 'examples', 'suggest');
const args = ['suggest', 'match.json', '--wiki', 'wiki.json', '--profile', 'profile.json', '--now', '2026-11-19T21:00:00Z'];

describe('warrant suggest', () => {
  it('suggest: with no model it runs every gate, prints the stop state, and says generation needs a model', async () => {
    const run = memoryIo({}, examples);
    await runCli(args, run.io);
    expect(run.code()).toBe(0);
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
    expect(out.evidence.needsModel).toBe(true);
  });

  it("W9: a fixture file (a Match nested under `match`) is refused as a legacy shape, with its path and exit 2", async () => {
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
