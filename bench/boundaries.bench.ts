/**
 * The labelled boundary corpus (corpora/boundaries/corpus.json) decided in two configurations —
 * no model (code alone) and a reader that reads every case correctly — as precision and recall per
 * class, per configuration, with the figures issue 18 aims at: false closes without a model, and
 * the share of explicit end-contact requests code closes alone. Quality figures, not a speed race:
 * there is no baseline, so the line has no `speedup`; the milliseconds per case are for scale.
 */
import { decideCase, emptyMatrix, expectedClass, loadBoundaryCorpus, precisionRecall, type ConfusionMatrix } from '../src/suggest/boundary-corpus.js';
import { report, round } from './measure.js';

const corpus = loadBoundaryCorpus();
const figures: Record<string, unknown> = {
  cases: corpus.cases.length,
  lithuanian_share: round(corpus.cases.filter((c) => c.language === 'lt').length / corpus.cases.length, 3),
  explicit_end_contact_cases: corpus.cases.filter((c) => c.explicit).length,
};
for (const reader of ['none', 'correct'] as const) {
  const all: ConfusionMatrix = emptyMatrix();
  let falseCloses = 0;
  let explicitClosed = 0;
  let undecided = 0;
  const t0 = performance.now();
  for (const c of corpus.cases) {
    const decided = await decideCase(corpus, c, reader);
    const expected = expectedClass(c);
    all[expected][decided]++;
    if (decided === 'end_contact' && expected !== 'end_contact') falseCloses++;
    if (c.explicit && decided === 'end_contact') explicitClosed++;
    if (decided === 'needs_reading' || decided === 'clarification') undecided++;
  }
  const ms = (performance.now() - t0) / corpus.cases.length;
  const key = reader === 'none' ? 'no_model' : 'correct_reader';
  figures[key] = {
    per_class: Object.fromEntries(
      Object.entries(precisionRecall(all)).map(([k, v]) => [k, { precision: round(v.precision, 3), recall: round(v.recall, 3), support: v.support }]),
    ),
    false_closes: falseCloses,
    explicit_end_contact_closed: round(explicitClosed / (figures.explicit_end_contact_cases as number), 3),
    held_for_reading_or_asked: undecided,
    ms_per_case: round(ms, 3),
  };
}
report('boundaries', { ...figures, baseline: 'none: precision and recall against the corpus labels' });
