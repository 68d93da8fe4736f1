import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { replyEffectJsonSchema } from '../../contract/index.js';
import { automotiveContractJson, SAFE_AUTOMOTIVE_CANDIDATE as SAFE, UNSAFE_AUTOMOTIVE_CANDIDATE } from '../../contract/testing-contracts.js';
import { packageRoot } from '../../package-root.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-verify-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const contractFile = join(dir, 'contract.json');
await writeFile(contractFile, JSON.stringify(automotiveContractJson()));
const safeFile = join(dir, 'safe.txt');
await writeFile(safeFile, SAFE);

async function verify(...args: string[]) {
  const run = memoryIo({}, dir);
  await runCli(['verify', ...args], run.io);
  return run;
}

describe('warrant verify', () => {
  it('--json prints exactly the effect JSON and exits 0 for a fallback', async () => {
    const { stdout, stderr, code } = await verify('--contract', 'contract.json', '--candidate-text', UNSAFE_AUTOMOTIVE_CANDIDATE, '--json');
    expect(code()).toBe(0);
    expect(stderr).toEqual([]);
    const effect = replyEffectJsonSchema.parse(JSON.parse(stdout.join('\n')));
    expect(effect.status).toBe('fallback');
    expect(effect.body).toBe(automotiveContractJson().fallback_body);
    expect(effect.candidates[0]!.forbidden_terms_present).toEqual(['看車', '已經幫您預約']);
  });

  it('keeps the command-line order of --candidate files and --candidate-text texts', async () => {
    const { stdout, code } = await verify(
      '--contract',
      contractFile,
      '--candidate-text',
      UNSAFE_AUTOMOTIVE_CANDIDATE,
      '--candidate',
      'safe.txt',
      '--candidate-text',
      '看車',
      '--json',
    );
    expect(code()).toBe(0);
    const effect = JSON.parse(stdout.join('\n'));
    expect(effect.selected_candidate).toBe(1);
    expect(effect.body).toBe(SAFE);
    expect(effect.candidates.map((c: { passed: boolean }) => c.passed)).toEqual([false, true, false]);
  });

  it('v1: the marked line brackets a disguised occurrence in the original text, and names its disguises', async () => {
    const v1File = join(dir, 'contract-v1.json');
    await writeFile(v1File, JSON.stringify({ ...automotiveContractJson(), contract_version: 'v1' }));
    const { stdout, code } = await verify('--contract', v1File, '--candidate-text', '沒問題，已經\u200b幫您預約明天看⾞。');
    expect(code()).toBe(0);
    expect(stdout).toContain('  marked                  沒問題，⟦已經\u200b幫您預約⟧明天⟦看⾞⟧。');
    expect(stdout).toContain('  disguised               「已經幫您預約」 at [4, 11) as ignorable');
    expect(stdout).toContain('  disguised               「看車」 at [13, 15) as fullwidth');
  });

  it('without --json, reports each violation and marks forbidden occurrences in the candidate', async () => {
    const { stdout, code } = await verify('--contract', contractFile, '--candidate-text', UNSAFE_AUTOMOTIVE_CANDIDATE);
    expect(code()).toBe(0);
    expect(stdout).toContain('candidate 0  REJECTED');
    expect(stdout).toContain('  forbidden present       「看車」, 「已經幫您預約」');
    expect(stdout).toContain('  marked                  沒問題，⟦已經幫您預約⟧明天下午兩點⟦看車⟧。');
    expect(stdout).toContain('status     fallback: no candidate passed; the approved fallback is shown');
    expect(stdout.at(-1)).toBe(`body       ${automotiveContractJson().fallback_body}`);
  });

  it('exits 2 for a refused contract, with its path on stderr and no stack trace', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ ...automotiveContractJson(), forbiden_terms: ['看車'] }));
    const { stdout, stderr, code } = await verify('--contract', bad, '--candidate-text', 'x');
    expect(code()).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr.join('\n')).toContain('$.forbiden_terms: unknown key');
    expect(stderr.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('exits 2 for an unreadable or malformed contract file', async () => {
    expect((await verify('--contract', 'missing.json', '--candidate-text', 'x')).code()).toBe(2);
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"contract_version": ');
    const { stderr, code } = await verify('--contract', broken, '--candidate-text', 'x');
    expect(code()).toBe(2);
    expect(stderr.join('\n')).toContain('$: not valid JSON');
  });

  it('a duplicate term is a warning on stderr: exit 0, and stdout is still exactly the effect JSON', async () => {
    const dup = join(dir, 'dup.json');
    const json = automotiveContractJson();
    await writeFile(dup, JSON.stringify({ ...json, forbidden_terms: [...json.forbidden_terms, '看車'] }));
    const { stdout, stderr, code } = await verify('--contract', dup, '--candidate', 'safe.txt', '--json');
    expect(code()).toBe(0);
    expect(stderr).toEqual(['warrant: warning: $.forbidden_terms[3]: duplicate of forbidden_terms[0] "看車"; it is checked once']);
    expect(replyEffectJsonSchema.parse(JSON.parse(stdout.join('\n'))).status).toBe('accepted');
  });

  it('exits 2 when no candidate is given', async () => {
    const { stderr, code } = await verify('--contract', contractFile);
    expect(code()).toBe(2);
    expect(stderr.join('\n')).toContain('give at least one --candidate FILE or --candidate-text TEXT');
  });

  it('runs through the real bin: effect JSON on stdout, exit 0; refused contract, exit 2', async () => {
    const run = promisify(execFile);
    const bin = join(packageRoot(), 'bin', 'warrant.mjs');
    const ok = await run(process.execPath, [bin, 'verify', '--contract', contractFile, '--candidate', safeFile, '--json']);
    expect(JSON.parse(ok.stdout).status).toBe('accepted');
    const bad = join(dir, 'v1.json');
    await writeFile(bad, JSON.stringify({ ...automotiveContractJson(), contract_version: 'v2' }));
    const refused = await run(process.execPath, [bin, 'verify', '--contract', bad, '--candidate-text', 'x']).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('$.contract_version: contract_version must be "v0" or "v1"');
  });
});
