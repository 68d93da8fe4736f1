import { describe, expect, it } from 'vitest';
import { decideCase, emptyMatrix, expectedClass, formatMatrix, loadBoundaryCorpus, type CorpusDecision } from './boundary-corpus.js';

/*
 * The labelled boundary corpus (corpora/boundaries/corpus.json), decided in two configurations:
 * no model (code alone), and a reader that reads every case correctly. Prints a confusion matrix
 * per language and configuration; asserts the aims of issue 18.
 */
const corpus = loadBoundaryCorpus();

describe('boundary corpus', () => {
  it('corpus: at least 400 cases, at least 40% Lithuanian, every kind of benign and true boundary, with provenance', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(400);
    expect(corpus.cases.filter((c) => c.language === 'lt').length / corpus.cases.length).toBeGreaterThanOrEqual(0.4);
    const kinds = new Set(corpus.cases.map((c) => c.kind));
    for (const kind of [
      'end_explicit',
      'end_indirect',
      'pause_term',
      'pause_no_term',
      'topic',
      'benign_joke',
      'benign_negation',
      'benign_quote',
      'benign_question',
      'benign_someone_else',
      'benign_hypothetical',
      'benign_dislike',
      'benign_other_sense',
      'mixed_boundary_after_joke',
      'mixed_joke_after_boundary',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(new Set(corpus.cases.map((c) => c.id)).size).toBe(corpus.cases.length);
    expect(corpus.provenance).toContain('Warrant');
  });

  for (const reader of ['none', 'correct'] as const) {
    it(`W12: ${reader === 'none' ? 'without a model, zero false closes and at least 90% of explicit end-contact requests closed' : 'with a correct reading, every decision is right'}`, async () => {
      const matrices = { en: emptyMatrix(), lt: emptyMatrix() };
      const wrong: string[] = [];
      let explicit = 0;
      let explicitClosed = 0;
      for (const c of corpus.cases) {
        const decided: CorpusDecision = await decideCase(corpus, c, reader);
        const expected = expectedClass(c);
        matrices[c.language][expected][decided]++;
        if (c.explicit) {
          explicit++;
          if (decided === 'end_contact') explicitClosed++;
        }
        if (reader === 'correct' ? decided !== expected : decided === 'end_contact' && expected !== 'end_contact')
          wrong.push(`${c.id}: ${expected} → ${decided}: ${c.latest.text}`);
      }
      console.log(
        `${formatMatrix(`${reader === 'none' ? 'no model' : 'correct reader'}, en`, matrices.en)}\n${formatMatrix(`${reader === 'none' ? 'no model' : 'correct reader'}, lt`, matrices.lt)}`,
      );
      expect(wrong).toEqual([]);
      if (reader === 'none') expect(explicitClosed / explicit).toBeGreaterThanOrEqual(0.9);
    });
  }
});
