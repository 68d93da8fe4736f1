import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeReportJsonSchema } from '../../probe/index.js';
import { packageRoot } from '../../package-root.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-probe-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const example = join(packageRoot(), 'examples/contracts/automotive-seller-valuation.json');

async function probe(...args: string[]) {
  const run = memoryIo({}, dir);
  await runCli(['probe', ...args], run.io);
  return run;
}

describe('warrant probe', () => {
  it('the recorded automotive contract: disguise holes as v0, exit 1, and the note that v1 closes them', async () => {
    const { stdout, code } = await probe('--contract', example, '--json');
    expect(code()).toBe(1);
    const report = probeReportJsonSchema.parse(JSON.parse(stdout.join('\n')));
    expect(report.findings.filter((f) => f.kind === 'disguise').length).toBeGreaterThan(0);
    expect(report.notes.join('\n')).toContain('closes these holes');
    expect(report.paraphrase).toEqual({ status: 'skipped', reason: 'no model is configured for the task "probe"' });
  });

  it('a v1 copy of it shows only the classes folded leaves open, which loose closes; a loose copy shows no disguise hole', async () => {
    const { readFile } = await import('node:fs/promises');
    const v1 = join(dir, 'automotive-v1.json');
    const json = { ...JSON.parse(await readFile(example, 'utf8')), contract_version: 'v1' };
    await writeFile(v1, JSON.stringify(json));
    const folded = JSON.parse((await probe('--contract', v1, '--json')).stdout.join('\n'));
    expect(folded.open_disguise_classes).toContain('han_variant');
    expect(folded.closed_by_loose).toEqual(folded.open_disguise_classes);
    await writeFile(v1, JSON.stringify({ ...json, matching: { forbidden_terms: 'loose' } }));
    const { stdout } = await probe('--contract', v1, '--json');
    expect(JSON.parse(stdout.join('\n')).findings.filter((f: { kind: string }) => f.kind === 'disguise')).toEqual([]);
  });

  it('exit 0 when there is no finding, with the readable report saying so and that paraphrases were skipped', async () => {
    const sound = join(dir, 'sound.json');
    await writeFile(
      sound,
      JSON.stringify({
        contract_version: 'v1',
        interaction_kind: 'ticket_availability_inquiry',
        entity_roles: {},
        authority_status: 'payment_result_authoritative',
        fallback_body: 'The page shows two available tickets, but they are not held. Please complete checkout.',
        must_include: ['not held'],
        must_ask: ['complete checkout'],
        canonical_terms: [],
        forbidden_terms: ['reserved two tickets'],
        matching: { forbidden_terms: 'loose' },
      }),
    );
    const { stdout, code } = await probe('--contract', sound);
    expect(code()).toBe(0);
    expect(stdout[0]).toBe('contract   v1: no findings');
    expect(stdout.join('\n')).toContain('paraphrase attacks skipped');
  });

  it('exit 2 for a refused contract, with its path', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ contract_version: 'v1', matching: { forbidden_terms: 'fuzzy' } }));
    const { stderr, code } = await probe('--contract', bad);
    expect(code()).toBe(2);
    expect(stderr.join('\n')).toContain('$.matching.forbidden_terms: a match mode is "exact", "folded" or "loose"');
  });
});
