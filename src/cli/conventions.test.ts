import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { automotiveContractJson, UNSAFE_AUTOMOTIVE_CANDIDATE } from '../contract/testing-contracts.js';
import { packageRoot } from '../package-root.js';
import { memoryIo } from './io.js';
import { commands, runCli } from './program.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-conventions-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const contractFile = join(dir, 'contract.json');
const contractText = JSON.stringify(automotiveContractJson());
await writeFile(contractFile, contractText);
const fixtures = join(packageRoot(), 'fixtures');
const acceptedFixture = join(fixtures, 'reply-contracts', 'automotive-safe-candidate-accepted.json');
const match = join(fixtures, 'matches', 'en-hold-awaiting-reply.json');

async function run(args: string[], { stdin, interactive }: { stdin?: string; interactive?: boolean } = {}) {
  const r = memoryIo({ WARRANT_MODEL: '' }, dir, { ...(stdin === undefined ? {} : { stdin }), ...(interactive ? { interactive } : {}) });
  await runCli(args, r.io);
  return { stdout: r.stdout.join('\n'), stderr: r.stderr.join('\n'), code: r.code() };
}

describe('CLI conventions: - is standard input for every file argument', () => {
  it('verify --contract - and --candidate - read stdin', async () => {
    const contract = await run(['verify', '--contract', '-', '--candidate-text', UNSAFE_AUTOMOTIVE_CANDIDATE, '--json'], { stdin: contractText });
    expect(contract.code).toBe(0);
    expect(JSON.parse(contract.stdout).status).toBe('fallback');
    const candidate = await run(['verify', '--contract', contractFile, '--candidate', '-', '--json'], { stdin: UNSAFE_AUTOMOTIVE_CANDIDATE });
    expect(JSON.parse(candidate.stdout).candidates[0].forbidden_terms_present).toEqual(['看車', '已經幫您預約']);
  });

  it('probe --contract -, suggest -, turn --turn - and replay - read stdin', async () => {
    const probe = await run(['probe', '--contract', '-', '--json'], { stdin: contractText });
    expect(JSON.parse(probe.stdout).findings.length).toBeGreaterThan(0);
    const recorded = JSON.parse(await readFile(match, 'utf8')) as { match: unknown; now: string };
    const suggest = await run(['suggest', '-', '--now', recorded.now, '--json'], { stdin: JSON.stringify(recorded.match) });
    expect(suggest.code).toBe(0);
    expect(JSON.parse(suggest.stdout).resultType).toBe('hold');
    // The turn input is refused before any store opens: its path proves stdin was what was read.
    const turn = await run(['turn', '--workflow', join(packageRoot(), 'examples', 'trip'), '--turn', '-'], { stdin: '{"turn_id": "t1"}' });
    expect(turn.code).toBe(2);
    expect(turn.stderr).toContain('$.conversation_id');
    const replay = await run(['replay', '-', '--json'], { stdin: await readFile(acceptedFixture, 'utf8') });
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject({ passed: 1, failed: 0, outcomes: [{ passed: true }] });
  });

  it('stdin is read once: a second - is refused by name, and - with no stdin is refused too', async () => {
    const twice = await run(['verify', '--contract', '-', '--candidate', '-'], { stdin: contractText });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('- (standard input) is already read for the reply contract');
    const none = await run(['verify', '--contract', '-', '--candidate-text', 'x']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('cannot read -');
  });
});

describe('CLI conventions: options', () => {
  it('an unknown option is reported first, before a missing required one; a missing one alone is still named', async () => {
    const unknown = await run(['verify', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--bogus'");
    expect(unknown.stderr).not.toContain('--contract');
    const missing = await run(['verify', '--candidate-text', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--contract <file>' not specified");
    expect((await run(['probe', '--bogus'])).stderr).toContain("unknown option '--bogus'");
    expect((await run(['turn', '--bogus'])).stderr).toContain("unknown option '--bogus'");
  });

  it('suggest --evidence without --json is refused, not ignored', async () => {
    const r = await run(['suggest', match, '--evidence']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--evidence: needs --json');
  });

  it('--help of the program and of every command shows examples and the exit codes', async () => {
    for (const args of [['--help'], ...commands.map((c) => [c.name, '--help'])]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/\nExamples:\n {2}\$ (warrant|npm) /);
      expect(r.stdout, args.join(' ')).toMatch(/\nExit codes:\n {2}0 {2}\S[\s\S]*\n {2}2 {2}\S/);
    }
  });
});

describe('CLI conventions: replay output', () => {
  const folder = join(fixtures, 'probes');

  it('n/N before each outcome on a terminal; the same lines without it when piped', async () => {
    const tty = await run(['replay', folder], { interactive: true });
    expect(
      tty.stdout
        .split('\n')
        .slice(0, 3)
        .map((l) => l.slice(0, 5)),
    ).toEqual(['1/3  ', '2/3  ', '3/3  ']);
    const piped = await run(['replay', folder]);
    expect(piped.stdout.split('\n')).toEqual([
      ...tty.stdout
        .split('\n')
        .slice(0, 3)
        .map((l) => l.slice(5)),
      '3 passed, 0 failed',
    ]);
    expect(piped.stderr).toBe('');
  });

  it('--json prints one document: the tally and every outcome', async () => {
    const r = await run(['replay', folder, '--json']);
    const report = JSON.parse(r.stdout) as {
      passed: number;
      failed: number;
      outcomes: { name: string; file: string; passed: boolean; differences: string[] }[];
    };
    expect(report).toMatchObject({ passed: 3, failed: 0 });
    expect(report.outcomes.map((o) => o.file)).toEqual(expect.arrayContaining([expect.stringContaining('automotive-v0-disguise-holes.json')]));
  });

  it('through the real bin: stdin piped in, a piped replay adds nothing, a terminal shows n/N (two processes)', async () => {
    const bin = join(packageRoot(), 'bin', 'warrant.mjs');
    const piped = promisify(execFile)(process.execPath, [bin, 'replay', folder], { cwd: dir });
    // `script` gives the child a pseudo-terminal, as a person's shell would.
    const terminal = promisify(execFile)('script', ['-qec', `${process.execPath} ${bin} replay ${folder}`, '/dev/null'], { cwd: dir });
    const [p, t] = await Promise.all([piped, terminal]);
    expect(p.stdout).not.toMatch(/\d\/3/);
    expect(p.stdout).toContain('3 passed, 0 failed');
    expect(t.stdout).toMatch(/1\/3 {2}pass/);
  }, 60_000);
});
