/**
 * Reading a verify request's body, `verify-body`: what `POST /v0/reply-contracts/verify` does with
 * the parsed JSON before verifying, since its route parses with the schema its OpenAPI document
 * shows (issue 21), against what the route did before and what it does after, all in the same run:
 * - `schema_ns`: `verifyRequestSchema` (the contract through `replyContractSchema`, the candidates)
 *   and the contract cache's hit on the contract it read — the route today;
 * - `envelope_ns`: the envelope the route parsed with before (the contract only walked as storable
 *   JSON, `wireJson`) and the same cache hit — the route before;
 * - `cache_hit_ns`: the cache hit alone (keying by the contract's JSON text), the part both share;
 * each for the automotive contract (`small_*`) and `contract-large`'s 2,000 forbidden terms
 * (`large_*`), each call on its own copy of the body, as a request's is parsed anew.
 */
import { z } from 'zod';
import { createContractCache } from '../src/server/contract-cache.js';
import { verifyRequestSchema } from '../src/server/routes/reply-contracts.js';
import { automotiveContract, unsafeAutomotiveCandidate } from '../src/server/testing.js';
import { wireJson } from '../src/wire-string.js';
import { largeContract } from './large-contract.js';
import { contest, report, round } from './measure.js';

let sink = 0;
const envelope = z.strictObject({ contract: wireJson(), candidates: verifyRequestSchema.shape.candidates });
const cache = createContractCache();
const large = largeContract();
const largeBody = {
  contract: {
    ...automotiveContract,
    fallback_body: large.fallback,
    must_include: [],
    must_ask: [],
    canonical_terms: [],
    forbidden_terms: large.forbidden.filter((t) => !large.fallback.includes(t)),
  },
  candidates: [large.candidate(large.forbidden.slice(0, 5))],
};
const smallBody = { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] };

function contenders(body: unknown, copies: number) {
  const text = JSON.stringify(body);
  const pool = Array.from({ length: copies }, () => JSON.parse(text) as { contract: unknown });
  let at = 0;
  const next = () => pool[at++ % copies]!;
  const read = (schema: z.ZodType<{ contract: unknown }>) => () => {
    const parsed = schema.safeParse(next());
    if (!parsed.success) throw new Error('refused');
    sink += cache.get(parsed.data.contract).warnings.length + 1;
  };
  return { text, schema: read(verifyRequestSchema), envelope: read(envelope), cacheHit: () => (sink += cache.get(next().contract).warnings.length + 1) };
}

const small = contenders(smallBody, 64);
const big = contenders(largeBody, 8);
const s = contest({ schema: [small.schema, 200], envelope: [small.envelope, 200], cacheHit: [small.cacheHit, 200] });
const l = contest({ schema: [big.schema, 4], envelope: [big.envelope, 4], cacheHit: [big.cacheHit, 4] });

report('verify-body', {
  small_body_bytes: small.text.length,
  small_schema_ns: round(s.schema, 0),
  small_envelope_ns: round(s.envelope, 0),
  small_cache_hit_ns: round(s.cacheHit, 0),
  small_schema_over_envelope: round(s.schema / s.envelope, 2),
  large_body_bytes: big.text.length,
  large_schema_us: round(l.schema / 1e3, 1),
  large_envelope_us: round(l.envelope / 1e3, 1),
  large_cache_hit_us: round(l.cacheHit / 1e3, 1),
  large_schema_over_envelope: round(l.schema / l.envelope, 2),
  calls: sink,
});
