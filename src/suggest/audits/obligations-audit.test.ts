import { describe, expect, it } from 'vitest';
import type { Boundary } from '../boundary-ledger.js';
import type { Route } from '../gate.js';
import type { Obligation } from '../skill-schemas.js';
import type { AuditContext, Candidate } from './audit.js';
import { obligationsAudit, questionCount } from './obligations-audit.js';

const obligation = (o: Partial<Obligation>): Obligation => ({
  id: 'o1',
  kind: 'direct_question',
  messageId: 'e4',
  summary: '',
  primary: true,
  boundary: null,
  avoidTerms: [],
  needsUserFact: null,
  ...o,
});
const boundary = (b: Partial<Boundary>): Boundary => ({
  scope: 'topic',
  messageId: 'e2',
  saidAt: '2026-11-18T18:30:00.000Z',
  by: 'code',
  words: "let's not talk about my ex",
  until: null,
  avoidTerms: ['ex'],
  inForce: true,
  ...b,
});
const route = (over: Partial<Route>): Route => ({
  task: 'reply',
  language: 'en',
  effort: 'standard',
  ruleset: 'reply',
  obligations: [],
  boundaries: [],
  eligibleDirections: ['direct_answer_and_callback'],
  ...over,
});
const candidate = (text: string, handles: string[] = []): Candidate => ({
  index: 0,
  round: 1,
  draft: { direction: 'direct_answer_and_callback', text, rationale: 'Answers her plainly.', handles, claims: [] },
});
const check = (c: Candidate, r: Route) => obligationsAudit.check(c, { route: r } as AuditContext);

describe('obligations audit', () => {
  it('obligations: the audit is named obligations', () => {
    expect(obligationsAudit.name).toBe('obligations');
  });
  it('obligations: each unhandled obligation is named by its id and kind; the primary one as missed, a required one as ignored', () => {
    const obligations = [
      obligation({}),
      obligation({ id: 'o2', kind: 'disclosure', primary: false }),
      obligation({ id: 'o3', kind: 'greeting', primary: false }),
    ];
    expect(check(candidate('Mostly the quiet.'), route({ obligations }))).toEqual([
      { code: 'primary_obligation_missed', detail: 'o1 (direct_question)' },
      { code: 'obligation_ignored', detail: 'o2 (disclosure)' },
    ]);
  });
  it('obligations: a raised topic names the message that ruled it out and the term', () => {
    expect(check(candidate('Was your ex into hiking too.'), route({ boundaries: [boundary({})] }))).toEqual([
      { code: 'boundary_topic_raised', detail: 'e2: "ex"' },
    ]);
  });
  it('obligations: only a topic boundary keeps words out; terms carried by a pause or an end of contact do not', () => {
    // The burst reader may name terms with any scope; the ledger passes them through unchanged.
    const others = [boundary({ scope: 'pause', until: '2026-11-25T18:30:00.000Z' }), boundary({ scope: 'end_contact' })];
    expect(check(candidate('Was your ex into hiking too.'), route({ boundaries: others }))).toEqual([]);
  });
  it('obligations: stacked questions say how many', () => {
    expect(check(candidate('Where did you go? Who with? When?'), route({}))).toEqual([{ code: 'stacked_questions', detail: '3 questions' }]);
  });
  it('obligations: a run of question marks is one question; no question mark is none', () => {
    expect(questionCount('Where did you go??')).toBe(1);
    expect(questionCount('Really?! And then??? No way?')).toBe(3);
    expect(questionCount('No question here.')).toBe(0);
    expect(check(candidate('Where did you go???'), route({}))).toEqual([]);
  });
});
