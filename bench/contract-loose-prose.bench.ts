/**
 * `contract-loose-prose`: `loose` forbidden terms against ordinary English prose, the case issue
 * 19's second session of 2 December found slow: 400 two-word terms and a 4,000-character reply
 * of plain sentences. Every sentence's end between two words (`.`, `?`) is a mask between two
 * letters, so the masked pass runs for every reply. Printed: a whole verification, `loose` and,
 * as the reference of cost, the same contract `folded`; and the masked pass alone over the
 * reply's masked fold, the index verifiers use (`MaskedKeys`) against the reference that tries
 * every key at every wildcard (`findMaskedUnits`), which is `speedup`'s baseline.
 */
import { createVerifier } from '../src/contract/contract-verifier.js';
import { FoldScratch, foldText } from '../src/contract/fast-fold.js';
import { findMaskedUnits, LooseScratch, looseFoldUnits, MaskedKeys } from '../src/contract/fast-loose-fold.js';
import { looseTerm } from '../src/contract/loose-fold.js';
import { forbiddenOnlyContract } from '../src/contract/testing-contracts.js';
import { contest, random, report, round } from './measure.js';

let sink = 0;
const next = random(2026);
const words = (
  'refund approved guarantee shipped already money transfer account balance payment confirmed booking reserved ticket seat window ' +
  'cancel policy discount coupon voucher delivery tracking parcel warranty repair replace return exchange invoice receipt credit ' +
  'debit charge fee penalty deposit'
).split(' ');
const pick = () => words[Math.floor(next() * words.length)]!;
const termSet = new Set<string>();
while (termSet.size < 400) termSet.add(`${pick()} ${pick()}`);
const terms = [...termSet];
const sentences = [
  'Thanks for reaching out about your order.',
  'We looked into the delivery and the parcel is on its way.',
  'Is there anything else I can help with?',
  'Your booking for the window seat is noted.',
  'Please keep the receipt for your records.',
];
let reply = '';
while (reply.length < 4000) reply += `${sentences[Math.floor(next() * sentences.length)]} `;
reply = reply.slice(0, 4000);

const compiled = (mode: 'folded' | 'loose') =>
  createVerifier({
    ...forbiddenOnlyContract('v1', terms),
    matching: { mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: mode },
  });
const loose = compiled('loose');
const folded = compiled('folded');
if (loose.verify(reply).forbiddenTermsPresent.length !== folded.verify(reply).forbiddenTermsPresent.length)
  throw new Error('the modes disagree on plain prose');

// The masked pass alone, over the reply's masked fold.
const scratch = new LooseScratch('js');
const fold = foldText(reply, new FoldScratch());
looseFoldUnits(reply, fold, scratch, false);
if (!scratch.masksBetween) throw new Error('the reply masks no letter: the masked pass would not run');
looseFoldUnits(reply, fold, scratch, true);
const keys = [...new Set(terms.map(looseTerm))];
const index = new MaskedKeys(keys);
const matches: number[] = [];
const {
  loose: looseNs,
  folded: foldedNs,
  indexed: indexedNs,
  reference: referenceNs,
} = contest({
  loose: [() => (sink += loose.verify(reply).forbiddenMatches.length), 20],
  folded: [() => (sink += folded.verify(reply).forbiddenMatches.length), 50],
  indexed: [
    () => {
      matches.length = 0;
      index.find(scratch, matches);
      sink += matches.length;
    },
    50,
  ],
  reference: [
    () => {
      matches.length = 0;
      findMaskedUnits(scratch, keys, matches);
      sink += matches.length;
    },
    2,
  ],
});

report('contract-loose-prose', {
  forbidden_terms: terms.length,
  candidate_chars: reply.length,
  wildcards: scratch.wildcards.length,
  loose_ns_per_candidate_char: round(looseNs / reply.length),
  folded_ns_per_candidate_char: round(foldedNs / reply.length),
  masked_pass_us: round(indexedNs / 1000, 1),
  reference_masked_pass_us: round(referenceNs / 1000, 1),
  speedup: round(referenceNs / indexedNs),
});

if (sink === -1) process.stdout.write('');
