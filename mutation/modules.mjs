/**
 * The modules mutation testing covers: each guarantee's source files and the fast unit tests
 * that are its own, so a module's run loads only those tests (the runtime suites take minutes
 * per mutant here). A module's tests must not need a store or a model server.
 *
 * Add a module by naming its files; a test file listed here that does not exist yet is skipped
 * by Vitest, so a module can name the tests its owner is writing.
 */
const GATES = ['match-gate', 'property-gate', 'timeline-gate', 'event-gate', 'profile-gate', 'router-gate', 'strategy-gate'];
const AUDITS = [
  'schema-audit',
  'language-audit',
  'conduct-audit',
  'in-person-invitation',
  'privacy-audit',
  'private-material',
  'implication-audit',
  'obligations-audit',
  'review-records',
  'diversity-audit',
];
const GATE_TESTS = [
  'src/suggest/gates/*.test.ts',
  'src/suggest/event-state.test.ts',
  'src/suggest/boundary-ledger.test.ts',
  'src/suggest/said-boundaries.test.ts',
];
const AUDIT_TESTS = ['src/suggest/audits/*.test.ts'];

// Every file a verdict or a refusal depends on: the verifier and its matchers (the includes
// loop, the automaton's build and its JavaScript and WebAssembly scans), the folds (reference,
// fast, loose) with the word boundaries and disguise classes they answer to, the NFC fast path,
// and reading (the fast path of the wire form, the lint). Data tables and types are not mutated.
const CONTRACT_FILES = [
  'contract-verifier',
  'govern-reply',
  'term-matcher',
  'compile-contract',
  'includes-matcher',
  'automaton-build',
  'automaton-scan',
  'automaton-wasm',
  'fast-fold',
  'reference-fold',
  'loose-fold',
  'word-boundaries',
  'disguise-classes',
  'is-nfc',
  'read-contract',
  'accept-contract-json',
  'lint-contract',
];
// v1's folded matching is verified by its own tests: without them the folded scan and the
// compiled contract's checks went untested (the first run's 71 %).
const CONTRACT_TESTS = [
  'src/contract/govern-reply.test.ts',
  'src/contract/term-matcher.test.ts',
  'src/contract/verify.property.test.ts',
  'src/contract/contract-verifier*.test.ts',
  'src/contract/contract-v1.test.ts',
  'src/contract/disguised-candidates.test.ts',
  'src/contract/folded-matching.property.test.ts',
  'src/contract/read-contract.test.ts',
  'src/contract/compile-contract*.test.ts',
  'src/contract/automaton-wasm.test.ts',
  'src/contract/fold-text.test.ts',
  'src/contract/loose-matching.test.ts',
  'src/contract/is-nfc.test.ts',
  'src/contract/accept-contract-json.test.ts',
];

/** One module per gate and per audit file: small enough to run on a shared machine. */
const perFile = (folder, names, tests) =>
  Object.fromEntries(names.map((n) => [`suggest-${n}`, { describe: `src/suggest/${folder}/${n}.ts`, mutate: [`src/suggest/${folder}/${n}.ts`], tests }]));

export const MUTATION_MODULES = {
  ...perFile('gates', GATES, GATE_TESTS),
  'suggest-event-state': { describe: 'src/suggest/event-state.ts', mutate: ['src/suggest/event-state.ts'], tests: GATE_TESTS },
  'suggest-boundary-ledger': {
    describe: 'src/suggest/boundary-ledger.ts and said-boundaries.ts',
    mutate: ['src/suggest/boundary-ledger.ts', 'src/suggest/said-boundaries.ts'],
    tests: GATE_TESTS,
  },
  ...perFile('audits', AUDITS, AUDIT_TESTS),
  'suggest-audit-support': {
    describe: 'src/suggest/audits/audit.ts, word-patterns.ts and phrase-match.ts: what every audit runs on',
    mutate: ['src/suggest/audits/audit.ts', 'src/suggest/word-patterns.ts', 'src/suggest/phrase-match.ts'],
    tests: AUDIT_TESTS,
  },
  'suggest-gates': {
    describe: 'the seven suggestion gates, the event state and the boundary ledger',
    mutate: ['src/suggest/gates/*.ts', 'src/suggest/event-state.ts', 'src/suggest/boundary-ledger.ts', 'src/suggest/said-boundaries.ts', '!src/**/*.test.ts'],
    tests: GATE_TESTS,
  },
  'suggest-audits': {
    describe: 'the candidate audits, the review records and the phrase matchers they use',
    mutate: ['src/suggest/audits/*.ts', 'src/suggest/word-patterns.ts', 'src/suggest/phrase-match.ts', '!src/**/*.test.ts'],
    tests: AUDIT_TESTS,
  },
  contract: {
    describe: 'the contract layer: reading, the verifier and its matchers and folds, governReply, compileContract',
    mutate: CONTRACT_FILES.map((f) => `src/contract/${f}.ts`),
    tests: CONTRACT_TESTS,
  },
  ...Object.fromEntries(
    CONTRACT_FILES.map((f) => [
      `contract-${f.replace(/^contract-|-contract$/, '')}`,
      { describe: `src/contract/${f}.ts`, mutate: [`src/contract/${f}.ts`], tests: CONTRACT_TESTS },
    ]),
  ),
  'claim-guard': {
    describe: 'the claim guard of the turn runtime',
    mutate: ['src/turn/claim-guard.ts'],
    tests: ['src/turn/claim-guard*.test.ts'],
  },
  'choose-ask': {
    describe: 'choosing the one ask of a turn',
    mutate: ['src/turn/choose-ask.ts'],
    tests: ['src/turn/choose-ask*.test.ts'],
  },
  'code-transition': {
    describe: "the code transition: code's own words for a turn",
    mutate: ['src/turn/code-transition.ts'],
    tests: ['src/turn/code-transition*.test.ts'],
  },
  'review-checks': {
    describe: 'the checks the acknowledgement review is asked',
    mutate: ['src/turn/model/review-checks.ts'],
    tests: ['src/turn/model/review-checks*.test.ts'],
  },
};
