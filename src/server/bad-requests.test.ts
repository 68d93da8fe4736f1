import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { listen, type RunningServer } from './listen.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';
import { testContractJson, testEffectJson } from './testing-evidence.js';

/**
 * The attack suite: requests an attacker or a careless host would send. Every one must be refused
 * with a 4xx `application/problem+json` that names what is wrong (a JSON path, a parameter or a
 * header), never a 5xx, must write nothing, and must leave the server answering.
 */
interface BadRequest {
  readonly name: string;
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  /** A string or bytes as sent; `stream` streams past the limit; any other value is sent as JSON. */
  readonly body?: unknown;
  /** Raw bytes written to a socket of the listening server instead (Node's own parser decides). */
  readonly raw?: string | (() => string);
  readonly status: number;
  readonly code: string;
  /** Paths (or parameter or header names) the problem must name among its issues. */
  readonly paths?: readonly string[];
}

const VERIFY = '/v0/reply-contracts/verify';
const TURNS = '/v0/turns';
const SUGGEST = '/v0/suggestions';
const LIMIT = 16 * 1024;
const NUL = '\u0000';
const LONE = '\ud800';
const LOW = '\udc00';

const good = { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] };
const contractWith = (patch: Record<string, unknown>) => ({ ...good, contract: { ...automotiveContract, ...patch } });
const withoutKey = (key: string) => Object.fromEntries(Object.entries(automotiveContract).filter(([k]) => k !== key));
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** JSON text with a `__proto__` key, written as text: an object literal would set the prototype instead. */
const protoJson = (json: string) => json;

const turn = englishConversation[0]!;
const act = turn.understanding!.acts![0]!;
const turnWith = (patch: Record<string, unknown>) => ({ ...turn, turn_id: 'bad-turn', ...patch });
const understandingWith = (patch: Record<string, unknown>) => turnWith({ understanding: { ...patch } });
const actWith = (patch: Record<string, unknown>) => understandingWith({ acts: [{ ...act, ...patch }] });
const question = { text: 'What else can you do?', kind: 'capability' };

const match = JSON.parse(readFileSync(join(packageRoot(), 'examples', 'suggest', 'match.json'), 'utf8')) as {
  messages: Record<string, unknown>[];
  details: Record<string, unknown>;
  check_list: Record<string, unknown>[];
  ai_generations: Record<string, unknown>[];
};
const matchWith = (patch: Record<string, unknown>) => ({ match: { ...match, ...patch } });
const messageWith = (patch: Record<string, unknown>) => matchWith({ messages: [{ ...match.messages[0], ...patch }, ...match.messages.slice(1)] });
const fact = { id: 'f1', statement: 'I hike', verified: true, disclosable: true, supports: ['hikes'] };
const wikiEntry = { path: 'details.smoking', value: 'never', interpretation: 'good', label: 'good' };

const b64 = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const effectCursor = (id: string) => b64(['v2', 'effects', id]);
const turnCursor = (at: string, id: string) => b64(['v2', 'turns', at, id]);
const q = (s: string) => encodeURIComponent(s);

/** Over the limit once the JSON is built: a contract whose fallback body is long. */
const oversized = { ...good, candidates: ['x'.repeat(LIMIT)] };

const table: BadRequest[] = [
  // Content types, on every route that takes a body.
  ...[VERIFY, TURNS, SUGGEST].flatMap((path): BadRequest[] => [
    {
      name: `${path}: no content type`,
      path,
      headers: { 'content-type': '' },
      body: '{}',
      status: 415,
      code: 'unsupported_media_type',
      paths: ['content-type'],
    },
    {
      name: `${path}: text/plain`,
      path,
      headers: { 'content-type': 'text/plain' },
      body: '{}',
      status: 415,
      code: 'unsupported_media_type',
      paths: ['content-type'],
    },
    {
      name: `${path}: a form`,
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
      status: 415,
      code: 'unsupported_media_type',
      paths: ['content-type'],
    },
    {
      name: `${path}: JSON in latin1`,
      path,
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{}',
      status: 415,
      code: 'unsupported_media_type',
      paths: ['content-type'],
    },
    {
      name: `${path}: multipart`,
      path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--',
      status: 415,
      code: 'unsupported_media_type',
      paths: ['content-type'],
    },
  ]),
  {
    name: 'JSON in UTF-16',
    headers: { 'content-type': 'application/json; charset=utf-16' },
    body: '{}',
    status: 415,
    code: 'unsupported_media_type',
    paths: ['content-type'],
  },
  // Wider than the route's own media-type gate (@hono/zod-openapi) takes: refused here with the
  // content type named, not let through to a gate that would throw a 500.
  {
    name: 'JSON with a space before its charset',
    headers: { 'content-type': 'application/json ; charset=utf-8' },
    body: JSON.stringify(good),
    status: 415,
    code: 'unsupported_media_type',
    paths: ['content-type'],
  },
  {
    name: 'a +json type with a digit before the +',
    headers: { 'content-type': 'application/vnd.warrant.v2+json' },
    body: JSON.stringify(good),
    status: 415,
    code: 'unsupported_media_type',
    paths: ['content-type'],
  },
  {
    name: 'application/xml',
    headers: { 'content-type': 'application/xml' },
    body: '<a/>',
    status: 415,
    code: 'unsupported_media_type',
    paths: ['content-type'],
  },
  {
    name: 'a JSON look-alike type',
    headers: { 'content-type': 'application/jsonx' },
    body: '{}',
    status: 415,
    code: 'unsupported_media_type',
    paths: ['content-type'],
  },

  // Bodies that are not JSON, too large or too deep.
  ...[VERIFY, TURNS, SUGGEST].flatMap((path): BadRequest[] => [
    { name: `${path}: malformed JSON`, path, body: '{"a": ', status: 400, code: 'malformed_json', paths: ['$'] },
    { name: `${path}: an empty body`, path, body: '', status: 400, code: 'malformed_json', paths: ['$'] },
    { name: `${path}: bytes that are not UTF-8`, path, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), status: 400, code: 'malformed_json', paths: ['$'] },
    { name: `${path}: a declared length over the limit`, path, body: JSON.stringify(oversized), status: 413, code: 'payload_too_large', paths: ['$'] },
    { name: `${path}: a streamed body over the limit`, path, body: 'stream', status: 413, code: 'payload_too_large', paths: ['$'] },
    { name: `${path}: arrays nested past the limit`, path, body: `{"a": ${nested(40)}}`, status: 400, code: 'too_deep', paths: ['$'] },
    { name: `${path}: objects nested past the limit`, path, body: nestedObjects(40), status: 400, code: 'too_deep', paths: ['$'] },
    { name: `${path}: a top-level array`, path, body: [], status: 400, code: 'invalid_input', paths: ['$'] },
    { name: `${path}: a top-level string`, path, body: 'null', status: 400, code: 'invalid_input', paths: ['$'] },
  ]),
  { name: 'trailing garbage', body: '{} x', status: 400, code: 'malformed_json', paths: ['$'] },
  {
    name: 'a lone surrogate escaped in JSON text is JSON, but not text the store can hold',
    body: `{"contract": ${JSON.stringify(automotiveContract)}, "candidates": ["\\ud800"]}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.candidates[0]'],
  },
  {
    name: 'a NUL escaped in JSON text',
    body: `{"contract": ${JSON.stringify(automotiveContract)}, "candidates": ["a\\u0000"]}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.candidates[0]'],
  },
  { name: 'a NUL byte outside any string', body: `{"contract": 1,\u0000 "candidates": []}`, status: 400, code: 'malformed_json', paths: ['$'] },

  // The verify envelope and the contract.
  { name: 'no contract', body: { candidates: [] }, status: 400, code: 'invalid_input', paths: ['$.contract'] },
  { name: 'no candidates', body: { contract: automotiveContract }, status: 400, code: 'invalid_input', paths: ['$.candidates'] },
  { name: 'candidates as a string', body: { ...good, candidates: 'hi' }, status: 400, code: 'invalid_input', paths: ['$.candidates'] },
  { name: 'a candidate that is a number', body: { ...good, candidates: ['ok', 7] }, status: 400, code: 'invalid_input', paths: ['$.candidates[1]'] },
  { name: 'a candidate with a lone surrogate', body: { ...good, candidates: [LONE] }, status: 400, code: 'invalid_input', paths: ['$.candidates[0]'] },
  {
    name: 'a candidate with a lone low surrogate',
    body: { ...good, candidates: [`ok${LOW}`] },
    status: 400,
    code: 'invalid_input',
    paths: ['$.candidates[0]'],
  },
  { name: 'a candidate with a NUL', body: { ...good, candidates: ['fine', `hold${NUL}`] }, status: 400, code: 'invalid_input', paths: ['$.candidates[1]'] },
  {
    name: 'too many candidates',
    body: { ...good, candidates: Array.from({ length: 65 }, () => 'a') },
    status: 400,
    code: 'invalid_input',
    paths: ['$.candidates'],
  },
  { name: 'an unknown top-level key', body: { ...good, candidatez: [] }, status: 400, code: 'invalid_input', paths: ['$.candidatez'] },
  {
    name: 'a __proto__ key at the top level',
    body: protoJson(`{"contract": ${JSON.stringify(automotiveContract)}, "candidates": [], "__proto__": {"x": 1}}`),
    status: 400,
    code: 'invalid_input',
    paths: ['$.__proto__'],
  },
  {
    name: 'a __proto__ key inside the contract',
    body: protoJson(`{"contract": ${JSON.stringify(automotiveContract).slice(0, -1)}, "__proto__": {"x": 1}}, "candidates": []}`),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.__proto__'],
  },
  {
    name: 'a __proto__ role key inside entity_roles',
    body: protoJson(
      `{"contract": ${JSON.stringify({ ...automotiveContract, entity_roles: {} }).replace('"entity_roles":{}', '"entity_roles":{"__proto__":"x","seller":"user"}')}, "candidates": []}`,
    ),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.entity_roles.__proto__'],
  },
  {
    name: 'a misspelt forbiden_terms',
    body: contractWith({ forbiden_terms: ['看車'] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.forbiden_terms'],
  },
  { name: 'contract_version v9', body: contractWith({ contract_version: 'v9' }), status: 400, code: 'invalid_input', paths: ['$.contract.contract_version'] },
  { name: 'contract_version v2', body: contractWith({ contract_version: 'v2' }), status: 400, code: 'invalid_input', paths: ['$.contract.contract_version'] },
  {
    name: 'no fallback_body',
    body: { ...good, contract: withoutKey('fallback_body') },
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.fallback_body'],
  },
  {
    name: 'an empty forbidden term',
    body: contractWith({ forbidden_terms: [''] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.forbidden_terms[0]'],
  },
  {
    name: 'an empty interaction_kind',
    body: contractWith({ interaction_kind: '' }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.interaction_kind'],
  },
  { name: 'entity_roles as a list', body: contractWith({ entity_roles: ['seller'] }), status: 400, code: 'invalid_input', paths: ['$.contract.entity_roles'] },
  {
    name: 'must_ask as a string',
    body: contractWith({ must_ask: '待估車輛的車牌與里程' }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.must_ask'],
  },
  {
    name: 'W2: a fallback holding a forbidden term',
    body: contractWith({ forbidden_terms: ['看車', '真人顧問'] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.forbidden_terms[1]'],
  },
  {
    name: 'W2: a fallback missing a required term',
    body: contractWith({ must_ask: ['待估車輛的車牌與里程', '身分證字號'] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.fallback_body'],
  },
  { name: 'the contract as a string', body: { ...good, contract: 'v0' }, status: 400, code: 'invalid_input', paths: ['$.contract'] },
  { name: 'the contract as null', body: { ...good, contract: null }, status: 400, code: 'invalid_input', paths: ['$.contract'] },
  {
    name: 'a NUL in interaction_kind',
    body: contractWith({ interaction_kind: `kind${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.interaction_kind'],
  },
  {
    name: 'a NUL in authority_status',
    body: contractWith({ authority_status: `a${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.authority_status'],
  },
  {
    name: 'a NUL in the fallback body',
    body: contractWith({ fallback_body: `${automotiveContract.fallback_body as string}${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.fallback_body'],
  },
  {
    name: 'a NUL in a must_include term',
    body: contractWith({ must_include: [`x${NUL}`] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.must_include[0]'],
  },
  { name: 'a NUL in a must_ask term', body: contractWith({ must_ask: [`x${NUL}`] }), status: 400, code: 'invalid_input', paths: ['$.contract.must_ask[0]'] },
  {
    name: 'a NUL in a canonical term',
    body: contractWith({ canonical_terms: [`x${NUL}`] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.canonical_terms[0]'],
  },
  {
    name: 'a NUL in a forbidden term',
    body: contractWith({ forbidden_terms: ['看車', NUL] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.forbidden_terms[1]'],
  },
  {
    name: 'a NUL in a role',
    body: contractWith({ entity_roles: { seller: `user${NUL}` } }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.entity_roles.seller'],
  },
  {
    name: 'a NUL in a role key',
    body: contractWith({ entity_roles: { [`sel${NUL}ler`]: 'user' } }),
    status: 400,
    code: 'invalid_input',
    paths: [`$.contract.entity_roles[${JSON.stringify(`sel${NUL}ler`)}]`],
  },
  {
    name: 'a lone surrogate in a role key',
    body: contractWith({ entity_roles: { [`k${LONE}`]: 'user' } }),
    status: 400,
    code: 'invalid_input',
    paths: [`$.contract.entity_roles[${JSON.stringify(`k${LONE}`)}]`],
  },
  {
    name: 'a lone surrogate in authority_status',
    body: contractWith({ authority_status: LONE }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.authority_status'],
  },
  {
    name: 'a lone surrogate in interaction_kind',
    body: contractWith({ interaction_kind: `k${LOW}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.contract.interaction_kind'],
  },
  {
    name: 'a NUL in an unknown contract key',
    body: contractWith({ [`x${NUL}`]: 1 }),
    status: 400,
    code: 'invalid_input',
    paths: [`$.contract[${JSON.stringify(`x${NUL}`)}]`],
  },

  // Turns: every kind of field, NUL and lone surrogates, ids, values nested at any depth.
  { name: 'a turn without a turn_id', path: TURNS, body: { ...turn, turn_id: undefined }, status: 400, code: 'invalid_input', paths: ['$.turn_id'] },
  { name: 'a turn with an unknown key', path: TURNS, body: turnWith({ mesage: 'hi' }), status: 400, code: 'invalid_input', paths: ['$.mesage'] },
  {
    name: 'a turn with a __proto__ key',
    path: TURNS,
    body: protoJson(`${JSON.stringify(turnWith({})).slice(0, -1)},"__proto__":{"x":1}}`),
    status: 400,
    code: 'invalid_input',
    paths: ['$.__proto__'],
  },
  { name: 'a NUL in turn_id', path: TURNS, body: turnWith({ turn_id: `t${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.turn_id'] },
  { name: 'a lone surrogate in turn_id', path: TURNS, body: turnWith({ turn_id: `t${LONE}` }), status: 400, code: 'invalid_input', paths: ['$.turn_id'] },
  {
    name: 'a turn_id over 200 characters',
    path: TURNS,
    body: turnWith({ turn_id: 't'.repeat(201) }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.turn_id'],
  },
  {
    name: 'a NUL in conversation_id',
    path: TURNS,
    body: turnWith({ conversation_id: `c${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.conversation_id'],
  },
  { name: 'a NUL in locale', path: TURNS, body: turnWith({ locale: `en${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.locale'] },
  { name: 'a NUL in tone', path: TURNS, body: turnWith({ tone: `warm${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.tone'] },
  { name: 'a NUL in the message', path: TURNS, body: turnWith({ message: `hi${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.message'] },
  { name: 'a lone surrogate in the message', path: TURNS, body: turnWith({ message: `hi${LONE}` }), status: 400, code: 'invalid_input', paths: ['$.message'] },
  {
    name: 'SSE: a NUL in the message is refused before the stream opens',
    path: TURNS,
    headers: { accept: 'text/event-stream' },
    body: turnWith({ message: `hi${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.message'],
  },
  {
    name: 'SSE: a NUL in an act value is refused before the stream opens',
    path: TURNS,
    headers: { accept: 'text/event-stream' },
    body: actWith({ values: { destination: `Milan${NUL}` } }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].values.destination'],
  },
  {
    name: 'SSE: a lone surrogate in a question is refused before the stream opens',
    path: TURNS,
    headers: { accept: 'text/event-stream' },
    body: understandingWith({ questions: [{ ...question, text: `why${LONE}` }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.questions[0].text'],
  },
  {
    name: 'a NUL in an act operation',
    path: TURNS,
    body: actWith({ operation: `start${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].operation'],
  },
  {
    name: 'a NUL in an act record',
    path: TURNS,
    body: actWith({ record: `r${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].record'],
  },
  {
    name: 'a NUL in an act workflow',
    path: TURNS,
    body: actWith({ workflow: `trip${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].workflow'],
  },
  {
    name: 'a NUL in an act value',
    path: TURNS,
    body: actWith({ values: { destination: `Milan${NUL}` } }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].values.destination'],
  },
  {
    name: 'a lone surrogate in an act value',
    path: TURNS,
    body: actWith({ values: { destination: `Milan${LONE}` } }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].values.destination'],
  },
  {
    name: 'a NUL deep inside an act value',
    path: TURNS,
    body: actWith({ values: { destination: { legs: [{ city: 'Rome' }, { city: `Pisa${NUL}` }] } } }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].values.destination.legs[1].city'],
  },
  {
    name: 'a NUL in an act value key',
    path: TURNS,
    body: actWith({ values: { [`dest${NUL}`]: 'Milan' } }),
    status: 400,
    code: 'invalid_input',
    paths: [`$.understanding.acts[0].values[${JSON.stringify(`dest${NUL}`)}]`],
  },
  {
    name: 'a NUL in a nested act value key',
    path: TURNS,
    body: actWith({ values: { destination: { [`c${NUL}`]: 1 } } }),
    status: 400,
    code: 'invalid_input',
    paths: [`$.understanding.acts[0].values.destination[${JSON.stringify(`c${NUL}`)}]`],
  },
  {
    name: 'a __proto__ key in act values',
    path: TURNS,
    body: protoJson(JSON.stringify(actWith({ values: { destination: 'Milan' } })).replace('"values":{', '"values":{"__proto__":{"x":1},')),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].values.__proto__'],
  },
  {
    name: 'a __proto__ key nested in an act value',
    path: TURNS,
    body: protoJson(JSON.stringify(actWith({ values: { destination: { city: 'Milan' } } })).replace('"destination":{', '"destination":{"__proto__":1,')),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.acts[0].values.destination.__proto__'],
  },
  {
    name: 'a NUL in question text',
    path: TURNS,
    body: understandingWith({ questions: [{ ...question, text: `why${NUL}` }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.questions[0].text'],
  },
  {
    name: 'a NUL in a question field',
    path: TURNS,
    body: understandingWith({ questions: [{ text: 'which?', kind: 'field_values', field: `f${NUL}` }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.questions[0].field'],
  },
  {
    name: 'a NUL in a question record',
    path: TURNS,
    body: understandingWith({ questions: [{ ...question, records: [`r${NUL}`] }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.questions[0].records[0]'],
  },
  {
    name: 'a NUL in a dispute receipt',
    path: TURNS,
    body: understandingWith({ disputes: [{ receipt: `rc${NUL}`, said: 'no' }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.disputes[0].receipt'],
  },
  {
    name: 'a NUL in what a dispute said',
    path: TURNS,
    body: understandingWith({ disputes: [{ receipt: 'rc', said: `no${NUL}` }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.disputes[0].said'],
  },
  {
    name: 'a NUL in an attachment name',
    path: TURNS,
    body: understandingWith({ attachments: [{ name: `a${NUL}.pdf`, media_type: 'application/pdf', model_may_view: false }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.attachments[0].name'],
  },
  {
    name: 'a NUL in an attachment media type',
    path: TURNS,
    body: understandingWith({ attachments: [{ name: 'a.pdf', media_type: `application/pdf${NUL}`, model_may_view: false }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.attachments[0].media_type'],
  },
  {
    name: 'a NUL in an unread part',
    path: TURNS,
    body: understandingWith({ unread: [`x${NUL}`] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.unread[0]'],
  },
  {
    name: 'a NUL in a card response card',
    path: TURNS,
    body: understandingWith({ card_responses: [{ record: 'trip-milan', card: `c${NUL}`, response: 'declined' }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.card_responses[0].card'],
  },
  {
    name: 'a lone surrogate in a card response button',
    path: TURNS,
    body: understandingWith({ card_responses: [{ record: 'trip-milan', card: 'c', response: 'pressed', button: LONE }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.understanding.card_responses[0].button'],
  },
  {
    name: 'a turn as text/plain',
    path: TURNS,
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(turn),
    status: 415,
    code: 'unsupported_media_type',
    paths: ['content-type'],
  },

  // Suggestions: the Match, the Wiki and the profile.
  { name: 'suggestions without a match', path: SUGGEST, body: { wiki: { entries: [] } }, status: 400, code: 'invalid_input', paths: ['$.match'] },
  { name: 'suggestions with an unknown key', path: SUGGEST, body: { match, wikki: {} }, status: 400, code: 'invalid_input', paths: ['$.wikki'] },
  {
    name: 'suggestions with a bad analysis language',
    path: SUGGEST,
    body: { match, analysis_language: 'fr' },
    status: 400,
    code: 'invalid_input',
    paths: ['$.analysis_language'],
  },
  {
    name: 'a lone surrogate in a suggestion message',
    path: SUGGEST,
    body: messageWith({ text: `hi${LONE}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.messages[0].text'],
  },
  {
    name: 'a NUL in a suggestion message',
    path: SUGGEST,
    body: messageWith({ text: `hi${NUL}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.messages[0].text'],
  },
  { name: 'a NUL in a message id', path: SUGGEST, body: messageWith({ id: `e${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.match.messages[0].id'] },
  {
    name: 'a message sent in year 0',
    path: SUGGEST,
    body: messageWith({ sent_at: '0000-01-01T00:00:00Z' }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.messages[0].sent_at'],
  },
  {
    name: 'a message sent on 30 February',
    path: SUGGEST,
    body: messageWith({ sent_at: '2026-02-30T00:00:00Z' }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.messages[0].sent_at'],
  },
  { name: 'a NUL in the match id', path: SUGGEST, body: matchWith({ id: `m${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.match.id'] },
  {
    name: 'a lone surrogate in the match language',
    path: SUGGEST,
    body: matchWith({ language: `en${LONE}` }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.language'],
  },
  {
    name: 'a NUL in a detail value',
    path: SUGGEST,
    body: matchWith({ details: { ...match.details, city: `Vilnius${NUL}` } }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.details.city'],
  },
  {
    name: 'a NUL in a detail key',
    path: SUGGEST,
    body: matchWith({ details: { [`c${NUL}`]: 'x' } }),
    status: 400,
    code: 'invalid_input',
    paths: [`$.match.details[${JSON.stringify(`c${NUL}`)}]`],
  },
  {
    name: 'a __proto__ detail key',
    path: SUGGEST,
    body: protoJson(JSON.stringify(matchWith({ details: { city: 'Vilnius' } })).replace('"details":{', '"details":{"__proto__":"x",')),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.details.__proto__'],
  },
  {
    name: 'a NUL in a check-list question',
    path: SUGGEST,
    body: matchWith({ check_list: [{ ...match.check_list[0], question: `q${NUL}` }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.check_list[0].question'],
  },
  { name: 'a NUL in the summary', path: SUGGEST, body: matchWith({ summary: `s${NUL}` }), status: 400, code: 'invalid_input', paths: ['$.match.summary'] },
  {
    name: 'a lone surrogate in a prior suggestion',
    path: SUGGEST,
    body: matchWith({ ai_generations: [{ ...match.ai_generations[0], suggestions: [LOW] }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.ai_generations[0].suggestions[0]'],
  },
  {
    name: 'a prior generation in year 10000 (by its offset)',
    path: SUGGEST,
    body: matchWith({ ai_generations: [{ ...match.ai_generations[0], created_at: '9999-12-31T23:00:00-05:00' }] }),
    status: 400,
    code: 'invalid_input',
    paths: ['$.match.ai_generations[0].created_at'],
  },
  { name: 'now in year 0', path: SUGGEST, body: { match, now: '0000-01-01T00:00:00Z' }, status: 400, code: 'invalid_input', paths: ['$.now'] },
  {
    name: 'now in year 0 by its offset',
    path: SUGGEST,
    body: { match, now: '0001-01-01T00:00:00+01:00' },
    status: 400,
    code: 'invalid_input',
    paths: ['$.now'],
  },
  {
    name: 'a NUL in a wiki interpretation',
    path: SUGGEST,
    body: { match, wiki: { entries: [{ ...wikiEntry, interpretation: `i${NUL}` }] } },
    status: 400,
    code: 'invalid_input',
    paths: ['$.wiki.entries[0].interpretation'],
  },
  {
    name: 'a NUL in a wiki value',
    path: SUGGEST,
    body: { match, wiki: { entries: [{ ...wikiEntry, value: `never${NUL}` }] } },
    status: 400,
    code: 'invalid_input',
    paths: ['$.wiki.entries[0].value'],
  },
  {
    name: 'a NUL in a profile fact',
    path: SUGGEST,
    body: { match, profile: { facts: [{ ...fact, statement: `I hike${NUL}` }] } },
    status: 400,
    code: 'invalid_input',
    paths: ['$.profile.facts[0].statement'],
  },
  {
    name: 'a lone surrogate in a profile claim',
    path: SUGGEST,
    body: { match, profile: { facts: [{ ...fact, supports: [`hikes${LONE}`] }] } },
    status: 400,
    code: 'invalid_input',
    paths: ['$.profile.facts[0].supports[0]'],
  },
  {
    name: 'a NUL in a private note',
    path: SUGGEST,
    body: { match, profile: { private_notes: [NUL] } },
    status: 400,
    code: 'invalid_input',
    paths: ['$.profile.private_notes[0]'],
  },

  // Query parameters of the listings.
  { name: 'limit 0', method: 'GET', path: '/v0/effects?limit=0', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'limit over the page maximum', method: 'GET', path: '/v0/effects?limit=1000', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'limit not a number', method: 'GET', path: '/v0/effects?limit=ten', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'limit negative', method: 'GET', path: '/v0/turns?limit=-1', status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'limit with a NUL', method: 'GET', path: `/v0/effects?limit=5${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.limit'] },
  { name: 'an unknown status', method: 'GET', path: '/v0/effects?status=maybe', status: 400, code: 'invalid_input', paths: ['$.status'] },
  { name: 'a NUL in status', method: 'GET', path: `/v0/effects?status=${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.status'] },
  {
    name: 'a NUL in the interaction_kind parameter',
    method: 'GET',
    path: `/v0/effects?interaction_kind=k${q(NUL)}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.interaction_kind'],
  },
  {
    name: 'an empty interaction_kind parameter',
    method: 'GET',
    path: '/v0/effects?interaction_kind=',
    status: 400,
    code: 'invalid_input',
    paths: ['$.interaction_kind'],
  },
  {
    name: 'a NUL in the conversation_id parameter',
    method: 'GET',
    path: `/v0/turns?conversation_id=c${q(NUL)}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.conversation_id'],
  },
  { name: 'since that is not a time', method: 'GET', path: '/v0/effects?since=yesterday', status: 400, code: 'invalid_input', paths: ['$.since'] },
  { name: 'since in year 0', method: 'GET', path: '/v0/effects?since=0000-01-01T00:00:00Z', status: 400, code: 'invalid_input', paths: ['$.since'] },
  { name: 'until in year 0', method: 'GET', path: '/v0/effects?until=0000-06-01T00:00:00Z', status: 400, code: 'invalid_input', paths: ['$.until'] },
  {
    name: 'since in year 10000 by its offset',
    method: 'GET',
    path: `/v0/effects?since=${q('9999-12-31T23:00:00-05:00')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.since'],
  },
  {
    name: 'since in year 0 by its offset',
    method: 'GET',
    path: `/v0/turns?since=${q('0001-01-01T00:00:00+01:00')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.since'],
  },
  { name: 'until on 30 February', method: 'GET', path: '/v0/turns?until=2026-02-30T00:00:00Z', status: 400, code: 'invalid_input', paths: ['$.until'] },
  { name: 'since in year 0 on turns', method: 'GET', path: '/v0/turns?since=0000-01-01T00:00:00Z', status: 400, code: 'invalid_input', paths: ['$.since'] },
  { name: 'a NUL in since', method: 'GET', path: `/v0/effects?since=2026-01-01T00:00:00Z${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.since'] },
  { name: 'an unknown query parameter', method: 'GET', path: '/v0/effects?order=asc', status: 400, code: 'invalid_input', paths: ['$.order'] },
  {
    name: 'an unknown query parameter with a NUL in its name',
    method: 'GET',
    path: `/v0/turns?o${q(NUL)}=1`,
    status: 400,
    code: 'invalid_input',
    paths: [`$[${JSON.stringify(`o${NUL}`)}]`],
  },

  // Cursors: not issued, another listing's, tampered.
  {
    name: 'a cursor this server did not issue',
    method: 'GET',
    path: '/v0/effects?cursor=bm90LWEtY3Vyc29y',
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  { name: 'a cursor that is not base64url', method: 'GET', path: `/v0/effects?cursor=${q('a+b/c=')}`, status: 400, code: 'invalid_input', paths: ['$.cursor'] },
  { name: 'an empty cursor', method: 'GET', path: '/v0/turns?cursor=', status: 400, code: 'invalid_input', paths: ['$.cursor'] },
  {
    name: 'a cursor of the old form',
    method: 'GET',
    path: `/v0/turns?cursor=${Buffer.from('v1.42').toString('base64url')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  { name: 'an overlong cursor', method: 'GET', path: `/v0/effects?cursor=${'A'.repeat(4000)}`, status: 400, code: 'invalid_input', paths: ['$.cursor'] },
  { name: 'a NUL in a cursor', method: 'GET', path: `/v0/effects?cursor=${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.cursor'] },
  {
    name: 'a turns cursor on the effects listing',
    method: 'GET',
    path: `/v0/effects?cursor=${turnCursor('2026-01-01T00:00:00.000000Z', 'demo-en-1')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'an effects cursor on the turns listing',
    method: 'GET',
    path: `/v0/turns?cursor=${effectCursor('eff_0190000000000000000000000001')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'an effects cursor tampered to a NUL id',
    method: 'GET',
    path: `/v0/effects?cursor=${effectCursor(`eff_${NUL}`)}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'an effects cursor tampered to a foreign id form',
    method: 'GET',
    path: `/v0/effects?cursor=${effectCursor("x' or '1'='1")}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'an effects cursor with two positions',
    method: 'GET',
    path: `/v0/effects?cursor=${b64(['v2', 'effects', 'eff_0190000000000000000000000001', 'x'])}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'a turns cursor tampered to year 0',
    method: 'GET',
    path: `/v0/turns?cursor=${turnCursor('0000-01-01T00:00:00.000000Z', 'demo-en-1')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'a turns cursor tampered to a non-time',
    method: 'GET',
    path: `/v0/turns?cursor=${turnCursor('yesterday', 'demo-en-1')}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'a turns cursor tampered to a NUL id',
    method: 'GET',
    path: `/v0/turns?cursor=${turnCursor('2026-01-01T00:00:00.000000Z', `t${NUL}`)}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'a turns cursor tampered to a number',
    method: 'GET',
    path: `/v0/turns?cursor=${b64(['v2', 'turns', 42, 'demo-en-1'])}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },
  {
    name: 'a turns cursor that is JSON but not a list',
    method: 'GET',
    path: `/v0/turns?cursor=${b64({ seq: 1 })}`,
    status: 400,
    code: 'invalid_input',
    paths: ['$.cursor'],
  },

  // Path ids.
  { name: 'a NUL effect id', method: 'GET', path: `/v0/effects/${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.id'] },
  { name: 'a NUL inside an effect id', method: 'GET', path: `/v0/effects/eff_01${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.id'] },
  { name: 'a NUL turn id', method: 'GET', path: `/v0/turns/t${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.id'] },
  { name: 'a NUL suggestion id', method: 'GET', path: `/v0/suggestions/sug_${q(NUL)}`, status: 400, code: 'invalid_input', paths: ['$.id'] },
  { name: 'an overlong effect id', method: 'GET', path: `/v0/effects/${'e'.repeat(300)}`, status: 400, code: 'invalid_input', paths: ['$.id'] },
  { name: 'an overlong turn id', method: 'GET', path: `/v0/turns/${'t'.repeat(300)}`, status: 400, code: 'invalid_input', paths: ['$.id'] },
  { name: 'an unknown effect id', method: 'GET', path: '/v0/effects/eff_00000000000000000000000000ff', status: 404, code: 'not_found', paths: ['$.id'] },
  { name: 'an unknown turn id', method: 'GET', path: '/v0/turns/no-such-turn', status: 404, code: 'not_found', paths: ['$.id'] },
  {
    name: 'an unknown suggestion id',
    method: 'GET',
    path: '/v0/suggestions/sug_00000000000000000000000000ff',
    status: 404,
    code: 'not_found',
    paths: ['$.id'],
  },
  { name: 'an id that tries SQL', method: 'GET', path: `/v0/effects/${q("x' or true --")}`, status: 404, code: 'not_found', paths: ['$.id'] },

  // Routes and methods.
  { name: 'an unknown route', method: 'GET', path: '/v0/nothing-here', status: 404, code: 'not_found', paths: ['url'] },
  { name: 'an unknown route outside /v0', method: 'GET', path: '/admin', status: 404, code: 'not_found', paths: ['url'] },
  { name: 'GET on the verify route', method: 'GET', path: VERIFY, status: 405, code: 'method_not_allowed', paths: ['method'] },
  { name: 'PUT on the turns route', method: 'PUT', path: TURNS, body: turn, status: 405, code: 'method_not_allowed', paths: ['method'] },
  {
    name: 'DELETE on an effect',
    method: 'DELETE',
    path: '/v0/effects/eff_00000000000000000000000000ff',
    status: 405,
    code: 'method_not_allowed',
    paths: ['method'],
  },
  { name: 'PATCH on a turn', method: 'PATCH', path: '/v0/turns/demo-en-1', body: {}, status: 405, code: 'method_not_allowed', paths: ['method'] },
  { name: 'POST on the effects listing', method: 'POST', path: '/v0/effects', body: good, status: 405, code: 'method_not_allowed', paths: ['method'] },
  { name: 'POST on healthz', method: 'POST', path: '/healthz', body: {}, status: 405, code: 'method_not_allowed', paths: ['method'] },

  // Keys.
  {
    name: 'a bad body without a key is 401 before anything else',
    headers: { authorization: '' },
    body: '{',
    status: 401,
    code: 'unauthorized',
    paths: ['authorization'],
  },
  {
    name: 'a wrong key',
    headers: { authorization: 'Bearer wk_not_a_key_0123456789' },
    body: good,
    status: 401,
    code: 'unauthorized',
    paths: ['authorization'],
  },
  {
    name: 'Basic instead of Bearer',
    headers: { authorization: `Basic ${Buffer.from('acme:x').toString('base64')}` },
    body: good,
    status: 401,
    code: 'unauthorized',
    paths: ['authorization'],
  },
  {
    name: 'an empty bearer',
    method: 'GET',
    path: '/v0/effects',
    headers: { authorization: 'Bearer ' },
    status: 401,
    code: 'unauthorized',
    paths: ['authorization'],
  },
  {
    name: 'a key with a second word',
    method: 'GET',
    path: '/v0/turns',
    headers: { authorization: `Bearer ${testKeys.acme} extra` },
    status: 401,
    code: 'unauthorized',
    paths: ['authorization'],
  },

  // What Node's own HTTP parser refuses, over a real socket.
  {
    name: 'raw: a content-length that is not a number',
    raw: `POST ${VERIFY} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: abc\r\n\r\n{}`,
    status: 400,
    code: 'malformed_request',
    paths: ['content-length'],
  },
  {
    name: 'raw: two different content-lengths',
    raw: `POST ${VERIFY} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 5\r\n\r\n{}`,
    status: 400,
    code: 'malformed_request',
    paths: ['content-length'],
  },
  {
    name: 'raw: a negative content-length',
    raw: `POST ${VERIFY} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: -1\r\n\r\n{}`,
    status: 400,
    code: 'malformed_request',
    paths: ['content-length'],
  },
  {
    name: 'raw: a 100 KB query string',
    raw: () => `GET /v0/effects?${'a'.repeat(100 * 1024)}=1 HTTP/1.1\r\nhost: x\r\n\r\n`,
    status: 431,
    code: 'headers_too_large',
    paths: ['request line and headers'],
  },
  {
    name: 'raw: a 100 KB header',
    raw: () => `GET /v0/effects HTTP/1.1\r\nhost: x\r\nx-pad: ${'a'.repeat(100 * 1024)}\r\n\r\n`,
    status: 431,
    code: 'headers_too_large',
    paths: ['request line and headers'],
  },
  {
    name: 'raw: a declared 10 MB body',
    raw: () =>
      `POST ${VERIFY} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${testKeys.acme}\r\ncontent-type: application/json\r\ncontent-length: ${10 * 1024 * 1024}\r\n\r\n{"contract":`,
    status: 413,
    code: 'payload_too_large',
    paths: ['$'],
  },
  {
    name: 'raw: a header without a colon',
    raw: `GET /healthz HTTP/1.1\r\nhost: x\r\nbroken header\r\n\r\n`,
    status: 400,
    code: 'malformed_request',
    paths: ['headers'],
  },
  { name: 'raw: not a method', raw: `G@T /healthz HTTP/1.1\r\nhost: x\r\n\r\n`, status: 400, code: 'malformed_request' },
  { name: 'raw: an HTTP version that does not exist', raw: `GET /healthz HTTP/7.3\r\nhost: x\r\n\r\n`, status: 400, code: 'malformed_request' },
  {
    name: 'raw: a bad chunk size',
    raw: `POST ${VERIFY} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    status: 400,
    code: 'malformed_request',
  },
];

/** Sends raw bytes on a new connection and parses the one response that comes back. */
function sendRaw(url: string, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(head.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? Number.NaN);
      const body = data.slice(end + 4);
      if (Number.isFinite(length) && Buffer.byteLength(body) >= length) {
        socket.destroy();
        resolve({ status: Number(head[0]!.split(' ')[1]), headers, body: body.slice(0, length) });
      }
    });
    socket.on('error', (error) => reject(error));
    socket.on('close', () => reject(new Error(`connection closed before a whole response: ${JSON.stringify(data.slice(0, 200))}`)));
    socket.write(bytes);
  });
}

describe.each(storeTargets())('W9: the attack suite on $name', (target) => {
  let db: Database;
  let server: WarrantServer;
  let running: RunningServer;
  beforeAll(async () => {
    db = await target.open();
    server = await createTestServer(db, { bodyLimitBytes: LIMIT, turns: { workflows, locales } });
    running = await listen(server, { port: 0 });
  });
  afterAll(async () => {
    await running?.close();
    await db?.close();
  });

  async function send(bad: BadRequest): Promise<{ status: number; type: string | null; headers: (name: string) => string | null; text: string }> {
    if (bad.raw !== undefined) {
      const res = await sendRaw(running.url, typeof bad.raw === 'function' ? bad.raw() : bad.raw);
      return { status: res.status, type: res.headers['content-type'] ?? null, headers: (n) => res.headers[n] ?? null, text: res.body };
    }
    const method = bad.method ?? 'POST';
    const headers: Record<string, string> = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json', ...bad.headers };
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    let body: string | Uint8Array | ReadableStream<Uint8Array> | undefined;
    if (bad.body === undefined) body = undefined;
    else if (bad.body === 'stream') {
      const chunk = new TextEncoder().encode('x'.repeat(1024));
      let sent = 0;
      body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < LIMIT / 1024 + 4) controller.enqueue(chunk);
          else controller.close();
        },
      });
    } else if (typeof bad.body === 'string' || bad.body instanceof Uint8Array) body = bad.body;
    else body = JSON.stringify(bad.body);
    if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
    const res = await server.app.request(bad.path ?? VERIFY, { method, headers, ...(body === undefined ? {} : { body, duplex: 'half' }) } as RequestInit);
    return { status: res.status, type: res.headers.get('content-type'), headers: (n) => res.headers.get(n), text: await res.text() };
  }

  it('the table holds at least 150 distinct bad requests', () => {
    expect(table.length).toBeGreaterThanOrEqual(150);
    expect(new Set(table.map((t) => t.name)).size).toBe(table.length);
  });

  it.each(table)('$name → $status $code', async (bad) => {
    const res = await send(bad);
    expect(res.status, res.text).toBe(bad.status);
    expect(res.type).toBe('application/problem+json');
    expect(res.headers('x-content-type-options')).toBe('nosniff');
    expect(res.headers('cache-control')).toBe('no-store');
    const problem = JSON.parse(res.text) as {
      status: number;
      code: string;
      type: string;
      title: string;
      instance: string;
      issues: { path: string; message: string }[];
    };
    expect(problem).toMatchObject({ status: bad.status, code: bad.code, type: `urn:warrant:problem:${bad.code}` });
    if (bad.raw === undefined) expect(problem.instance).toBe(decodeURIComponent((bad.path ?? VERIFY).split('?')[0]!));
    // It names what is wrong.
    expect(problem.issues.length).toBeGreaterThan(0);
    for (const issue of problem.issues) expect(issue.message.length).toBeGreaterThan(0);
    for (const path of bad.paths ?? []) expect(problem.issues.map((i) => i.path)).toContain(path);
  });

  it('none of them wrote anything, and the server still answers', async () => {
    for (const name of ['effects', 'turns', 'turn_events', 'turn_records', 'suggestions']) {
      const [row] = await db.query<{ n: number }>(`select count(*)::int8 as n from ${name}`);
      expect(row?.n, name).toBe(0);
    }
    const health = await fetch(`${running.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await server.app.request('/healthz')).status).toBe(200);
  });

  it('keys JavaScript treats specially but can keep (constructor, toString, hasOwnProperty) are stored exactly as sent', async () => {
    const contract = { ...automotiveContract, entity_roles: { constructor: 'a', toString: 'b', hasOwnProperty: 'c', customer: 'vehicle_seller' } };
    const res = await server.app.request(VERIFY, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.beta}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contract, candidates: [] }),
    });
    expect(res.status).toBe(200);
    const { effect } = (await res.json()) as { effect: { id: string; entity_roles: unknown } };
    expect(effect.entity_roles).toEqual(contract.entity_roles);
    const stored = (await (await server.app.request(`/v0/effects/${effect.id}`, { headers: { authorization: `Bearer ${testKeys.beta}` } })).json()) as {
      contract: unknown;
    };
    expect(stored.contract).toEqual(contract);
    await db.query("delete from effects where tenant_id = 'beta'");
  });

  it("W10: a value the store refuses that got past validation is the caller's 400, never a 503", async () => {
    // Validation stops every such value; inject one below it, through the effect writer itself.
    const app = server.app;
    const before = await app.request('/v0/effects', { headers: { authorization: `Bearer ${testKeys.beta}` } });
    expect(before.status).toBe(200);
    const poisoned = server.effects.insert({
      tenantId: 'acme',
      id: 'eff_0190000000000000000000000abc',
      createdAt: new Date(),
      status: 'accepted',
      interactionKind: 'k',
      effect: testEffectJson('a'),
      contract: testContractJson(),
      candidates: [`a${NUL}`],
    });
    const valid = Array.from({ length: 8 }, () =>
      app.request(VERIFY, {
        method: 'POST',
        headers: { authorization: `Bearer ${testKeys.beta}`, 'content-type': 'application/json' },
        body: JSON.stringify(good),
      }),
    );
    const [poison, ...responses] = await Promise.allSettled([poisoned, ...valid]);
    expect(poison!.status).toBe('rejected');
    const { problemOf } = await import('./problem.js');
    expect(problemOf((poison as PromiseRejectedResult).reason, VERIFY)).toMatchObject({ status: 400, code: 'unstorable_input' });
    for (const r of responses) expect(r.status === 'fulfilled' && r.value.status).toBe(200);
    const listed = (await (await app.request('/v0/effects', { headers: { authorization: `Bearer ${testKeys.beta}` } })).json()) as { items: unknown[] };
    expect(listed.items).toHaveLength(8);
    await db.query("delete from effects where tenant_id = 'beta'");
  });
});
