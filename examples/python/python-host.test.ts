import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { listen, type RunningServer } from '../../src/server/listen.js';
import { automotiveContract, createTestServer, testKeys } from '../../src/server/testing.js';
import { openStore, type Database } from '../../src/store/index.js';
import { locales, workflows } from '../trip/index.js';

let db: Database;
let running: RunningServer;

beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
  const server = await createTestServer(db, { turns: { workflows, locales } });
  // Earlier fallbacks, so the script's listing (two a page) follows cursors across pages.
  for (const candidate of ['看車', '購買', '已經幫您預約']) await server.verify('acme', { contract: automotiveContract, candidates: [candidate] });
  running = await listen(server, { port: 0 });
});
afterAll(async () => {
  await running?.close();
  await db?.close();
});

/** The machine's own python3, with the standard library only (-I: no site packages, no user paths). */
const python = (args: string[], env: Record<string, string>) =>
  promisify(execFile)('python3', ['-I', join(packageRoot(), 'examples', 'python', 'warrant_host.py'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  });

describe('the Python host example', () => {
  it('verifies, lists effects across pages, runs a turn and reads a problem document', async () => {
    const { stdout } = await python(['--json'], { WARRANT_URL: running.url, WARRANT_KEY: testKeys.acme });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      verify: { status: string; body: string; effect_id: string };
      fallback_effect_ids: string[];
      turn: { turn_id: string; reply: string; receipts: string[] };
      problem: { status: number; code: string; paths: string[] };
    };
    expect(seen.verify).toMatchObject({ status: 'fallback', body: '已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。' });
    expect(seen.fallback_effect_ids).toHaveLength(4);
    expect(seen.fallback_effect_ids[0]).toBe(seen.verify.effect_id);
    expect(seen.turn.turn_id).toBe('example-1');
    expect(seen.turn.receipts).toEqual(['Trip started', 'Traveler added', 'Extra added']);
    expect(seen.turn.reply.length).toBeGreaterThan(0);
    expect(seen.problem).toEqual({ status: 400, code: 'invalid_input', paths: ['$.contract.forbiden_terms'] });
    expect(stdout).toContain('forbidden_term_present');
  }, 90_000);

  it('a wrong key is a 401 problem, reported and not a traceback', async () => {
    const failure = await python([], { WARRANT_URL: running.url, WARRANT_KEY: 'wk_wrong_key_0123456789' }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toContain('401 unauthorized');
  }, 90_000);
});
