import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { compileContract } from './compile-contract.js';
import { DISGUISE_CLASSES, FOLDED_DISGUISE_CLASSES, type DisguiseClass } from './fold-text.js';
import { readContract } from './read-contract.js';

/**
 * The disguise and benign corpora of `corpora/disguise/` (see its README.md) and how a
 * matcher is scored on them: per-class recall on the disguises, false positives on the benign
 * sentences. Shared by the aims test and `npm run bench -- contract-disguise`; not exported from
 * `warrant/contract`.
 */

/** One disguise case: a candidate hiding `term` by `classes`. */
export interface DisguiseCase {
  readonly lang: string;
  readonly term: string;
  readonly classes: readonly DisguiseClass[];
  readonly hidden: string;
  readonly candidate: string;
  readonly source: 'hand-written' | 'generated';
}

/** One benign sentence. */
export interface BenignSentence {
  readonly lang: string;
  readonly text: string;
}

/** Both corpora and the forbidden terms the benign sentences are checked against. */
export interface DisguiseCorpora {
  readonly terms: readonly string[];
  readonly cases: readonly DisguiseCase[];
  readonly benign: readonly BenignSentence[];
}

/** Reads both corpora from `corpora/disguise/`. */
export function readDisguiseCorpora(root = packageRoot()): DisguiseCorpora {
  const dir = join(root, 'corpora/disguise');
  const disguises = JSON.parse(readFileSync(join(dir, 'disguises.json'), 'utf8')) as { terms: Record<string, string[]>; cases: DisguiseCase[] };
  const benign = JSON.parse(readFileSync(join(dir, 'benign.json'), 'utf8')) as { sentences: BenignSentence[] };
  return { terms: Object.values(disguises.terms).flat(), cases: disguises.cases, benign: benign.sentences };
}

/** A contender: given the forbidden terms, a function telling which of them a text holds. */
export type Contender = (terms: readonly string[]) => (text: string) => readonly string[];

/** A Warrant contract (v1) with forbidden terms matched in `mode`, as a {@link Contender}. */
export function warrantContender(mode: 'exact' | 'folded' | 'loose'): Contender {
  return (terms) => {
    const compiled = compileContract(
      readContract({
        contract_version: 'v1',
        interaction_kind: 'disguise_corpus',
        entity_roles: {},
        authority_status: 'none',
        fallback_body: '-',
        must_include: [],
        must_ask: [],
        canonical_terms: [],
        forbidden_terms: [...terms],
        matching: { forbidden_terms: mode },
      }).contract,
    );
    return (text) => compiled.verify(text).forbiddenTermsPresent;
  };
}

/** How one contender did on the corpora. */
export interface CorpusScore {
  /** Per class: cases using it, and how many of them were caught (the case's own term found). */
  readonly byClass: Record<DisguiseClass, { readonly cases: number; readonly caught: number }>;
  /** All disguise cases, and how many were caught. */
  readonly cases: number;
  readonly caught: number;
  /** Cases whose every class is one `folded` promises, and how many of them were caught. */
  readonly foldedPromise: { readonly cases: number; readonly caught: number };
  /** The cases missed. */
  readonly missed: readonly DisguiseCase[];
  /** Benign sentences in which some term was found, with the terms. */
  readonly falsePositives: readonly { readonly text: string; readonly terms: readonly string[] }[];
  readonly benign: number;
}

/** Scores a contender: every disguise case against all terms, every benign sentence too. */
export function scoreContender(corpora: DisguiseCorpora, contender: Contender): CorpusScore {
  const caseTerms = [...new Set([...corpora.terms, ...corpora.cases.map((c) => c.term)])];
  const all = contender(caseTerms);
  const benignMatcher = contender(corpora.terms);
  const byClass = Object.fromEntries(DISGUISE_CLASSES.map((d) => [d, { cases: 0, caught: 0 }])) as Record<DisguiseClass, { cases: number; caught: number }>;
  const promise = { cases: 0, caught: 0 };
  const missed: DisguiseCase[] = [];
  let caught = 0;
  for (const c of corpora.cases) {
    const hit = all(c.candidate).includes(c.term);
    if (hit) caught++;
    else missed.push(c);
    for (const d of c.classes) {
      byClass[d].cases++;
      if (hit) byClass[d].caught++;
    }
    if (c.classes.every((d) => (FOLDED_DISGUISE_CLASSES as readonly string[]).includes(d))) {
      promise.cases++;
      if (hit) promise.caught++;
    }
  }
  const falsePositives: { text: string; terms: readonly string[] }[] = [];
  for (const s of corpora.benign) {
    const terms = benignMatcher(s.text);
    if (terms.length > 0) falsePositives.push({ text: s.text, terms });
  }
  return { byClass, cases: corpora.cases.length, caught, foldedPromise: promise, missed, falsePositives, benign: corpora.benign.length };
}
