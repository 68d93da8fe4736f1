/**
 * Reply Contract v0 verification speed, two figures from one run each:
 * - `contract-small`: the Reply Contract v0 specification's automotive contract against a 200-character candidate, the
 *   compiled contract (reused) versus a naive loop of `String.prototype.includes` per term.
 * - `contract-large`: 2,000 forbidden terms against a 4,000-character candidate, same baseline;
 *   also nanoseconds per candidate character, the same with the automaton's scan kept in
 *   JavaScript (the reference the WebAssembly scan replaces once a contract has scanned enough
 *   text), and the compiled contract's heap size.
 */
import { compileContract, readContract, type ReplyContract } from '../src/contract/index.js';
import { createVerifier } from '../src/contract/contract-verifier.js';
import { automotiveContractJson } from '../src/contract/testing-contracts.js';
import { bytesInUse, largeContract } from './large-contract.js';
import { contest, report, round } from './measure.js';

/** The naive reference: one `includes` per term, the four lists of v0. */
function naiveLists(contract: ReplyContract, candidate: string) {
  const missing = (terms: readonly string[]) => terms.filter((t) => !candidate.includes(t));
  return {
    missingMustInclude: missing(contract.mustInclude),
    missingMustAsk: missing(contract.mustAsk),
    missingCanonicalTerms: missing(contract.canonicalTerms),
    forbiddenTermsPresent: contract.forbiddenTerms.filter((t) => candidate.includes(t)),
  };
}

let sink = 0;

// Small: the automotive contract, a passing 200-character reply.
{
  const { contract } = readContract(automotiveContractJson());
  const compiled = compileContract(contract);
  let candidate = '好的，已記下希望到府估車的時段：明天下午兩點。時間尚未確認，需由真人顧問回覆。麻煩您提供待估車輛的車牌與里程，方便顧問事先準備估價資料。';
  const more = '若您之後想調整時段，也可以直接回覆這則訊息，我們會一併轉告顧問。感謝您的耐心等候，祝您有美好的一天。';
  while (candidate.length < 200) candidate += more;
  candidate = JSON.parse(JSON.stringify(candidate.slice(0, 200))) as string;
  // The strategy not chosen, on the same reply: why small contracts keep the includes loop.
  const automaton = compileContract(contract, { strategy: 'automaton' });
  const {
    naive: naiveNs,
    warrant: warrantNs,
    automaton: automatonNs,
  } = contest({
    naive: [() => (sink += naiveLists(contract, candidate).forbiddenTermsPresent.length), 1000],
    warrant: [() => (sink += compiled.verify(candidate).forbiddenMatches.length), 1000],
    automaton: [() => (sink += automaton.verify(candidate).forbiddenMatches.length), 1000],
  });
  report('contract-small', {
    strategy: compiled.strategy,
    candidate_chars: candidate.length,
    verifications_per_sec: Math.round(1e9 / warrantNs),
    naive_verifications_per_sec: Math.round(1e9 / naiveNs),
    ns_per_verification: round(warrantNs, 1),
    naive_ns_per_verification: round(naiveNs, 1),
    automaton_ns_per_verification: round(automatonNs, 1),
    speedup: round(naiveNs / warrantNs),
  });
}

// Large: 2,000 forbidden terms of 2–6 CJK characters, a 4,000-character reply drawn from the
// same characters (so partial matches are frequent) with three forbidden terms planted in it.
{
  const large = largeContract();
  const { forbidden, fallback } = large;
  const gc = (globalThis as { gc?: () => void }).gc;
  const used = bytesInUse;
  // Warm the tables every automaton shares (built once per process) so they are not counted.
  compileContract(readContract(automotiveContractJson()).contract, { strategy: 'automaton' }).verify('看車');
  const before = used();
  const { contract } = readContract({
    ...automotiveContractJson(),
    fallback_body: fallback,
    must_include: ['真人確認'],
    must_ask: [],
    canonical_terms: [],
    forbidden_terms: forbidden.filter((t) => !fallback.includes(t)),
  });
  const compiled = compileContract(contract);
  // The contract and its compiled matcher (the term strings themselves existed before).
  const compiledBytes = used() - before;
  const candidate = large.candidate(forbidden);

  const js = createVerifier(contract, 'auto', 'js');
  const {
    naive: naiveNs,
    warrant: warrantNs,
    js: jsNs,
  } = contest({
    naive: [() => (sink += naiveLists(contract, candidate).forbiddenTermsPresent.length), 5],
    warrant: [() => (sink += compiled.verify(candidate).forbiddenMatches.length), 50],
    js: [() => (sink += js.verify(candidate).forbiddenMatches.length), 50],
  });
  const check = compiled.verify(candidate).forbiddenTermsPresent;
  if (check.join() !== naiveLists(contract, candidate).forbiddenTermsPresent.join()) throw new Error('the verifiers disagree');
  if (JSON.stringify(compiled.verify(candidate)) !== JSON.stringify(js.verify(candidate))) throw new Error('the scans disagree');
  report('contract-large', {
    strategy: compiled.strategy,
    forbidden_terms: contract.forbiddenTerms.length,
    candidate_chars: candidate.length,
    forbidden_present: check.length,
    verifications_per_sec: Math.round(1e9 / warrantNs),
    us_per_verification: round(warrantNs / 1000, 1),
    naive_us_per_verification: round(naiveNs / 1000, 1),
    ns_per_candidate_char: round(warrantNs / candidate.length),
    js_ns_per_candidate_char: round(jsNs / candidate.length),
    compiled_heap_kib: gc ? Math.round(compiledBytes / 1024) : null,
    speedup: round(naiveNs / warrantNs),
  });
}

if (sink === -1) process.stdout.write('');
