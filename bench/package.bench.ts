/**
 * `package`: what a host gets from `npm install warrant`, measured on the packed tarball of this
 * build (`npm pack --ignore-scripts`, so `dist/` must be built first: `npm run build`).
 *
 * - `tarball_bytes`, `files`: the packed tarball's size and file count; `tarball_aim_bytes`: issue
 *   20's aim, 500 KB in npm's unit (1,000 bytes, as `npm pack` prints it), 500,000 bytes;
 *   `tarball_kb`: the size in that unit.
 * - `install_mb`: the size of `node_modules` in a new npm project after `npm install <tarball>
 *   ai@6.0.325` (npm's cache first; the optional peers are not installed).
 * - `import_ms`: per entry, the median time of `await import(entry)` in a fresh plain Node
 *   process of that project (Node's own start-up not counted; aim: `warrant/contract` ≤ 60 ms),
 *   beside `zod` alone (the copy installed with Warrant, the host's). `import_cpu_ms`: the same
 *   imports' median CPU time (user + system), less swayed by a loaded machine than the wall time.
 *   The entries take turns round by round, so a change in the machine's load falls on all of them.
 * - `contract_read_ms`: `warrant/contract` imported and one contract read, in a fresh process:
 *   `sound`, an example contract (read without a schema, so without zod), and `refused`, `{}`
 *   (its errors come from the schema, which loads zod then): what the import leaves for later.
 * - `speedup`: the root `warrant`'s import time over `warrant/contract`'s: what a host that only
 *   verifies replies saves by importing the contract layer alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';
import { median, report, round } from './measure.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** Issue 20: the packed tarball ≤ 500 KB, npm's kB (test/packed-tarball.test.ts holds it too). */
const TARBALL_AIM_BYTES = 500_000;
const ENTRIES = ['warrant/contract', 'warrant/ai-sdk', 'warrant/store', 'warrant/turn', 'warrant/server', 'warrant'];
const root = packageRoot();
const work = mkdtempSync(join(tmpdir(), 'warrant-package-bench-'));

/** Bytes under `dir`, files only (what the disk holds, not its blocks). */
function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

try {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' })) as {
    filename: string;
    size: number;
    entryCount: number;
  }[];
  const project = join(work, 'host');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', join(work, packed!.filename), 'ai@6.0.325'],
    {
      cwd: project,
      stdio: 'ignore',
    },
  );

  const exported = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: object }).exports);
  const sound = join(project, 'node_modules', 'warrant', 'examples', 'contracts', 'automotive-seller-valuation.json');
  /** What each fresh process runs, timed from its start to its end: wall and CPU milliseconds. */
  const cases: Record<string, string> = {
    zod: `await import('zod');`,
    ...Object.fromEntries(
      ENTRIES.filter((e) => exported.includes(e === 'warrant' ? '.' : `./${e.slice('warrant/'.length)}`)).map((e) => [
        e,
        `await import(${JSON.stringify(e)});`,
      ]),
    ),
    'read sound': `const { readContract } = await import('warrant/contract'); readContract(JSON.parse(readFileSync(${JSON.stringify(sound)}, 'utf8')));`,
    'read refused': `const { readContract } = await import('warrant/contract'); try { readContract({}); } catch {}`,
  };
  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, code] of Object.entries(cases)) {
      const out = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { readFileSync } from 'node:fs'; const c = process.cpuUsage(); const t = performance.now(); ${code} const u = process.cpuUsage(c); console.log(performance.now() - t, (u.user + u.system) / 1000);`,
        ],
        { cwd: project, encoding: 'utf8' },
      );
      const [ms, cpuMs] = out.trim().split(' ').map(Number);
      (wall[name] ??= []).push(ms!);
      (cpu[name] ??= []).push(cpuMs!);
    }
  }
  const medians = (samples: Record<string, number[]>, names: string[]) => Object.fromEntries(names.map((n) => [n, round(median(samples[n]!), 1)]));
  const imports = Object.keys(cases).filter((n) => !n.startsWith('read '));
  const importMs = medians(wall, imports);
  report('package', {
    tarball_kb: round(packed!.size / 1000, 1),
    tarball_bytes: packed!.size,
    tarball_aim_bytes: TARBALL_AIM_BYTES,
    files: packed!.entryCount,
    install_mb: round(sizeOf(join(project, 'node_modules')) / 1024 / 1024, 1),
    import_ms: importMs,
    import_cpu_ms: medians(cpu, imports),
    contract_read_ms: { sound: round(median(wall['read sound']!), 1), refused: round(median(wall['read refused']!), 1) },
    speedup: round(importMs.warrant! / importMs['warrant/contract']!, 1),
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
