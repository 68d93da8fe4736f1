/**
 * A fresh contract per turn, `contract-fresh`: what the Reply Contract specification's host pays
 * when it writes a new contract for every turn, against verifying with a contract compiled once,
 * both measured in the same run:
 * - `fresh_ns`: `readContract` + `compileContract` + one verification of the automotive contract
 *   against the 200-character reply of `contract-small`; `compiled_ns`: that verification alone,
 *   with the contract compiled beforehand; `ratio`: the first over the second (aim ≤ 10);
 * - `large_read_compile_ms`: `readContract` (the schema, the lint, the fallback's verification)
 *   and `compileContract` of `contract-large`'s 2,000 forbidden terms (aim ≤ 2 ms);
 *   `large_v1_read_compile_ms`: the same contract as v1, its forbidden terms folded.
 */
import { compileContract, readContract } from '../src/contract/index.js';
import { automotiveContractJson } from '../src/contract/testing-contracts.js';
import { largeContract } from './large-contract.js';
import { contest, report, round } from './measure.js';

let sink = 0;

const small = automotiveContractJson();
let candidate = '好的，已記下希望到府估車的時段：明天下午兩點。時間尚未確認，需由真人顧問回覆。麻煩您提供待估車輛的車牌與里程，方便顧問事先準備估價資料。';
const more = '若您之後想調整時段，也可以直接回覆這則訊息，我們會一併轉告顧問。感謝您的耐心等候，祝您有美好的一天。';
while (candidate.length < 200) candidate += more;
candidate = JSON.parse(JSON.stringify(candidate.slice(0, 200))) as string;
const compiled = compileContract(readContract(small).contract);

const large = largeContract();
const largeJson = {
  ...automotiveContractJson(),
  fallback_body: large.fallback,
  must_include: ['真人確認'],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: large.forbidden.filter((t) => !large.fallback.includes(t)),
};
const largeV1Json = { ...largeJson, contract_version: 'v1' as const };
// Each read gets its own copy of the wire form, as a host's request body would be parsed anew.
const wire = <T>(json: T): T => JSON.parse(JSON.stringify(json)) as T;
const largeCopies = Array.from({ length: 4 }, () => wire(largeJson));
const largeV1Copies = Array.from({ length: 4 }, () => wire(largeV1Json));
let turn = 0;

const {
  fresh: freshNs,
  compiled: compiledNs,
  large: largeNs,
  largeV1: largeV1Ns,
} = contest({
  fresh: [() => (sink += compileContract(readContract(small).contract).verify(candidate).forbiddenMatches.length), 100],
  compiled: [() => (sink += compiled.verify(candidate).forbiddenMatches.length), 1000],
  large: [() => (sink += compileContract(readContract(largeCopies[turn++ & 3]).contract).contract.forbiddenTerms.length), 2],
  largeV1: [() => (sink += compileContract(readContract(largeV1Copies[turn++ & 3]).contract).contract.forbiddenTerms.length), 2],
});

report('contract-fresh', {
  candidate_chars: candidate.length,
  fresh_ns: round(freshNs, 0),
  compiled_ns: round(compiledNs, 0),
  ratio: round(freshNs / compiledNs, 1),
  large_forbidden_terms: largeJson.forbidden_terms.length,
  large_read_compile_ms: round(largeNs / 1e6, 3),
  large_v1_read_compile_ms: round(largeV1Ns / 1e6, 3),
});

if (sink === -1) process.stdout.write('');
