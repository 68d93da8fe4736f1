import { describe, expect, it } from 'vitest';
import { contentStems, findPhrase, isContentWord, phrases } from '../phrase-match.js';
import { words } from '../text-similarity.js';
import { indexOfPhrase, phrasePatterns } from '../word-patterns.js';
import { defineAudit, runAudit, type AuditContext, type Candidate } from './audit.js';

const candidate: Candidate = {
  index: 3,
  round: 2,
  draft: { direction: 'direct_answer_and_callback', text: 'Mostly the quiet.', rationale: 'Answers her plainly.', handles: [], claims: [] },
};
/** Where each pattern `list` compiles to occurs in `text`, -1 where it does not. */
const at = (list: string[], text: string) => phrasePatterns(list).map((p) => indexOfPhrase(words(text), p));

describe('running an audit', () => {
  it('audit: a run records the audit, the candidate and its round, by code, passed exactly when nothing was found', () => {
    const clean = defineAudit('conduct', () => []);
    expect(runAudit(clean, candidate, {} as AuditContext)).toEqual({ audit: 'conduct', candidate: 3, round: 2, by: 'code', passed: true, findings: [] });
    const finding = { code: 'promise_of_success', detail: 'guaranteed' };
    const failing = defineAudit('conduct', () => [finding]);
    expect(runAudit(failing, candidate, {} as AuditContext)).toEqual({
      audit: 'conduct',
      candidate: 3,
      round: 2,
      by: 'code',
      passed: false,
      findings: [finding],
    });
  });
});

describe('phrases as words', () => {
  it('phrases: padding and runs of spaces make no empty words, so a padded phrase still matches', () => {
    expect(phrases([' Meet  up '])).toEqual([['meet', 'up']]);
    expect(findPhrase('Shall we meet up?', phrases([' meet up']))).toBe('meet up');
  });
  it('phrases: a typographic or backtick apostrophe in the text reads as a plain one', () => {
    expect(findPhrase('Let’s meet on Friday', phrases(["let's meet"]))).toBe("let's meet");
    expect(findPhrase('Let`s meet on Friday', phrases(["let's meet"]))).toBe("let's meet");
  });
  it('content words: Lithuanian function words of four letters or more carry no meaning', () => {
    for (const w of ['kaip', 'prie', 'apie', 'buvo', 'būti', 'mums', 'jums', 'mano', 'tavo', 'savo', 'labai', 'taip', 'irgi'])
      expect(isContentWord(w), w).toBe(false);
    expect(isContentWord('susitikti')).toBe(true);
    expect(contentStems('Labai gražus vakaras prie jūros')).toEqual(['gražu', 'vakar', 'jūros']);
  });
});

describe('word patterns', () => {
  it('patterns: a group that holds spaces is alternative runs of words, and without `?` one of them is required', () => {
    expect(at(["i (don't|do not) know"], "Well, I don't know")).toEqual([1, -1]);
    expect(at(["i (don't|do not) know"], 'I do not know')).toEqual([-1, 0]);
    expect(at(["i (don't|do not) know"], 'I know')).toEqual([-1, -1]);
  });
  it('patterns: a `?` makes a group optional, a first word too', () => {
    expect(at(['(please)? meet up'], 'please meet up')).toEqual([0, 1]);
    expect(at(['(please)? meet up'], 'so we meet up')).toEqual([-1, 2]);
  });
  it('patterns: a group inside a word stays one pattern whose word takes any of its endings', () => {
    expect(phrasePatterns(['susitik(ti|sim) gyvai'])).toHaveLength(1);
    expect(at(['susitik(ti|sim) gyvai'], 'gal susitiksim gyvai')).toEqual([1]);
    expect(at(['susitik(ti|sim) gyvai'], 'norėčiau susitikti gyvai')).toEqual([1]);
    expect(at(['susitik(ti|sim) gyvai'], 'susitikau gyvai')).toEqual([-1]);
  });
  it('patterns: padding around the bars of a group is layout, not a word break', () => {
    expect(at(['susitik(ti | sim)'], 'gal susitiksim')).toEqual([-1, 1]);
  });
  it('patterns: a phrase must lie wholly within the words; a wildcard does not match past the last one', () => {
    expect(at(['please un*'], 'please unmatch me')).toEqual([0]);
    expect(at(['please un*'], 'so please')).toEqual([-1]);
  });
});
