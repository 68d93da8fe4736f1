/**
 * Reply Contract v1 `folded` matching at scale, `contract-folded`: the large contract of
 * `contract-large` (2,000 forbidden terms of 2–6 CJK characters, a 4,000-character candidate)
 * with every list folded, against two baselines measured in the same run:
 * - `speedup`: the naive loop over folded text — fold the candidate, then one `includes` per
 *   folded term (terms folded once, beforehand, as the naive contender's fair share);
 * - `ratio_to_exact`: the same contract verified exactly (v0, the automaton) over the same
 *   candidate; 1.0 would mean folding costs nothing.
 * Beside them: `loose_ns_per_candidate_char`, the same contract with its forbidden terms
 * `loose`, and `js_ns_per_candidate_char`, the folded one with the automaton's scan kept in
 * JavaScript (the reference the WebAssembly scan replaces once a contract has scanned enough).
 */
import { compileContract, foldTerm, readContract } from '../src/contract/index.js';
import { createVerifier } from '../src/contract/contract-verifier.js';
import { automotiveContractJson } from '../src/contract/testing-contracts.js';
import { bytesInUse, largeContract } from './large-contract.js';
import { contest, report, round } from './measure.js';

let sink = 0;

const large = largeContract();
const { forbidden, fallback } = large;
const json = {
  ...automotiveContractJson(),
  fallback_body: fallback,
  must_include: ['真人確認'],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: forbidden.filter((t) => !foldTerm(fallback).includes(foldTerm(t))),
};
const gc = (globalThis as { gc?: () => void }).gc;
const used = bytesInUse;
const exact = compileContract(readContract(json).contract);
const before = used();
const folded = compileContract(
  readContract({
    ...json,
    contract_version: 'v1',
    matching: { must_include: 'folded', must_ask: 'folded', canonical_terms: 'folded', forbidden_terms: 'folded' },
  }).contract,
);
const compiledBytes = used() - before;
const loose = compileContract(
  readContract({
    ...json,
    contract_version: 'v1',
    matching: { must_include: 'folded', must_ask: 'folded', canonical_terms: 'folded', forbidden_terms: 'loose' },
  }).contract,
);
const foldedJs = createVerifier(folded.contract, 'auto', 'js');

const candidate = large.candidate(json.forbidden_terms);

const foldedTerms = [...json.forbidden_terms, ...json.must_include].map(foldTerm);
const naive = () => {
  const text = foldTerm(candidate);
  let present = 0;
  for (const t of foldedTerms) if (text.includes(t)) present++;
  return present;
};

const {
  naive: naiveNs,
  folded: foldedNs,
  exact: exactNs,
  loose: looseNs,
  js: jsNs,
} = contest({
  naive: [() => (sink += naive()), 5],
  folded: [() => (sink += folded.verify(candidate).forbiddenMatches.length), 50],
  exact: [() => (sink += exact.verify(candidate).forbiddenMatches.length), 50],
  loose: [() => (sink += loose.verify(candidate).forbiddenMatches.length), 50],
  js: [() => (sink += foldedJs.verify(candidate).forbiddenMatches.length), 50],
});
const check = folded.verify(candidate).forbiddenTermsPresent.length;
// Same answer from all three: the candidate holds no disguise, so folding changes no verdict.
const naiveForbidden = foldedTerms.slice(0, json.forbidden_terms.length).filter((t) => foldTerm(candidate).includes(t)).length;
if (check !== exact.verify(candidate).forbiddenTermsPresent.length || check !== naiveForbidden) throw new Error('the verifiers disagree');
if (JSON.stringify(folded.verify(candidate)) !== JSON.stringify(foldedJs.verify(candidate))) throw new Error('the scans disagree');
report('contract-folded', {
  strategy: folded.strategy,
  forbidden_terms: json.forbidden_terms.length,
  candidate_chars: candidate.length,
  forbidden_present: check,
  us_per_verification: round(foldedNs / 1000, 1),
  exact_us_per_verification: round(exactNs / 1000, 1),
  naive_us_per_verification: round(naiveNs / 1000, 1),
  ns_per_candidate_char: round(foldedNs / candidate.length),
  loose_ns_per_candidate_char: round(looseNs / candidate.length),
  js_ns_per_candidate_char: round(jsNs / candidate.length),
  ratio_to_exact: round(exactNs / foldedNs),
  compiled_heap_kib: gc ? Math.round(compiledBytes / 1024) : null,
  speedup: round(naiveNs / foldedNs),
});

if (sink === -1) process.stdout.write('');
