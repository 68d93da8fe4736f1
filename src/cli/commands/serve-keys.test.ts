import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openStore } from '../../store/index.js';
import { memoryIo } from '../io.js';
import { startSidecar } from './serve.js';

const dirs: string[] = [];
const schemas: string[] = [];
const databaseUrl = process.env.DATABASE_URL?.trim();
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  if (databaseUrl && schemas.length > 0) {
    const admin = await openStore({ databaseUrl });
    for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
  }
});

/** Where each start of the test puts its store: one PGlite folder, or one fresh PostgreSQL schema. */
const targets: { name: string; env: (dir: string) => Record<string, string> }[] = [
  { name: 'pglite', env: (dir) => ({ WARRANT_DATA_DIR: join(dir, 'pgdata') }) },
  ...(databaseUrl
    ? [
        {
          name: 'postgres',
          env: () => {
            const schema = `t_${randomBytes(6).toString('hex')}`;
            schemas.push(schema);
            return { DATABASE_URL: databaseUrl, WARRANT_DATABASE_SCHEMA: schema };
          },
        },
      ]
    : []),
];

const key = (name: string) => `wk_test_${name}_${'0'.repeat(20)}`;

// Concurrent: each store's four starts run one after another, beside the other store's (PGlite's
// starts spend their time in its worker, PostgreSQL's waiting on the server).
describe.concurrent.each(targets)('W10: the configured keys are authoritative at every start ($name)', ({ env: storeEnv }) => {
  it('a removed key is 401 after a restart, two keys of one tenant rotate, a generated key (on stderr only) is revoked by configured keys, a shared keys file is warned about', async ({
    expect,
  }) => {
    const dir = await mkdtemp(join(tmpdir(), 'warrant-keys-'));
    dirs.push(dir);
    const base = { ...storeEnv(dir), WARRANT_API_KEYS: '' };
    const run = async (env: Record<string, string>, keysFile?: string) => {
      const { io, stdout, stderr } = memoryIo({ ...base, ...env }, dir);
      const sidecar = await startSidecar(io, { port: 0, ...(keysFile === undefined ? {} : { keysFile }) });
      const status = async (k: string) => (await fetch(`${sidecar.running.url}/v0/effects`, { headers: { authorization: `Bearer ${k}` } })).status;
      return { sidecar, stdout, stderr, status };
    };

    // Rotation: two keys of one tenant answer side by side (one from a private keys file: no warning).
    const file = join(dir, 'keys.json');
    await writeFile(file, JSON.stringify({ keys: [{ tenant_id: 'acme', key: key('one') }] }));
    await chmod(file, 0o600);
    let started = await run({ WARRANT_API_KEYS: `acme:${key('two')}` }, 'keys.json');
    expect([await started.status(key('one')), await started.status(key('two'))]).toEqual([200, 200]);
    expect(started.stderr.join('\n')).not.toContain('warning');
    await started.sidecar.stop();

    // The first key leaves the configuration: it no longer answers.
    started = await run({ WARRANT_API_KEYS: `acme:${key('two')},acme:${key('three')}` });
    expect([await started.status(key('one')), await started.status(key('two')), await started.status(key('three'))]).toEqual([401, 200, 200]);
    expect(started.stderr.join('\n')).toContain('revoked 1 stored API key');
    await started.sidecar.stop();

    // No key configured: one is generated, printed on stderr only, and it is the only key.
    started = await run({});
    const printed = /(wk_[A-Za-z0-9_-]{43})/.exec(started.stderr.join('\n'))?.[1];
    expect(printed).toBeDefined();
    expect(started.stdout.join('\n')).not.toContain(printed!);
    expect([await started.status(printed!), await started.status(key('two'))]).toEqual([200, 401]);
    await started.sidecar.stop();

    // Keys configured again (a keys file others can read): the generated key is revoked, and a warning says so about the file.
    await writeFile(file, JSON.stringify({ keys: [{ tenant_id: 'acme', key: key('four') }] }));
    await chmod(file, 0o644);
    started = await run({}, 'keys.json');
    expect([await started.status(printed!), await started.status(key('four'))]).toEqual([401, 200]);
    expect(started.stderr.join('\n')).toMatch(/keys file .*keys\.json is readable .* by group or others \(mode 0644\)/);
    await started.sidecar.stop();
  }, 600_000);
});
