import { findPhrase, phrases } from '../phrase-match.js';
import { words } from '../text-similarity.js';
import type { AuditFinding } from '../../evidence/audit-record.js';
import { defineAudit } from './audit.js';
import { ngrams, type PrivateMaterial } from './private-material.js';

/**
 * Words that name the private machinery itself: the Wiki, its labels, check-list scoring, prior
 * analysis. Copy that says "your checklist score" leaks even when no sentence is quoted.
 */
export const PRIVATE_VOCABULARY = phrases([
  'wiki',
  'checklist',
  'check list',
  'check-list',
  'score*',
  'scoring',
  'blocker*',
  'dealbreaker*',
  'deal breaker*',
  'red flag*',
  'green flag*',
  'private note*',
  'prior analysis',
  'previous analysis',
  'ai analysis',
  'my notes',
  'your notes',
  'viki*',
  'balų',
  'balai',
  'įvertinim*',
  'kontrolin* sąraš*',
  'raudon* vėliav*',
  'privat* pastab*',
  'ankstesn* analiz*',
]);

/**
 * A figure like `7/10` or `3 / 5`: how a check-list score looks. A decimal score (`7.5/10`) is
 * caught by its `5/10`: the word boundary after the point starts a figure of its own.
 */
const scoreFigure = /\b\d+\s*\/\s*\d+\b/;

/** The overlap check of one text against the private material. */
export function privateOverlap(text: string, material: PrivateMaterial): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const ws = words(text);
  for (const gram of ngrams(ws, 3)) {
    const kind = material.trigrams.get(gram);
    if (kind) {
      findings.push({ code: `private_wording:${kind}`, detail: `three words of ${kind.replace(/_/g, ' ')}` });
      break;
    }
  }
  const joined = ` ${ws.join(' ')} `;
  for (const [phrase, kind] of material.shortPhrases) {
    if (joined.includes(` ${phrase} `)) findings.push({ code: `private_wording:${kind}`, detail: `a ${kind.replace(/_/g, ' ')} term` });
  }
  const vocabulary = findPhrase(text, PRIVATE_VOCABULARY);
  if (vocabulary) findings.push({ code: 'private_vocabulary', detail: vocabulary });
  if (scoreFigure.test(text)) findings.push({ code: 'score_figure', detail: 'a score-like figure' });
  return findings;
}

/**
 * Privacy audit, deterministic half (W7): no trigram of private wording, no private term, no
 * word naming the Wiki or the check list, no score figure, in the text or the rationale. The
 * model review is the other half.
 */
export const privacyAudit = defineAudit('privacy', ({ draft }, { privateMaterial }) => [
  ...privateOverlap(draft.text, privateMaterial).map((f) => ({ ...f, detail: `text: ${f.detail}` })),
  ...privateOverlap(draft.rationale, privateMaterial).map((f) => ({ ...f, detail: `rationale: ${f.detail}` })),
]);
