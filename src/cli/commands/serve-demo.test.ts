import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import { spawnWarrant } from '../../server/testing.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** The lines the README shows after `command` (its `# ` comment lines), without the `# `. */
async function readmeShows(command: string): Promise<string[]> {
  const readme = await readFile(join(packageRoot(), 'README.md'), 'utf8');
  const after = readme
    .slice(readme.indexOf(command) + command.length)
    .split('\n')
    .slice(1);
  return after
    .slice(
      0,
      after.findIndex((line) => !line.startsWith('# ')),
    )
    .map((line) => line.slice(2));
}

describe('npm start', () => {
  it("serves at once on a fresh folder, before the background replay finishes; then the recorded contracts, match scenarios and trip example land in the store; stdout is JSON lines with --json; the README's `warrant turn` prints what the README shows", async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'warrant-start-'));
    dirs.push(cwd);
    const { child, url, stdout, stderr, exited } = await spawnWarrant(['start', '--port', '0', '--json'], {
      cwd,
      env: { DATABASE_URL: '', WARRANT_DATA_DIR: '', WARRANT_API_KEYS: '', WARRANT_MODEL: '' },
      ready: /"event":"serving","url":"(http:\/\/[^"]+)"/,
    });
    // Serving before the replay is done: the inspector answers while the scenarios are still loading.
    expect((await fetch(`${url}/inspector`)).status).toBe(200);
    expect(stdout()).not.toContain('"event":"replayed"');
    const until = Date.now() + 300_000;
    while (!stdout().includes('"event":"replayed"') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const events = stdout()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { event?: string; passed?: number; failed?: number; count?: number; kind?: string });
    const order = events.map((e) => e.event).filter((e) => e !== undefined);
    expect(order[0]).toBe('serving');
    expect(order.indexOf('replayed')).toBeGreaterThan(order.indexOf('scenario'));
    expect(events.find((e) => e.event === 'replayed')).toMatchObject({ failed: 0 });

    // The generated key is printed on stderr, never on stdout.
    const key = /warrant: {3}(wk_\S+)/.exec(stderr())?.[1];
    expect(key).toBeDefined();
    expect(stdout()).not.toContain(key!);
    const auth = { authorization: `Bearer ${key}` };
    const effects = (await (await fetch(`${url}/v0/effects?limit=200`, { headers: auth })).json()) as { items: unknown[] };
    const fixtures = (kind: string) => readdir(join(packageRoot(), 'fixtures', kind)).then((files) => files.filter((f) => f.endsWith('.json')));
    expect(effects.items).toHaveLength((await fixtures('reply-contracts')).length);
    // The Suggestions tab was empty after `npm start`: the match scenarios were replayed, never stored.
    const suggestions = (await (await fetch(`${url}/v0/suggestions?limit=200`, { headers: auth })).json()) as { items: { result_type: string }[] };
    expect(suggestions.items).toHaveLength((await fixtures('matches')).length);
    expect(new Set(suggestions.items.map((s) => s.result_type))).toEqual(new Set(['suggestions', 'clarification', 'hold', 'close']));
    const turns = (await (await fetch(`${url}/v0/turns?limit=200`, { headers: auth })).json()) as { items: { id: string }[] };
    expect(turns.items.map((t) => t.id)).toContain('demo-en-1');

    // The README's next command, in the same folder while the demo runs: the demo's trip is not
    // in the store the CLI uses, so this turn starts its own trip instead of meeting the demo's.
    const command = 'npx warrant turn --workflow examples/trip --turn examples/trip/first-turn.json';
    const shown = await readmeShows(command);
    expect(shown.length).toBeGreaterThan(2);
    const root = packageRoot();
    const trip = join(root, 'examples', 'trip');
    const turn = await promisify(execFile)(
      process.execPath,
      [join(root, 'bin', 'warrant.mjs'), 'turn', '--workflow', trip, '--turn', join(trip, 'first-turn.json')],
      { cwd, env: { ...process.env, DATABASE_URL: '', WARRANT_DATA_DIR: '', WARRANT_MODEL: '' } },
    );
    expect(turn.stdout.trimEnd().split('\n')).toEqual(shown);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(
      stdout()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).event)
        .at(-1),
    ).toBe('stopped');
    // Both embedded stores were created under the working folder, parents included: the demo's
    // own, and the CLI's default one that the turn used.
    expect(await readdir(join(cwd, '.warrant'))).toEqual(expect.arrayContaining(['demo', 'pgdata']));
  }, 600_000);
});
