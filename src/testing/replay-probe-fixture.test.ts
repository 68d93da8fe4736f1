import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { contractProbeReplayer } from './replay-probe-fixture.js';

const folder = join(packageRoot(), 'fixtures/probes');
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));

describe('recorded probe runs replay offline', () => {
  it('there is a v0 run without a model and a run with scripted model outputs', () => {
    const fixtures = files.map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')));
    expect(fixtures.some((f) => f.contract.contract_version === 'v0' && !f.model_outputs)).toBe(true);
    expect(fixtures.some((f) => Array.isArray(f.model_outputs))).toBe(true);
  });

  it.each(files)('%s', async (file) => {
    const outcome = await contractProbeReplayer.replay(JSON.parse(readFileSync(join(folder, file), 'utf8')), file);
    expect(outcome.differences).toEqual([]);
    expect(outcome.passed).toBe(true);
  });

  it('a recorded answer that no longer yields the recorded findings fails the replay', async () => {
    const fixture = JSON.parse(readFileSync(join(folder, 'ticketing-v1-paraphrase-accepted.json'), 'utf8'));
    fixture.model_outputs = [JSON.stringify({ candidates: ['已為您保留兩張。'] })];
    const outcome = await contractProbeReplayer.replay(fixture, 'tampered.json');
    expect(outcome.passed).toBe(false);
    expect(outcome.differences.join('\n')).toContain('$.expected.report.findings');
  });
});
