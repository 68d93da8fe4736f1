import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecordId, recordIdTime } from '../evidence/record-id.js';
import { verifyEvidence } from '../evidence/verify-evidence.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { fixtureRequest, matchFixtureSchema } from '../suggest/match-fixture.js';
import { suggestEvidenceToJson } from '../suggest/suggest-evidence.js';
import { suggestReplies } from '../suggest/suggest-replies.js';
import { exportEvidence } from './evidence-export.js';
import { getSuggestion, insertSuggestion, listSuggestions, type SuggestionRow } from './suggestion-queries.js';
import { insertCamelCaseSuggestion } from './testing-evidence.js';
import { createTestServer, testKeys } from './testing.js';

/** A stored request of the recorded happy-path match: suggestions, audits, candidates, four model calls. */
async function happyRow(): Promise<SuggestionRow> {
  const file = join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json');
  const fixture = matchFixtureSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const request = fixtureRequest(fixture);
  const { result, evidence } = await suggestReplies(request);
  const id = newRecordId('sug_');
  return { id, createdAt: new Date(recordIdTime(id, 'sug_')!), matchId: request.match.id, resultType: result.resultType, result, evidence, traceId: null };
}

/** Every object key at every depth of `value`. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [key, ...keysOf(v)]);
}

describe.each(storeTargets())('stored suggestion evidence on $name', (target) => {
  let db: Database;
  let row: SuggestionRow;
  beforeAll(async () => {
    db = await target.open();
    row = await happyRow();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const storedEvidence = async (tenant: string, id: string) =>
    (await db.query<{ evidence: unknown }>('select evidence from suggestions where tenant_id = $1 and id = $2', [tenant, id]))[0]!.evidence;

  it('new rows keep the evidence in its wire form, snake_case at every depth, and read back as the evidence that was stored', async () => {
    await insertSuggestion(db, 'wire', row);
    const stored = await storedEvidence('wire', row.id);
    expect(keysOf(stored).filter((k) => /[A-Z]/.test(k))).toEqual([]);
    expect(stored).toEqual(suggestEvidenceToJson(row.evidence));
    expect(await getSuggestion(db, 'wire', row.id)).toEqual(row);
    expect(await listSuggestions(db, 'wire', { limit: 10 })).toEqual([row]);
    expect((await verifyEvidence(db, { tenantId: 'wire' })).problems).toEqual([]);
  });

  it('W13: a row the old code stored camelCase verifies clean beside a new one, and reads back, serves and exports as the new one does', async () => {
    const old = { ...row, id: newRecordId('sug_') };
    const fresh = { ...row, id: newRecordId('sug_') };
    await insertCamelCaseSuggestion(db, 'acme', old);
    await insertSuggestion(db, 'acme', fresh);
    // The old row really is the old form: the library's camelCase evidence, as it was sealed.
    expect(await storedEvidence('acme', old.id)).toEqual(JSON.parse(JSON.stringify(row.evidence)));

    const report = await verifyEvidence(db, { tenantId: 'acme' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]).toMatchObject({ tenantId: 'acme', rows: 2 });

    expect((await getSuggestion(db, 'acme', old.id))?.evidence).toEqual(row.evidence);
    const server = await createTestServer(db);
    const served = async (id: string) =>
      (await (await server.app.request(`/v0/suggestions/${id}`, { headers: { authorization: `Bearer ${testKeys.acme}` } })).json()) as Record<string, unknown>;
    const [oldServed, freshServed] = [await served(old.id), await served(fresh.id)];
    expect(oldServed).toEqual({ ...freshServed, id: old.id });
    expect(oldServed.evidence).toEqual(suggestEvidenceToJson(row.evidence));

    const exported: Record<string, { evidence: unknown }> = {};
    for await (const line of exportEvidence(db, { tenantId: 'acme' })) {
      const parsed = JSON.parse(line) as { kind: string; id: string; record: { evidence: unknown } };
      if (parsed.kind === 'suggestions') exported[parsed.id] = parsed.record;
    }
    expect(exported[old.id]?.evidence).toEqual(suggestEvidenceToJson(row.evidence));
    expect(exported[fresh.id]?.evidence).toEqual(exported[old.id]?.evidence);
  });

  it('an old camelCase row stored before the record had a boundary ledger, suspicions or an unavailable member reads with them empty', async () => {
    const old = { ...row, id: newRecordId('sug_') };
    await insertCamelCaseSuggestion(db, 'older', old);
    await db.query(`update suggestions set evidence = evidence - 'boundaries' - 'suspicions' - 'unavailable' where tenant_id = 'older'`);
    const read = await getSuggestion(db, 'older', old.id);
    expect(read?.evidence).toEqual({ ...row.evidence, boundaries: [], suspicions: [], unavailable: null });
  });

  it("evidence stored in neither form is the store's fault, naming the row and the path", async () => {
    const broken = { ...row, id: newRecordId('sug_') };
    await insertSuggestion(db, 'broken', broken);
    await db.query(`update suggestions set evidence = jsonb_set(evidence, '{gates,0,gate}', '"nowhere"') where tenant_id = 'broken'`);
    const read = getSuggestion(db, 'broken', broken.id);
    await expect(read).rejects.toMatchObject({ name: 'StoreError' });
    await expect(read).rejects.toThrow(`the stored evidence of suggestion ${broken.id} does not match its schema: $.gates.0.gate`);
  });
});
