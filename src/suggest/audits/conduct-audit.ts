import { findPhrase, phrases } from '../phrase-match.js';
import type { AuditFinding } from '../../evidence/audit-record.js';
import { defineAudit } from './audit.js';
import { findInvitation } from './in-person-invitation.js';

/** Phrasings of a promise that a suggestion will work. */
export const PROMISE_OF_SUCCESS = phrases([
  'guarantee*',
  'will work',
  'sure to work',
  'bound to work',
  "can't fail",
  'cannot fail',
  'works every time',
  'will definitely',
  'definitely get',
  'sure to get',
  'will make them',
  'garantuot*',
  'tikrai suveiks',
  'suveiks',
  'tikrai atsakys',
  'būtinai atsakys',
  'pavyks',
]);
/** Phrasings of a statement that a suggestion was sent. */
export const SENT_STATEMENT = phrases([
  'was sent',
  'been sent',
  "i've sent",
  'i have sent',
  'i sent it',
  'already sent',
  'sent it for you',
  'sent on your behalf',
  'jau išsiųst*',
  'buvo išsiųst*',
  'išsiunčiau',
  'išsiųsta',
]);

/** The conduct findings in one text. */
export function conductFindings(field: string, text: string, { invitations = true } = {}): AuditFinding[] {
  const found: AuditFinding[] = [];
  const invitation = invitations ? findInvitation(text) : undefined;
  if (invitation) found.push({ code: 'in_person_invitation', detail: `${field}: "${invitation}"` });
  const promise = findPhrase(text, PROMISE_OF_SUCCESS);
  if (promise) found.push({ code: 'promise_of_success', detail: `${field}: "${promise}"` });
  const sent = findPhrase(text, SENT_STATEMENT);
  if (sent) found.push({ code: 'claims_sent', detail: `${field}: "${sent}"` });
  return found;
}

/**
 * Conduct audit: no in-person invitation in the copy, and no promise that it will work or
 * statement that it was sent in copy or rationale. (A rationale may say it avoids meeting in
 * person; only the copy can invite.)
 */
export const conductAudit = defineAudit('conduct', ({ draft }) => [
  ...conductFindings('text', draft.text),
  ...conductFindings('rationale', draft.rationale, { invitations: false }),
]);
