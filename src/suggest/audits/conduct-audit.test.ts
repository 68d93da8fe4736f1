import { describe, expect, it } from 'vitest';
import type { AuditContext, Candidate } from './audit.js';
import { conductAudit, conductFindings } from './conduct-audit.js';

/** One sentence per listed phrasing of a promise; the finding names the phrasing that matched first. */
const promises: [string, string][] = [
  ['This is guaranteed to get a reply.', 'guarantee*'],
  ['This will work on her.', 'will work'],
  ['It is sure to work.', 'sure to work'],
  ['It is bound to work.', 'bound to work'],
  ["This one can't fail.", "can't fail"],
  ['This cannot fail.', 'cannot fail'],
  ['Works every time.', 'works every time'],
  ['She will definitely answer.', 'will definitely'],
  ['You definitely get an answer.', 'definitely get'],
  ['You are sure to get an answer.', 'sure to get'],
  ['This will make them laugh.', 'will make them'],
  ['Garantuotas atsakymas.', 'garantuot*'],
  ['Šis tikrai suveiks.', 'tikrai suveiks'],
  ['Šis suveiks.', 'suveiks'],
  ['Ji tikrai atsakys.', 'tikrai atsakys'],
  ['Ji būtinai atsakys.', 'būtinai atsakys'],
  ['Tau pavyks.', 'pavyks'],
];
const sent: [string, string][] = [
  ['This one was sent.', 'was sent'],
  ['It has been sent.', 'been sent'],
  ["I've sent it.", "i've sent"],
  ['I have sent the first one.', 'i have sent'],
  ['I sent it to her.', 'i sent it'],
  ['It is already sent.', 'already sent'],
  ['Done, sent it for you.', 'sent it for you'],
  ['A reply sent on your behalf.', 'sent on your behalf'],
  ['Žinutė jau išsiųsta tau.', 'jau išsiųst*'],
  ['Žinutė buvo išsiųsta.', 'buvo išsiųst*'],
  ['Aš išsiunčiau žinutę.', 'išsiunčiau'],
  ['Žinutė išsiųsta.', 'išsiųsta'],
];
const candidate = (text: string, rationale: string): Candidate => ({
  index: 0,
  round: 1,
  draft: { direction: 'direct_answer_and_callback', text, rationale, handles: [], claims: [] },
});

describe('conduct audit', () => {
  it.each(promises)('conduct: a promise it will work is caught: %s', (text, phrase) => {
    expect(conductFindings('rationale', text)).toEqual([{ code: 'promise_of_success', detail: `rationale: "${phrase}"` }]);
  });
  it.each(sent)('conduct: a statement it was sent is caught: %s', (text, phrase) => {
    expect(conductFindings('rationale', text)).toEqual([{ code: 'claims_sent', detail: `rationale: "${phrase}"` }]);
  });
  it('conduct: the audit is named conduct; it checks the text for invitations and both fields for promises and sending', () => {
    expect(conductAudit.name).toBe('conduct');
    expect(conductAudit.check(candidate('How about dinner? It will work.', 'Was sent. How about dinner?'), {} as AuditContext)).toEqual([
      { code: 'in_person_invitation', detail: 'text: "how about dinner"' },
      { code: 'promise_of_success', detail: 'text: "will work"' },
      { code: 'claims_sent', detail: 'rationale: "was sent"' },
    ]);
  });
  it('conduct: plain copy has no finding', () => {
    expect(conductFindings('text', 'Mostly the quiet, after an hour on a trail.')).toEqual([]);
  });
});
