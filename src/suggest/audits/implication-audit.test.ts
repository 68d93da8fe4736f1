import { describe, expect, it } from 'vitest';
import { CLAIM_KINDS, claimSchema } from '../skill-schemas.js';
import { scriptedSkills } from '../scripted-skills.js';
import { suggestReplies } from '../suggest-replies.js';
import { SKILL_TASKS } from '../suggest-skills.js';
import { fixtureInputs } from '../testing.js';
import { ELIGIBLE_DIRECTIONS } from '../gates/router-gate.js';
import type { Match, MatchMessage } from '../match.js';
import type { ProfileFact } from '../profile.js';
import type { Claim } from '../skill-schemas.js';
import { runAudit, type AuditContext } from './audit.js';
import { implicationAudit } from './implication-audit.js';

const fact = (f: Partial<ProfileFact> & Pick<ProfileFact, 'id'>): ProfileFact => ({
  statement: '',
  verified: true,
  disclosable: true,
  topics: [],
  supports: [],
  doesNotSupport: [],
  ...f,
});
const message = (id: string, author: MatchMessage['author'], text: string): MatchMessage => ({
  id,
  author,
  kind: 'text',
  text,
  sentAt: 0,
  liked: false,
  replyTo: null,
});
const match: Match = {
  id: 'm1',
  language: 'en',
  status: 'open',
  messages: [message('m1', 'match', 'I was at the Curonian Spit in August'), message('u1', 'user', 'I hike most weekends')],
  details: { job: 'architect', hobby: null },
  checkList: [],
  summary: '',
  aiGenerations: [],
};
const facts = [
  fact({ id: 'photo', supports: ['held an air pistol', 'visited a fair'], doesNotSupport: ['shot an air pistol at a range', 'owns a firearm'] }),
  fact({ id: 'kayak', supports: ['paddled a kayak'], doesNotSupport: ['kayak at sea alone'] }),
  fact({ id: 'bread', verified: false, supports: ['bakes bread'] }),
  fact({ id: 'salary', disclosable: false, supports: ['earns well'] }),
];
const context: AuditContext = {
  match,
  profile: { facts, classifications: [], privateNotes: [] },
  route: {
    task: 'reply',
    language: 'en',
    effort: 'standard',
    ruleset: 'reply',
    obligations: [],
    boundaries: [],
    eligibleDirections: ELIGIBLE_DIRECTIONS.reply,
  },
  copyLanguage: 'en',
  analysisLanguage: 'en',
  selectedFacts: [],
  privateMaterial: { texts: [], trigrams: new Map(), shortPhrases: new Map() },
  kept: [],
};
const audit = (claims: Claim[], text = 'Hello there.') =>
  runAudit(
    implicationAudit,
    { index: 0, round: 1, draft: { direction: 'direct_answer_and_callback', text, rationale: 'Keeps it light.', handles: [], claims } },
    context,
  );
const findings = (claims: Claim[], text?: string) => audit(claims, text).findings;
const claim = (text: string, about: Claim['about'], source: Claim['source'], premise = false): Claim => ({
  claim: text,
  kind: 'other',
  about,
  premise,
  source,
});
const fromFact = (text: string, id: string, about: Claim['about'] = 'user') => claim(text, about, { kind: 'profile_fact', id });
const fromDetail = (text: string, id: string, about: Claim['about'] = 'match') => claim(text, about, { kind: 'match_detail', id });
const fromMessage = (text: string, id: string, about: Claim['about']) => claim(text, about, { kind: 'match_message', id });

describe('factual-implication audit: findings name the claim and the source', () => {
  it('records its verdict as the implication audit', () => {
    expect(audit([]).audit).toBe('implication');
  });

  it('an unsourced claim or premise is named as such', () => {
    expect(findings([claim('ran a marathon', 'match', { kind: 'none', id: '' }, true)])).toEqual([
      { code: 'unsourced_premise', detail: 'premise "ran a marathon"' },
    ]);
    expect(findings([claim('ran a marathon', 'match', { kind: 'none', id: '' })])).toEqual([{ code: 'unsourced_claim', detail: 'claim "ran a marathon"' }]);
  });

  it('a profile fact sources only a claim about the user, and only when it exists, is verified and may be disclosed', () => {
    expect(findings([fromFact('held an air pistol', 'photo', 'match')])).toEqual([
      { code: 'wrong_source', detail: 'claim "held an air pistol": a profile fact of the user cannot source a claim about the match' },
    ]);
    expect(findings([fromFact('held an air pistol', 'nope')])).toEqual([
      { code: 'source_not_found', detail: 'claim "held an air pistol": no profile fact nope' },
    ]);
    expect(findings([fromFact('bakes bread', 'bread')])).toEqual([{ code: 'unverified_source', detail: 'claim "bakes bread": fact bread is not verified' }]);
    expect(findings([fromFact('earns well', 'salary')])).toEqual([{ code: 'private_source', detail: 'claim "earns well": fact salary is not disclosable' }]);
  });

  it('a fact supports a claim close to any one of its supported statements, half the words shared being close enough', () => {
    expect(findings([fromFact('held an air pistol', 'photo')])).toEqual([]);
    expect(findings([fromFact('visited a fair', 'photo')])).toEqual([]);
    // {held, pistol} against {held, an, air, pistol}: Jaccard 2/4, exactly the threshold.
    expect(findings([fromFact('held pistol', 'photo')])).toEqual([]);
    expect(findings([fromFact('speaks fluent Japanese', 'photo')])).toEqual([
      { code: 'beyond_source', detail: 'claim "speaks fluent Japanese": not among what fact photo supports' },
    ]);
  });

  it('what a fact explicitly does not support fails even when the claim is also close to what it supports', () => {
    // Jaccard 4/7 with "held an air pistol", 6/8 with "shot an air pistol at a range".
    expect(findings([fromFact('held an air pistol at a range', 'photo')])).toEqual([
      { code: 'beyond_source', detail: 'claim "held an air pistol at a range": fact photo explicitly does not support it' },
    ]);
    // Jaccard 3/5 with "paddled a kayak", exactly 3/6 with "kayak at sea alone".
    expect(findings([fromFact('paddled a kayak at sea', 'kayak')])).toEqual([
      { code: 'beyond_source', detail: 'claim "paddled a kayak at sea": fact kayak explicitly does not support it' },
    ]);
  });

  it('a match detail sources a claim about the match only, and only a detail with a value that the claim mentions', () => {
    expect(findings([fromDetail('works as an architect', 'job')])).toEqual([]);
    expect(findings([fromDetail('plays chess', 'chess')])).toEqual([
      { code: 'source_not_found', detail: 'claim "plays chess": no detail chess in this match' },
    ]);
    expect(findings([fromDetail('works as an architect', 'job', 'user')])).toEqual([
      { code: 'wrong_source', detail: `claim "works as an architect": the match's details say nothing about the user` },
    ]);
    expect(findings([fromDetail('works as an architect', 'job', 'shared')])).toEqual([
      { code: 'wrong_source', detail: `claim "works as an architect": the match's details say nothing about the two of you` },
    ]);
    // The claim names the key, but a detail left empty says nothing.
    expect(findings([fromDetail('has a hobby', 'hobby')])).toEqual([{ code: 'beyond_source', detail: 'claim "has a hobby": detail hobby says nothing of it' }]);
  });

  it('a message sources a claim about its own author, or a shared one, when the claim mentions something it says', () => {
    expect(findings([fromMessage('was at the Spit', 'm1', 'match')])).toEqual([]);
    expect(findings([fromMessage('hikes most weekends', 'u1', 'user')])).toEqual([]);
    expect(findings([fromMessage('both hike on weekends', 'u1', 'shared')])).toEqual([]);
    expect(findings([fromMessage('both went to the Spit', 'm1', 'shared')])).toEqual([]);
    expect(findings([fromMessage('was at the Spit', 'zz', 'match')])).toEqual([
      { code: 'source_not_found', detail: 'claim "was at the Spit": no message zz in this match' },
    ]);
    expect(findings([fromMessage('was at the Spit', 'm1', 'user')])).toEqual([
      { code: 'wrong_source', detail: 'claim "was at the Spit": message m1 was written by the match' },
    ]);
    expect(findings([fromMessage('hikes most weekends', 'u1', 'match')])).toEqual([
      { code: 'wrong_source', detail: 'claim "hikes most weekends": message u1 was written by the user' },
    ]);
    expect(findings([fromMessage('plays the violin', 'm1', 'match')])).toEqual([
      { code: 'beyond_source', detail: 'claim "plays the violin": message m1 says nothing of it' },
    ]);
    // A claim of function words alone mentions nothing the message says.
    expect(findings([fromMessage('it is so', 'm1', 'match')])).toEqual([{ code: 'beyond_source', detail: 'claim "it is so": message m1 says nothing of it' }]);
  });

  it('copy carrying two thirds of the content words of an unsupported implication implies it; one third does not', () => {
    // "shot an air pistol at a range" has the content stems shot, pisto, range.
    expect(findings([], 'I shot a pistol at the range.')).toEqual([
      { code: 'implies_unsupported', detail: 'copy implies "shot an air pistol at a range", which fact photo does not support' },
    ]);
    expect(findings([], 'I shot a pistol once.')).toEqual([
      { code: 'implies_unsupported', detail: 'copy implies "shot an air pistol at a range", which fact photo does not support' },
    ]);
    expect(findings([], 'The range was closed.')).toEqual([]);
  });
});

describe('claim kinds', () => {
  it('implication: the claim schema names the kinds of the specification, and a claim without its kind is refused', () => {
    expect([...CLAIM_KINDS]).toEqual([
      'preference',
      'availability_or_plan',
      'possession',
      'experience',
      'location',
      'work',
      'hobby',
      'relationship',
      'emotional',
      'other',
    ]);
    expect(claimSchema.safeParse({ claim: 'likes hiking', about: 'user', premise: false, source: { kind: 'profile_fact', id: 'f' } }).success).toBe(false);
    expect(
      claimSchema.safeParse({ claim: 'likes hiking', kind: 'hobby', about: 'user', premise: false, source: { kind: 'profile_fact', id: 'f' } }).success,
    ).toBe(true);
  });
  it('implication: the drafting and review prompts name every kind of claim', async () => {
    const inputs = fixtureInputs('en-active-reply-happy-path');
    const { skills, models } = scriptedSkills(inputs.fixture.model_outputs!);
    await suggestReplies({ ...inputs, skills });
    for (const task of [SKILL_TASKS.draftCandidates, SKILL_TASKS.reviewCandidates]) {
      const prompt = JSON.stringify(models[task]!.doGenerateCalls[0]!.prompt);
      for (const words of ['preferences and opinions', 'availability', 'possession', 'experience', 'location', 'work', 'hobb', 'relationship', 'emotional'])
        expect(prompt, `${task}: ${words}`).toContain(words);
    }
  });
});
