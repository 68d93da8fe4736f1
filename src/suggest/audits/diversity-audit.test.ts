import { describe, expect, it } from 'vitest';
import { ELIGIBLE_DIRECTIONS } from '../gates/router-gate.js';
import type { Direction } from '../skill-schemas.js';
import type { AuditContext, Candidate } from './audit.js';
import { diversityAudit } from './diversity-audit.js';

const candidate = (index: number, direction: Direction, text: string): Candidate => ({
  index,
  round: 1,
  draft: { direction, text, rationale: 'r', handles: [], claims: [] },
});
const against = (kept: Candidate[]) => ({ kept, route: { eligibleDirections: ELIGIBLE_DIRECTIONS.reply } }) as unknown as AuditContext;

describe('diversity audit', () => {
  it('diversity: the audit is named diversity', () => {
    expect(diversityAudit.name).toBe('diversity');
  });
  it('diversity: a repeated direction names the kept candidate that took it', () => {
    const kept = [candidate(2, 'playful_shared_premise', 'Snacks at the top, obviously.')];
    expect(diversityAudit.check(candidate(5, 'playful_shared_premise', 'Something else entirely.'), against(kept))).toEqual([
      { code: 'direction_repeated', detail: 'playful_shared_premise as candidate 2' },
    ]);
  });
  it('diversity: word-set similarity of exactly the threshold (0.6) is the same reply; just below is not', () => {
    const kept = [candidate(1, 'direct_answer_and_callback', 'alpha beta gamma delta')];
    expect(diversityAudit.check(candidate(3, 'playful_shared_premise', 'alpha beta gamma epsilon'), against(kept))).toEqual([
      { code: 'same_reply_reworded', detail: 'similarity 0.60 to candidate 1' },
    ]);
    expect(diversityAudit.check(candidate(3, 'playful_shared_premise', 'alpha beta gamma epsilon zeta'), against(kept))).toEqual([]);
  });
  it('diversity: a direction the ruleset does not allow fails whatever was kept', () => {
    expect(diversityAudit.check(candidate(0, 'unusual_opener_presentation', 'x'), against([]))).toEqual([
      { code: 'direction_not_eligible', detail: 'unusual_opener_presentation' },
    ]);
  });
});
