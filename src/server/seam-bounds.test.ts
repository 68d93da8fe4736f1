import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, workflows } from '../../examples/trip/index.js';
import type { ParaphraseSource } from '../probe/index.js';
import { automotiveContractJson } from '../contract/testing-contracts.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { SuggestSkills } from '../suggest/index.js';
import type { KnowledgeSource, TurnWriter } from '../turn/index.js';
import { createTestServer, testKeys } from './testing.js';

/** Seam calls that never settle, whatever their signal says; the signals they were handed are kept. */
const signals: AbortSignal[] = [];
const never = (options?: { signal?: AbortSignal }) => {
  if (options?.signal) signals.push(options.signal);
  return new Promise<never>(() => {});
};
const hungSkills: SuggestSkills = {
  readBurst: (_input, options) => never(options),
  planStrategy: (_input, options) => never(options),
  draftCandidates: (_input, options) => never(options),
  reviewCandidates: (_input, options) => never(options),
};
const hungParaphrase: ParaphraseSource = (_contract, _count, options) => never(options);
const hungKnowledge: KnowledgeSource = { lookup: (_q, _r, options) => never(options) };
const writer: TurnWriter = {
  answer: async (request) => ({ ok: true, text: `knowledge ${request.knowledge.status}`, status: 'answered', calls: [] }),
  acknowledge: async () => ({ ok: true, text: 'ack', calls: [] }),
};

const json = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' };
/** Resolves with `work`'s time, failing past what a loaded machine needs. */
const within = async <T>(ms: number, work: () => T | Promise<T>) => {
  const started = performance.now();
  const value = await work();
  expect(performance.now() - started).toBeLessThan(ms);
  return value;
};

describe('the sidecar bounds every seam: a client that leaves cancels it, and none holds the drain', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMemoryStore();
  });
  afterAll(async () => {
    await db.close();
  });

  it('a turn whose knowledge source never answers is answered within the seam timeout, and the drain is not held', async () => {
    const server = await createTestServer(db, { turns: { workflows, locales, writer, knowledge: hungKnowledge, seamTimeoutMs: 150 } });
    const body = {
      turn_id: 'kq',
      conversation_id: 'c',
      locale: 'en',
      understanding: {
        acts: [{ operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' } }],
        questions: [{ text: 'Is Oslo cold?', kind: 'other' }],
      },
    };
    const res = await within(10_000, () => server.app.request('/v0/turns', { method: 'POST', headers: json, body: JSON.stringify(body) }));
    expect(res.status).toBe(200);
    const turn = (await res.json()) as { blocks: { kind: string; text: string }[] };
    expect(turn.blocks.filter((b) => b.kind === 'answer').map((b) => b.text)).toEqual(['knowledge unavailable']);
    await within(5_000, () => server.drain());
  });

  it('POST /v0/suggestions and the probe are cancelled when the client goes away: their seams’ signals abort, nothing is stored, the drain is not held', async () => {
    const server = await createTestServer(db, { suggestions: { skills: hungSkills }, probeParaphrase: hungParaphrase });
    const match = JSON.parse(await readFile(join(packageRoot(), 'examples', 'suggest', 'match.json'), 'utf8'));
    for (const [path, body] of [
      ['/v0/suggestions', { match, now: '2026-11-19T21:00:00Z' }],
      ['/v0/reply-contracts/probe', { contract: automotiveContractJson() }],
    ] as const) {
      const before = signals.length;
      const client = new AbortController();
      const answered = server.app.request(path, { method: 'POST', headers: json, body: JSON.stringify(body), signal: client.signal });
      for (let i = 0; i < 400 && signals.length === before; i++) await new Promise((r) => setTimeout(r, 25));
      expect(signals.length, path).toBe(before + 1);
      client.abort();
      const res = await within(5_000, () => answered);
      expect(res.status, path).toBe(499);
      expect(signals.at(-1)!.aborted, path).toBe(true);
      await within(5_000, () => server.drain());
    }
    const [row] = await db.query<{ n: number }>("select count(*)::int8 as n from suggestions where tenant_id = 'acme'");
    expect(row!.n).toBe(0);
  }, 30_000);
});
