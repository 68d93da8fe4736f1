import { describe, expect, it } from 'vitest';
import { ELIGIBLE_DIRECTIONS } from '../gates/router-gate.js';
import type { Claim, Draft, Obligation } from '../skill-schemas.js';
import { fixtureInputs } from '../testing.js';
import { runAudit, type AuditContext, type AuditDefinition, type Candidate } from './audit.js';
import { conductAudit, conductFindings } from './conduct-audit.js';
import { diversityAudit } from './diversity-audit.js';
import { implicationAudit } from './implication-audit.js';
import { languageAudit, notIdentifiedAs, wrongLanguage } from './language-audit.js';
import { obligationsAudit } from './obligations-audit.js';
import { privacyAudit } from './privacy-audit.js';
import { privateMaterial } from './private-material.js';
import { schemaAudit } from './schema-audit.js';

const { match, wiki, profile } = fixtureInputs('en-active-reply-happy-path');
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
const context = (over: Partial<AuditContext> = {}): AuditContext => ({
  match,
  profile,
  route: {
    task: 'reply',
    language: 'en',
    effort: 'standard',
    ruleset: 'reply',
    obligations: [obligation({})],
    boundaries: [],
    eligibleDirections: ELIGIBLE_DIRECTIONS.reply,
  },
  copyLanguage: 'en',
  analysisLanguage: 'en',
  selectedFacts: profile.facts.filter((f) => f.verified && f.disclosable),
  privateMaterial: privateMaterial(match, wiki, profile),
  kept: [],
  ...over,
});
const draft = (d: Partial<Draft>): Candidate => ({
  index: 0,
  round: 1,
  draft: {
    direction: 'direct_answer_and_callback',
    text: 'Mostly the quiet of the forest.',
    rationale: 'Answers her question plainly.',
    handles: ['o1'],
    claims: [],
    ...d,
  },
});
const codes = (audit: AuditDefinition, c: Candidate, ctx = context()) => runAudit(audit, c, ctx).findings.map((f) => f.code);
const fromFact = (claim: string, id: string): Claim => ({ claim, kind: 'other', about: 'user', premise: false, source: { kind: 'profile_fact', id } });

describe('privacy audit (W7)', () => {
  it('privacy: a private Wiki note in the copy is caught', () => {
    expect(codes(privacyAudit, draft({ text: 'Glad you never smoke, that matters a lot to me because of my asthma.' }))).toContain('private_wording:wiki_note');
  });
  it('privacy: Wiki wording in the rationale is caught too', () => {
    expect(codes(privacyAudit, draft({ rationale: 'She wants kids soon, which feels rushed, so keep it light.' }))).toContain(
      'private_wording:wiki_interpretation',
    );
  });
  it('privacy: prior AI analysis, check-list items with a score, and private classifications are caught', () => {
    expect(codes(privacyAudit, draft({ text: 'I think she is testing whether you are serious about dating.' }))).toContain('private_wording:prior_ai_analysis');
    expect(codes(privacyAudit, draft({ rationale: 'She enjoys outdoor weekends, a strong point.' }))).toContain('private_wording:check_list_scoring');
    expect(codes(privacyAudit, draft({ text: 'I overthink every reply, sorry!' }))).toContain('private_wording:profile_classification');
  });
  it('privacy: words naming the Wiki, its labels or a score are caught in English and Lithuanian', () => {
    expect(codes(privacyAudit, draft({ rationale: 'Her checklist score is high.' }))).toEqual(expect.arrayContaining(['private_vocabulary']));
    expect(codes(privacyAudit, draft({ rationale: 'No blockers in your wiki.' }))).toContain('private_vocabulary');
    expect(codes(privacyAudit, draft({ rationale: 'Pagal įvertinimą ji tinka.' }))).toContain('private_vocabulary');
    expect(codes(privacyAudit, draft({ rationale: 'She is an 8/10.' }))).toContain('score_figure');
  });
  it("privacy: quoting the match's own words back is not a leak", () => {
    expect(codes(privacyAudit, draft({ text: 'You were there in August, right? The Curonian Spit looks amazing.' }))).toEqual([]);
  });
});

describe('factual-implication audit', () => {
  it('implication: the air-pistol photo supports having held an air pistol', () => {
    expect(
      codes(
        implicationAudit,
        draft({ text: 'That photo is me holding an air pistol at a fair.', claims: [fromFact('has held an air pistol', 'air_pistol_photo')] }),
      ),
    ).toEqual([]);
  });
  it('implication: the air-pistol photo does not support shooting-range experience, whatever the claim list says', () => {
    expect(codes(implicationAudit, draft({ claims: [fromFact('has shooting-range experience', 'air_pistol_photo')] }))).toContain('beyond_source');
    expect(
      codes(implicationAudit, draft({ text: 'I go to the shooting range most Saturdays.', claims: [fromFact('has held an air pistol', 'air_pistol_photo')] })),
    ).toContain('implies_unsupported');
    expect(codes(implicationAudit, draft({ claims: [fromFact('owns a real firearm', 'air_pistol_photo')] }))).toContain('beyond_source');
  });
  it("implication: a question's unsourced premise is caught", () => {
    const c = draft({
      text: 'How did your marathon go?',
      claims: [{ claim: 'ran a marathon', kind: 'experience', about: 'match', premise: true, source: { kind: 'none', id: '' } }],
    });
    expect(codes(implicationAudit, c)).toEqual(['unsourced_premise']);
  });
  it('implication: unverified or private facts source nothing', () => {
    expect(codes(implicationAudit, draft({ claims: [fromFact('bakes sourdough bread', 'sourdough')] }))).toEqual(['unverified_source']);
    expect(codes(implicationAudit, draft({ claims: [fromFact('earns well', 'salary')] }))).toEqual(['private_source']);
  });
  it('implication: a message source must exist in this match, be written by the right side, and mention the claim', () => {
    const about = (claim: string, id: string, who: Claim['about'] = 'match'): Claim => ({
      claim,
      kind: 'other',
      about: who,
      premise: true,
      source: { kind: 'match_message', id },
    });
    expect(codes(implicationAudit, draft({ claims: [about('was at the Spit in August', 'e2')] }))).toEqual([]);
    expect(codes(implicationAudit, draft({ claims: [about('was at the Spit in August', 'zz')] }))).toEqual(['source_not_found']);
    expect(codes(implicationAudit, draft({ claims: [about('hikes most weekends', 'e3')] }))).toEqual(['wrong_source']);
    expect(codes(implicationAudit, draft({ claims: [about('plays the violin', 'e2')] }))).toEqual(['beyond_source']);
  });
});

describe("factual-implication audit: the match's own profile details", () => {
  const detail = (claim: string, key: string, about: Claim['about'] = 'match'): Claim => ({
    claim,
    kind: 'other',
    about,
    premise: false,
    source: { kind: 'match_detail', id: key },
  });
  it('implication: a detail of the match sources a claim about the match that mentions it', () => {
    expect(codes(implicationAudit, draft({ claims: [detail('works as an architect', 'job')] }))).toEqual([]);
  });
  it('implication: a missing detail, a claim about the user, or a claim the detail does not mention fails', () => {
    expect(codes(implicationAudit, draft({ claims: [detail('plays chess', 'hobby')] }))).toEqual(['source_not_found']);
    expect(codes(implicationAudit, draft({ claims: [detail('lives in Vilnius', 'city', 'user')] }))).toEqual(['wrong_source']);
    expect(codes(implicationAudit, draft({ claims: [detail('designs bridges', 'job')] }))).toEqual(['beyond_source']);
  });
});

describe('obligations audit', () => {
  it('obligations: missing the primary obligation fails', () => {
    expect(codes(obligationsAudit, draft({ handles: [] }))).toEqual(['primary_obligation_missed']);
  });
  it('obligations: ignoring a direct question, disclosure, correction, boundary or decision fails; a greeting may be skipped', () => {
    const obligations = [
      obligation({}),
      obligation({ id: 'o2', kind: 'disclosure', primary: false }),
      obligation({ id: 'o3', kind: 'greeting', primary: false }),
    ];
    const ctx = context({ route: { ...context().route, obligations } });
    expect(codes(obligationsAudit, draft({ handles: ['o1'] }), ctx)).toEqual(['obligation_ignored']);
    expect(codes(obligationsAudit, draft({ handles: ['o1', 'o2'] }), ctx)).toEqual([]);
  });
  it('obligations: two questions in one reply are stacked questions', () => {
    expect(codes(obligationsAudit, draft({ text: 'Where did you go? And who with?' }))).toEqual(['stacked_questions']);
    expect(codes(obligationsAudit, draft({ text: 'Where did you go?!' }))).toEqual([]);
  });
  it('obligations: a topic the match asked to avoid stays out of the copy, even after that burst was answered', () => {
    const boundaries = [
      {
        scope: 'topic' as const,
        messageId: 'e2',
        saidAt: '2026-11-18T18:30:00.000Z',
        by: 'code' as const,
        words: "let's not talk about my ex",
        until: null,
        avoidTerms: ['ex'],
        inForce: true,
      },
    ];
    const answered = context({ route: { ...context().route, obligations: [], boundaries } });
    expect(codes(obligationsAudit, draft({ text: 'Was your ex into hiking too.' }), answered)).toEqual(['boundary_topic_raised']);
    expect(codes(obligationsAudit, draft({ text: 'Do you hike in winter too.' }), answered)).toEqual([]);
  });
});

describe('conduct audit', () => {
  it('conduct: an in-person invitation in the copy is caught, in English and Lithuanian', () => {
    expect(codes(conductAudit, draft({ text: "Let's grab a coffee this week?" }))).toEqual(['in_person_invitation']);
    expect(codes(conductAudit, draft({ text: 'Gal susitikime šeštadienį?' }))).toEqual(['in_person_invitation']);
  });
  it('conduct: invitations worded beyond the old phrase lists are caught', () => {
    expect(codes(conductAudit, draft({ text: 'How about dinner together on Saturday?' }))).toEqual(['in_person_invitation']);
    expect(codes(conductAudit, draft({ text: 'Gal susitinkam kavos šeštadienį?' }))).toEqual(['in_person_invitation']);
  });
  it('conduct: the summary check leaves invitations to the copy, but still catches promises and claims of sending', () => {
    expect(conductFindings('analysisSummary', 'Suggests how about dinner on Saturday.', { invitations: false })).toEqual([]);
    expect(conductFindings('analysisSummary', 'This was sent already.', { invitations: false })).toEqual([
      { code: 'claims_sent', detail: 'analysisSummary: "was sent"' },
    ]);
    expect(conductFindings('text', 'How about dinner?')).toEqual([{ code: 'in_person_invitation', detail: 'text: "how about dinner"' }]);
  });
  it('conduct: a rationale may say it avoids meeting in person', () => {
    expect(codes(conductAudit, draft({ rationale: 'Keeps it online; no in person plans yet.' }))).toEqual([]);
  });
  it('conduct: a promise that it will work, or a statement that it was sent, is caught', () => {
    expect(codes(conductAudit, draft({ rationale: 'This is guaranteed to get a reply.' }))).toEqual(['promise_of_success']);
    expect(codes(conductAudit, draft({ rationale: 'This one was sent already.' }))).toEqual(['claims_sent']);
    expect(codes(conductAudit, draft({ rationale: 'Šis atsakymas tikrai suveiks.' }))).toEqual(['promise_of_success']);
  });
});

describe('language, schema and diversity audits', () => {
  it('language: English copy for a Lithuanian match is caught; the rationale is held to the analysis language', () => {
    const lt = context({ copyLanguage: 'lt', analysisLanguage: 'lt' });
    expect(
      codes(languageAudit, draft({ text: 'No worries at all, weeks like that are draining.', rationale: 'Priima atsiprašymą be priekaištų.' }), lt),
    ).toEqual(['wrong_language']);
    expect(codes(languageAudit, draft({ text: 'Nieko tokio, gerai, kad parašei.', rationale: 'Priima atsiprašymą be priekaištų.' }), lt)).toEqual([]);
    expect(
      codes(
        languageAudit,
        draft({ text: 'Nieko tokio, gerai, kad parašei.', rationale: 'Accepts the apology without reproach.' }),
        context({ copyLanguage: 'lt', analysisLanguage: 'en' }),
      ),
    ).toEqual([]);
  });
  it('language: a text too short to identify passes the code half — the review’s language verdict decides it', () => {
    const lt = context({ copyLanguage: 'lt', analysisLanguage: 'lt' });
    expect(codes(languageAudit, draft({ text: 'Haha, same!', rationale: 'Trumpai ir lengvai, be spaudimo.' }), lt)).toEqual([]);
    expect(notIdentifiedAs('analysisSummary', 'Haha, same!', 'lt')).toEqual([
      { code: 'language_undetermined', detail: 'analysisSummary: too_short, 8 letters' },
    ]);
    expect(notIdentifiedAs('analysisSummary', 'Answers both of her questions plainly and keeps it light.', 'lt')[0]).toMatchObject({ code: 'wrong_language' });
    expect(notIdentifiedAs('analysisSummary', 'Atsako į abu jos klausimus paprastai ir lengvai.', 'lt')).toEqual([]);
    expect(wrongLanguage('text', 'Answers both of her questions plainly and keeps it light.', 'lt')).toEqual([
      { code: 'wrong_language', detail: 'text is en (trigrams), expected lt' },
    ]);
  });
  it('schema: empty text or rationale, and an overlong text, fail', () => {
    expect(codes(schemaAudit, draft({ text: '  ' }))).toEqual(['suggestion_shape']);
    expect(codes(schemaAudit, draft({ rationale: '' }))).toEqual(['suggestion_shape']);
    expect(codes(schemaAudit, draft({ text: 'a'.repeat(401) }))).toEqual(['text_too_long']);
  });
  it('diversity: a repeated direction, a reworded reply and an ineligible direction fail', () => {
    const kept = [draft({ text: 'Mostly the quiet. And the pistol photo is an air pistol from a fair!' })];
    const ctx = context({ kept });
    expect(
      codes(
        diversityAudit,
        { ...draft({ direction: 'playful_shared_premise', text: 'Mostly the quiet! And the pistol photo? An air pistol, from a fair.' }), index: 1 },
        ctx,
      ),
    ).toEqual(['same_reply_reworded']);
    expect(codes(diversityAudit, { ...draft({ text: 'Something else entirely, about snacks.' }), index: 1 }, ctx)).toEqual(['direction_repeated']);
    expect(codes(diversityAudit, draft({ direction: 'unusual_opener_presentation' }))).toEqual(['direction_not_eligible']);
  });
});
