/**
 * How fast the CLI starts (`cli-start`), every figure a cold process measured in this run:
 * `warrant --help` and `warrant verify` (the automotive contract, one candidate) as ratios to
 * `node -e 0`, and as they ran before the build (the sources through tsx); `warrant replay` over
 * every recorded scenario; and `warrant start` on a fresh data folder until it serves (the
 * replay, the trip example, PGlite's first start with its migrations, the demo data).
 * `speedup` is node -e 0's time / `warrant verify`'s (1 would be a bare Node script).
 */
import { spawn } from 'node:child_process';
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
function timed(args: readonly string[], { cwd = root, until, out: sink }: { cwd?: string; until?: RegExp; out?: (text: string) => void } = {}): Promise<number> {
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
const fresh = await mkdtemp(join(tmpdir(), 'warrant-start-'));
let startMs: number;
try {
  startMs = await timed([bin, 'start', '--port', '0'], { cwd: fresh, until: /warrant: open http:\/\/127\.0\.0\.1:\d+\/inspector/ });
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
  start_to_serving_fresh_data_folder_ms: round(startMs, 0),
  baseline: 'node -e 0, cold, in the same rounds',
  speedup: round(m.node / m.verify, 3),
});
