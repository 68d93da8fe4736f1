import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import { spawnWarrant } from '../../server/testing.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('npm start', () => {
  it('serves the API and the inspector on a fresh folder, with the recorded contracts and the trip example loaded', async () => {
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
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The embedded store was created under the working folder, parents included.
    expect(await readdir(join(cwd, '.warrant'))).toContain('pgdata');
  }, 90_000);
});
