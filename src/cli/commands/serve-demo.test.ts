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
  const after = readme.slice(readme.indexOf(command) + command.length).split('\n').slice(1);
  return after.slice(0, after.findIndex((line) => !line.startsWith('# '))).map((line) => line.slice(2));
}

describe('npm start', () => {
  it("serves the API and the inspector on a fresh folder, with the recorded contracts and the trip example loaded, in a data folder of its own so the README's `warrant turn` prints what the README shows", async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'warrant-start-'));
    dirs.push(cwd);
    const { child, url, stdout, stderr, exited } = await spawnWarrant(['start', '--port', '0'], {
      cwd,
      env: { DATABASE_URL: '', WARRANT_DATA_DIR: '', WARRANT_API_KEYS: '', WARRANT_MODEL: '' },
      ready: /open (http:\/\/\S+)\/inspector/,
    });
    // The generated key is printed on stderr (printed before the address; the pipes may deliver it a moment later), never on stdout.
    const until = Date.now() + 10_000;
    while (!/warrant: {3}wk_/.test(stderr()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const key = /warrant: {3}(wk_\S+)/.exec(stderr())?.[1];
    expect(key).toBeDefined();
    expect(stdout()).not.toContain(key!);
    expect(stdout()).toMatch(/\d+ passed, 0 failed/);
    const auth = { authorization: `Bearer ${key}` };
    const effects = (await (await fetch(`${url}/v0/effects?limit=200`, { headers: auth })).json()) as { items: unknown[] };
    const fixtures = (await readdir(join(packageRoot(), 'fixtures', 'reply-contracts'))).filter((f) => f.endsWith('.json'));
    expect(effects.items).toHaveLength(fixtures.length);
    const turns = (await (await fetch(`${url}/v0/turns?limit=200`, { headers: auth })).json()) as { items: { id: string }[] };
    expect(turns.items.map((t) => t.id)).toContain('demo-en-1');
    expect((await fetch(`${url}/inspector`)).status).toBe(200);

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
    // Both embedded stores were created under the working folder, parents included: the demo's
    // own, and the CLI's default one that the turn used.
    expect(await readdir(join(cwd, '.warrant'))).toEqual(expect.arrayContaining(['demo', 'pgdata']));
  }, 600_000);
});
