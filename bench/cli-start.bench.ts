/**
 * How fast the CLI starts (`cli-start`), every figure a cold process measured in this run:
 * `warrant --help` and `warrant verify` (the automotive contract, one candidate) as ratios to
 * `node -e 0`, and as they ran before the build (the sources through tsx); `warrant replay` over
 * every recorded scenario; and `npm start`'s command on a fresh data folder: until it serves
 * (PGlite's first start, from the initdb snapshot when `npm install` made one, and its
 * migrations), until its background work is done (the demo data, the trip example, every
 * scenario replayed), and its peak RSS over both (the process's VmHWM, worker threads included).
 * `speedup` is node -e 0's time / `warrant verify`'s (1 would be a bare Node script).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';
import { median, report, round } from './measure.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const root = packageRoot();
const bin = join(root, 'bin', 'warrant.mjs');
const contract = join(root, 'examples', 'contracts', 'automotive-seller-valuation.json');
const verifyArgs = ['verify', '--contract', contract, '--candidate-text', '您好，請問您方便什麼時候帶車過來檢查？'];

/** Runs `node args` to its end (or until stdout matches `until`, then SIGTERM); milliseconds. */
function timed(
  args: readonly string[],
  { cwd = root, until, out: sink }: { cwd?: string; until?: RegExp; out?: (text: string) => void } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let at: number | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (until && at === undefined && until.test(out)) {
        at = performance.now() - t0;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      if (until) return at === undefined ? reject(new Error(`never ready: ${err.slice(-400)}`)) : resolve(at);
      sink?.(out);
      // `warrant replay` exits 1 when a scenario differs (a model turn timing out on a loaded
      // machine): still a full replay, reported with its tally.
      if (code !== 0 && !sink) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${err.slice(-400)}`));
      resolve(performance.now() - t0);
    });
  });
}

type Command = 'node' | 'help' | 'verify' | 'helpTsx' | 'verifyTsx';
const samples: Record<Command, number[]> = { node: [], help: [], verify: [], helpTsx: [], verifyTsx: [] };
// Interleaved rounds, so the noise of a shared machine falls on every command alike.
for (let i = -1; i < ROUNDS; i++) {
  const round = {
    node: await timed(['-e', '0']),
    help: await timed([bin, '--help']),
    verify: await timed([bin, ...verifyArgs]),
    helpTsx: await timed(['--import', 'tsx', join(root, 'src', 'cli', 'main.ts'), '--help']),
    verifyTsx: await timed(['--import', 'tsx', join(root, 'src', 'cli', 'main.ts'), ...verifyArgs]),
  };
  if (i >= 0) for (const k of Object.keys(round) as Command[]) samples[k].push(round[k]);
}
const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as Record<Command, number>;

let tally = '';
const replayMs = await timed([bin, 'replay'], { out: (text) => (tally = /\d+ passed, \d+ failed/.exec(text)?.[0] ?? '') });

/** The Node options `npm start` runs the CLI with (package.json's `scripts.start`, between `node` and the bin). */
function npmStartNodeOptions(): string[] {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split(/\s+/);
  const bin = words.indexOf('bin/warrant.mjs');
  return words.slice(words.lastIndexOf('node', bin) + 1, bin);
}

/** The process's peak resident set so far (Linux VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

/** `npm start`'s command with `--json` on a fresh folder: ms to the `serving` event, ms to `replayed`, peak RSS until then. */
function startFresh(cwd: string): Promise<{ servingMs: number; loadedMs: number; peakMb: number; tally: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...npmStartNodeOptions(), bin, 'start', '--port', '0', '--json'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let servingMs: number | undefined;
    let result: { servingMs: number; loadedMs: number; peakMb: number; tally: string } | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
        const event = JSON.parse(out.slice(0, i)) as { event?: string; passed?: number; failed?: number };
        out = out.slice(i + 1);
        if (event.event === 'serving') servingMs = performance.now() - t0;
        if (event.event === 'replayed' && servingMs !== undefined) {
          result = { servingMs, loadedMs: performance.now() - t0, peakMb: peakRssMb(child.pid!), tally: `${event.passed} passed, ${event.failed} failed` };
          child.kill('SIGTERM');
        }
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', () => (result ? resolve(result) : reject(new Error(`warrant start never finished loading: ${err.slice(-400)}`))));
  });
}

const fresh = await mkdtemp(join(tmpdir(), 'warrant-start-'));
let start: Awaited<ReturnType<typeof startFresh>>;
try {
  start = await startFresh(fresh);
} finally {
  await rm(fresh, { recursive: true, force: true });
}

report('cli-start', {
  rounds: ROUNDS,
  node_e0_ms: round(m.node, 1),
  help_ms: round(m.help, 1),
  verify_ms: round(m.verify, 1),
  help_ratio_to_node: round(m.help / m.node, 2),
  verify_ratio_to_node: round(m.verify / m.node, 2),
  help_from_sources_via_tsx_ms: round(m.helpTsx, 1),
  verify_from_sources_via_tsx_ms: round(m.verifyTsx, 1),
  replay_every_scenario_ms: round(replayMs, 0),
  replay_tally: tally,
  start_to_serving_fresh_data_folder_ms: round(start.servingMs, 0),
  // On a loaded machine every figure here swells alike: this one against node -e 0 says more.
  start_to_serving_ratio_to_node: round(start.servingMs / m.node, 1),
  start_to_scenarios_loaded_and_replayed_ms: round(start.loadedMs, 0),
  start_peak_rss_mb: round(start.peakMb, 0),
  start_replay_tally: start.tally,
  start_node_options: npmStartNodeOptions().join(' '),
  baseline: 'node -e 0, cold, in the same rounds',
  speedup: round(m.node / m.verify, 3),
});
