/**
 * `contract-disguise`: forbidden-term matching scored on the corpora of corpora/disguise/
 * (698 disguise cases, 1,029 benign sentences in en, lt, de, it and zh-TW), Warrant's `folded`
 * and `loose` beside `obscenity` 0.4.6 — the best-known npm filter of this kind, with its
 * recommended English transformers, with and without `skipNonAlphabetic` — on the same cases in
 * the same process. Prints per-class recall, false positives (listed), and the time per
 * candidate of each contender over the whole disguise corpus and per benign sentence (best of
 * five rounds each).
 */
import { DataSet, englishRecommendedBlacklistMatcherTransformers, parseRawPattern, RegExpMatcher, skipNonAlphabeticTransformer } from 'obscenity';
import { readDisguiseCorpora, scoreContender, warrantContender, type Contender } from '../src/contract/disguise-corpus.js';
import { DISGUISE_CLASSES } from '../src/contract/fold-text.js';
import { contest, report, round } from './measure.js';

/**
 * obscenity as a contender: one phrase per term, ids back to terms. Its transformers lower-case
 * the text to ASCII (and `skipNonAlphabetic` drops every character but ASCII letters), so each
 * pattern is the term put through the same: lower case, and for `skipNonAlphabetic` only its
 * ASCII letters. A term left with nothing (Chinese) is one obscenity cannot match.
 */
function obscenityContender(skipNonAlphabetic: boolean): Contender {
  return (terms) => {
    const dataset = new DataSet<{ term: string }>();
    for (const term of terms) {
      let pattern = term.toLowerCase();
      if (skipNonAlphabetic) pattern = pattern.replace(/[^a-z]/g, '');
      if (pattern === '') continue;
      const escaped = pattern.replace(/[[\]?|\\]/g, (c) => `\\${c}`);
      dataset.addPhrase((p) => p.setMetadata({ term }).addPattern(parseRawPattern(escaped)));
    }
    const built = dataset.build();
    const transformers = [...englishRecommendedBlacklistMatcherTransformers];
    if (skipNonAlphabetic) transformers.splice(3, 0, skipNonAlphabeticTransformer());
    const matcher = new RegExpMatcher({ ...built, blacklistMatcherTransformers: transformers });
    return (text) => [...new Set(matcher.getAllMatches(text).map((m) => dataset.getPayloadWithPhraseMetadata(m).phraseMetadata!.term))];
  };
}

const corpora = readDisguiseCorpora();
const contenders: Record<string, Contender> = {
  folded: warrantContender('folded'),
  loose: warrantContender('loose'),
  obscenity: obscenityContender(false),
  obscenity_skip_non_alphabetic: obscenityContender(true),
};

const scores = Object.fromEntries(Object.entries(contenders).map(([name, c]) => [name, scoreContender(corpora, c)]));
const pct = (caught: number, cases: number) => (cases === 0 ? null : round((100 * caught) / cases, 1));

// Per-class recall, one row per class.
const table: Record<string, Record<string, number | null>> = {};
for (const d of DISGUISE_CLASSES) {
  table[d] = { cases: scores.loose!.byClass[d].cases };
  for (const [name, s] of Object.entries(scores)) table[d]![name] = pct(s.byClass[d].caught, s.byClass[d].cases);
}

// Time per candidate over the whole disguise corpus, each matcher compiled once beforehand.
const allTerms = [...new Set([...corpora.terms, ...corpora.cases.map((c) => c.term)])];
let sink = 0;
const runners = Object.fromEntries(
  Object.entries(contenders).map(([name, c]) => {
    const find = c(allTerms);
    return [
      name,
      [
        () => {
          for (const k of corpora.cases) sink += find(k.candidate).length;
        },
        1,
      ] as const,
    ];
  }),
) as Record<string, readonly [() => unknown, number]>;
const times = contest(runners);
// The same over the benign sentences: what a reply that holds no forbidden term costs (no
// occurrence to map back or name).
const benignRunners = Object.fromEntries(
  Object.entries(contenders).map(([name, c]) => {
    const find = c(corpora.terms);
    return [
      name,
      [
        () => {
          for (const s of corpora.benign) sink += find(s.text).length;
        },
        1,
      ] as const,
    ];
  }),
) as Record<string, readonly [() => unknown, number]>;
const benignTimes = contest(benignRunners);

report('contract-disguise', {
  cases: corpora.cases.length,
  benign: corpora.benign.length,
  recall: Object.fromEntries(Object.entries(scores).map(([name, s]) => [name, pct(s.caught, s.cases)])),
  folded_promise: Object.fromEntries(Object.entries(scores).map(([name, s]) => [name, pct(s.foldedPromise.caught, s.foldedPromise.cases)])),
  false_positives: Object.fromEntries(Object.entries(scores).map(([name, s]) => [name, s.falsePositives.length])),
  us_per_candidate: Object.fromEntries(Object.entries(times).map(([name, ns]) => [name, round(ns / corpora.cases.length / 1000, 2)])),
  us_per_benign_sentence: Object.fromEntries(Object.entries(benignTimes).map(([name, ns]) => [name, round(ns / corpora.benign.length / 1000, 2)])),
  by_class: table,
});
// The lists behind the counts, for a reader to judge.
for (const [name, s] of Object.entries(scores)) {
  for (const fp of s.falsePositives) process.stderr.write(`false positive (${name}): ${JSON.stringify(fp.text)} holds ${JSON.stringify(fp.terms)}\n`);
  if (name === 'loose')
    for (const m of s.missed)
      process.stderr.write(`missed (loose): ${JSON.stringify(m.candidate)} hides ${JSON.stringify(m.term)} by ${m.classes.join(' + ')}\n`);
}
if (sink < 0) process.stderr.write('unreachable\n');
