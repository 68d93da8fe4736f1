import { describe, expect, it } from 'vitest';
import type { ReviewVerdict } from '../skill-schemas.js';
import type { Candidate } from './audit.js';
import { REVIEWED_AUDITS, reviewRecords } from './review-records.js';

const candidate: Candidate = {
  index: 4,
  round: 2,
  draft: { direction: 'playful_shared_premise', text: 'x', rationale: 'y', handles: [], claims: [] },
};
const clean: ReviewVerdict = {
  index: 4,
  privacy: 'clean',
  privateJudgements: [],
  implication: 'clean',
  obligations: 'handled',
  conduct: 'clean',
  language: 'correct',
  drafting: [],
  reason: 'fine',
};
const failing = (over: Partial<ReviewVerdict>) =>
  reviewRecords(candidate, { ...clean, ...over }, 'not_reviewed')
    .filter((r) => !r.passed)
    .map((r) => [r.audit, r.findings.map((f) => f.code)]);

describe('review records: the model review’s half of each audit', () => {
  it('review: a clean verdict passes every reviewed audit, one record each, by the model review, for this candidate and round', () => {
    const records = reviewRecords(candidate, clean, 'not_reviewed');
    expect(records.map((r) => r.audit)).toEqual([...REVIEWED_AUDITS]);
    expect(REVIEWED_AUDITS).toEqual(['privacy', 'implication', 'obligations', 'conduct', 'language', 'drafting']);
    for (const r of records) expect(r).toEqual({ audit: r.audit, candidate: 4, round: 2, by: 'model_review', passed: true, findings: [] });
  });
  it('review: each verdict fails its own audit with a stable code and the reviewer’s reason', () => {
    expect(failing({ privacy: 'leak' })).toEqual([['privacy', ['review_privacy']]]);
    expect(failing({ implication: 'unsupported' })).toEqual([['implication', ['review_implication']]]);
    expect(failing({ obligations: 'ignored' })).toEqual([['obligations', ['review_obligations']]]);
    expect(failing({ language: 'wrong' })).toEqual([['language', ['review_wrong_language']]]);
    const [record] = reviewRecords(candidate, { ...clean, privacy: 'leak', reason: 'quotes the note' }, 'x');
    expect(record!.findings).toEqual([{ code: 'review_privacy', detail: 'quotes the note' }]);
  });
  it('conduct: the review’s conduct verdict catches an invitation, a promise and a claim of sending', () => {
    expect(failing({ conduct: 'in_person_invitation' })).toEqual([['conduct', ['review_in_person_invitation']]]);
    expect(failing({ conduct: 'promise_of_success' })).toEqual([['conduct', ['review_promise_of_success']]]);
    expect(failing({ conduct: 'claims_sent' })).toEqual([['conduct', ['review_claims_sent']]]);
  });
  it('drafting: each broken drafting rule is its own finding; judgements of attractiveness and effort fail privacy', () => {
    expect(failing({ drafting: ['generic_biography_request', 'elaborate_hypothetical'] })).toEqual([
      ['drafting', ['review_generic_biography_request', 'review_elaborate_hypothetical']],
    ]);
    expect(failing({ drafting: ['unnecessary_explanation'] })).toEqual([['drafting', ['review_unnecessary_explanation']]]);
    expect(failing({ drafting: ['no_easy_path_forward'] })).toEqual([['drafting', ['review_no_easy_path_forward']]]);
    expect(failing({ privateJudgements: ['attractiveness_judgement'] })).toEqual([['privacy', ['review_attractiveness_judgement']]]);
    expect(failing({ privacy: 'leak', privateJudgements: ['internal_effort'] })).toEqual([['privacy', ['review_privacy', 'review_internal_effort']]]);
  });
  it('W2: with no verdict every reviewed audit fails, naming why it was not reviewed', () => {
    const records = reviewRecords(candidate, undefined, 'review_unavailable:timeout');
    expect(records).toHaveLength(REVIEWED_AUDITS.length);
    for (const r of records) expect(r).toMatchObject({ passed: false, by: 'model_review', findings: [{ code: 'review_unavailable:timeout', detail: '' }] });
  });
});
