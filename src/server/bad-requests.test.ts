import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import { openStore, type Database } from '../store/index.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

/** One request the server must refuse, and how. */
interface BadRequest {
  readonly name: string;
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  /** A string or bytes as sent; an object is sent as JSON. */
  readonly body?: unknown;
  readonly status: number;
  readonly code: string;
  /** JSON paths the problem must name (each must appear among its issues). */
  readonly paths?: readonly string[];
}

const VERIFY = '/v0/reply-contracts/verify';
const good = { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] };
const contractWith = (patch: Record<string, unknown>) => ({ ...good, contract: { ...automotiveContract, ...patch } });
const withoutKey = (key: string) => Object.fromEntries(Object.entries(automotiveContract).filter(([k]) => k !== key));
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const LIMIT = 4096;

const table: BadRequest[] = [
  { name: 'no content type', headers: { 'content-type': '' }, body: JSON.stringify(good), status: 415, code: 'unsupported_media_type' },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(good), status: 415, code: 'unsupported_media_type' },
  { name: 'a form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'contract=1', status: 415, code: 'unsupported_media_type' },
  { name: 'JSON in latin1', headers: { 'content-type': 'application/json; charset=latin1' }, body: JSON.stringify(good), status: 415, code: 'unsupported_media_type' },
  { name: 'malformed JSON', body: '{"contract": ', status: 400, code: 'malformed_json', paths: ['$'] },
  { name: 'an empty body', body: '', status: 400, code: 'malformed_json', paths: ['$'] },
  { name: 'trailing garbage', body: '{} x', status: 400, code: 'malformed_json', paths: ['$'] },
  { name: 'bytes that are not UTF-8', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), status: 400, code: 'malformed_json', paths: ['$'] },
  { name: 'a declared length over the limit', body: JSON.stringify({ ...good, candidates: ['x'.repeat(LIMIT)] }), status: 413, code: 'payload_too_large' },
  { name: 'a streamed body over the limit', body: 'stream', status: 413, code: 'payload_too_large' },
  { name: 'nesting deeper than the limit', body: `{"contract": ${nested(40)}, "candidates": []}`, status: 400, code: 'too_deep', paths: ['$'] },
  { name: 'a top-level array', body: [], status: 400, code: 'invalid_input', paths: ['$'] },
  { name: 'a top-level null', body: null, status: 400, code: 'invalid_input', paths: ['$'] },
  { name: 'no contract', body: { candidates: [] }, status: 400, code: 'invalid_input', paths: ['$.contract'] },
  { name: 'no candidates', body: { contract: automotiveContract }, status: 400, code: 'invalid_input', paths: ['$.candidates'] },
  { name: 'candidates as a string', body: { ...good, candidates: 'hi' }, status: 400, code: 'invalid_input', paths: ['$.candidates'] },
  { name: 'a candidate that is a number', body: { ...good, candidates: ['ok', 7] }, status: 400, code: 'invalid_input', paths: ['$.candidates[1]'] },
  { name: 'a candidate with a lone surrogate', body: { ...good, candidates: ['\ud800'] }, status: 400, code: 'invalid_input', paths: ['$.candidates[0]'] },
  { name: 'too many candidates', body: { ...good, candidates: Array.from({ length: 65 }, () => 'a') }, status: 400, code: 'invalid_input', paths: ['$.candidates'] },
  { name: 'an unknown top-level key', body: { ...good, candidatez: [] }, status: 400, code: 'invalid_input', paths: ['$.candidatez'] },
  { name: 'a misspelt forbiden_terms', body: contractWith({ forbiden_terms: ['看車'] }), status: 400, code: 'invalid_input', paths: ['$.contract.forbiden_terms'] },
  { name: 'contract_version v2', body: contractWith({ contract_version: 'v2' }), status: 400, code: 'invalid_input', paths: ['$.contract.contract_version'] },
  { name: 'no fallback_body', body: { ...good, contract: withoutKey('fallback_body') }, status: 400, code: 'invalid_input', paths: ['$.contract.fallback_body'] },
  { name: 'an empty forbidden term', body: contractWith({ forbidden_terms: [''] }), status: 400, code: 'invalid_input', paths: ['$.contract.forbidden_terms[0]'] },
  { name: 'an empty interaction_kind', body: contractWith({ interaction_kind: '' }), status: 400, code: 'invalid_input', paths: ['$.contract.interaction_kind'] },
  { name: 'entity_roles as a list', body: contractWith({ entity_roles: ['seller'] }), status: 400, code: 'invalid_input', paths: ['$.contract.entity_roles'] },
  { name: 'must_ask as a string', body: contractWith({ must_ask: '待估車輛的車牌與里程' }), status: 400, code: 'invalid_input', paths: ['$.contract.must_ask'] },
  { name: 'W2: a fallback holding a forbidden term', body: contractWith({ forbidden_terms: ['看車', '真人顧問'] }), status: 400, code: 'invalid_input', paths: ['$.contract.forbidden_terms[1]'] },
  { name: 'W2: a fallback missing a required term', body: contractWith({ must_ask: ['待估車輛的車牌與里程', '身分證字號'] }), status: 400, code: 'invalid_input', paths: ['$.contract.fallback_body'] },
  { name: 'the contract as a string', body: { ...good, contract: 'v0' }, status: 400, code: 'invalid_input', paths: ['$.contract'] },
  { name: 'limit 0', method: 'GET', path: '/v0/effects?limit=0', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'limit over the page maximum', method: 'GET', path: '/v0/effects?limit=1000', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'limit not a number', method: 'GET', path: '/v0/effects?limit=ten', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'an unknown status', method: 'GET', path: '/v0/effects?status=maybe', status: 400, code: 'invalid_input', paths: ['$.status'] },
  { name: 'since that is not a time', method: 'GET', path: '/v0/effects?since=yesterday', status: 400, code: 'invalid_input', paths: ['$.since'] },
  { name: 'a cursor this server did not issue', method: 'GET', path: '/v0/effects?cursor=bm90LWEtY3Vyc29y', status: 400, code: 'invalid_input', paths: ['$.cursor'] },
  { name: 'an unknown query parameter', method: 'GET', path: '/v0/effects?order=asc', status: 400, code: 'invalid_input', paths: ['$.order'] },
  { name: 'an unknown effect id', method: 'GET', path: '/v0/effects/eff_00000000000000000000000000ff', status: 404, code: 'not_found' },
  { name: 'an unknown route', method: 'GET', path: '/v0/nothing-here', status: 404, code: 'not_found' },
  { name: 'GET on the verify route', method: 'GET', path: VERIFY, status: 404, code: 'not_found' },
  { name: 'a turn without a turn_id', path: '/v0/turns', body: { ...englishConversation[0], turn_id: undefined }, status: 400, code: 'invalid_input', paths: ['$.turn_id'] },
  { name: 'a turn with an unknown key', path: '/v0/turns', body: { ...englishConversation[0], mesage: 'hi' }, status: 400, code: 'invalid_input', paths: ['$.mesage'] },
  { name: 'a turn as text/plain', path: '/v0/turns', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(englishConversation[0]), status: 415, code: 'unsupported_media_type' },
  { name: 'an unknown turn id', method: 'GET', path: '/v0/turns/no-such-turn', status: 404, code: 'not_found' },
  { name: 'a turn listing cursor from the effects listing', method: 'GET', path: '/v0/turns?cursor=djEuZWZmXzAx', status: 400, code: 'invalid_input', paths: ['$.cursor'] },
  { name: 'suggestions without a match', path: '/v0/suggestions', body: { wiki: { entries: [] } }, status: 400, code: 'invalid_input', paths: ['$.match'] },
  { name: 'suggestions with an unknown key', path: '/v0/suggestions', body: { match: {}, wikki: {} }, status: 400, code: 'invalid_input', paths: ['$.wikki'] },
  { name: 'suggestions with a bad analysis language', path: '/v0/suggestions', body: { match: {}, analysis_language: 'fr' }, status: 400, code: 'invalid_input', paths: ['$.analysis_language'] },
  { name: 'a bad body without a key is 401 before anything else', headers: { authorization: '' }, body: '{', status: 401, code: 'unauthorized' },
];

let db: Database;
let server: WarrantServer;
beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
  server = await createTestServer(db, { bodyLimitBytes: LIMIT, turns: { workflows, locales } });
});
afterAll(async () => {
  await db.close();
});

async function send(bad: BadRequest): Promise<Response> {
  const method = bad.method ?? 'POST';
  const headers: Record<string, string> = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json', ...bad.headers };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  if (method === 'GET') return server.app.request(bad.path ?? VERIFY, { headers });
  let body: string | Uint8Array | ReadableStream<Uint8Array>;
  if (bad.body === 'stream') {
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
  } else if (typeof bad.body === 'string' || bad.body instanceof Uint8Array) {
    body = bad.body;
  } else {
    body = JSON.stringify(bad.body);
  }
  if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
  return server.app.request(bad.path ?? VERIFY, { method, headers, body, duplex: 'half' } as RequestInit);
}

describe('W9: bad requests are refused with a problem document and change nothing', () => {
  it('the table holds at least 30 bad requests', () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
  });

  it.each(table)('$name → $status $code', async (bad) => {
    const res = await send(bad);
    expect(res.status).toBe(bad.status);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await res.json()) as { status: number; code: string; type: string; title: string; instance: string; issues: { path: string }[] };
    expect(problem).toMatchObject({ status: bad.status, code: bad.code, type: `urn:warrant:problem:${bad.code}` });
    expect(problem.instance).toBe((bad.path ?? VERIFY).split('?')[0]);
    for (const path of bad.paths ?? []) expect(problem.issues.map((i) => i.path)).toContain(path);
  });

  it('nothing was written by any of them', async () => {
    for (const table of ['effects', 'turns', 'turn_events', 'suggestions']) {
      const [row] = await db.query<{ n: number }>(`select count(*)::int8 as n from ${table}`);
      expect(row?.n, table).toBe(0);
    }
  });
});
