import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCamelCaseSuggestion, testSuggestion, writeTestEvidence } from '../../server/testing-evidence.js';
import { suggestEvidenceToJson } from '../../suggest/suggest-evidence.js';
import { openStore } from '../../store/index.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';

// Each command opens the PGlite folder anew (seconds each on a loaded machine).
describe('warrant evidence', { timeout: 120_000 }, () => {
  let dir: string;
  let env: Record<string, string>;
  // A suggestion stored as the sidecar stored them before its evidence was stored in the wire form.
  const old = testSuggestion('m-old');
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'warrant-evidence-'));
    env = { WARRANT_DATA_DIR: join(dir, 'pgdata') };
    const db = await openStore({ dataDir: env.WARRANT_DATA_DIR! });
    await writeTestEvidence(db, 'acme', 'c1');
    await writeTestEvidence(db, 'beta', 'c1');
    await insertCamelCaseSuggestion(db, 'old', old);
    await db.close();
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const run = async (...argv: string[]) => {
    const m = memoryIo(env, dir);
    await runCli(argv, m.io);
    return { out: m.stdout.join('\n'), err: m.stderr.join('\n'), code: m.code() };
  };

  it('W13: verify exits 0 on an untouched store, 1 naming tenant, table and id once a row was changed by plain SQL', async () => {
    expect(await run('evidence', 'verify')).toMatchObject({ code: 0, out: expect.stringContaining('evidence intact') });
    const db = await openStore({ dataDir: env.WARRANT_DATA_DIR! });
    const [row] = await db.query<{ id: string }>(
      `update effects set candidates = '["edited"]' where id = (select min(id) from effects where tenant_id = 'beta') returning id`,
    );
    await db.close();
    const tampered = await run('evidence', 'verify');
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain(`CHANGED      tenant beta effects ${row!.id}`);
    const json = await run('evidence', 'verify', '--tenant', 'beta', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, problems: [{ tenantId: 'beta', table: 'effects', id: row!.id, kind: 'changed' }] });
  });

  it('W13: a suggestion stored camelCase before verifies clean and exports in the wire form, as a new one does', async () => {
    expect(await run('evidence', 'verify', '--tenant', 'old')).toMatchObject({ code: 0, out: expect.stringContaining('evidence intact') });
    const exported = await run('evidence', 'export', '--tenant', 'old');
    expect(exported.code).toBe(0);
    const lines = exported.out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { kind: string; id: string; record: { evidence: unknown } });
    const suggestion = lines.find((l) => l.kind === 'suggestions');
    expect(suggestion?.id).toBe(old.id);
    expect(suggestion?.record.evidence).toEqual(suggestEvidenceToJson(old.evidence));
    expect(suggestion?.record.evidence).toMatchObject({
      match_id: 'm-old',
      gates: [{ detail: { match_id: 'm-old', non_authoritative: { ai_generations: 0 } } }],
    });
  });

  it('W9: a --since that is no date is refused naming the option, with exit 2', async () => {
    const refused = await run('evidence', 'verify', '--since', 'last tuesday');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--since');
  });

  it('W13: erase removes a conversation once, and a second erase says it was already done', async () => {
    const first = await run('evidence', 'erase', '--tenant', 'acme', '--conversation', 'c1', '--by', 'ops');
    expect(first).toMatchObject({ code: 0, out: expect.stringMatching(/^erased 6 rows of conversation c1/) });
    const second = await run('evidence', 'erase', '--tenant', 'acme', '--conversation', 'c1');
    expect(second.out).toMatch(/^nothing to erase: conversation c1 of tenant acme was already erased/);
    const verified = await run('evidence', 'verify', '--tenant', 'acme');
    expect(verified.code).toBe(0);
    expect(verified.out).toContain('erased  6 rows by ops');
  });
});
