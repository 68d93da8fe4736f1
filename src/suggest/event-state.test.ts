import { describe, expect, it } from 'vitest';
import { SAME_BURST_WITHIN_MS, resolveEventState, unansweredFollowUps } from './event-state.js';
import type { Match, MatchMessage } from './match.js';

const H = 3_600_000;
const T0 = Date.parse('2026-11-01T12:00:00Z');
let n = 0;
const msg = (author: 'user' | 'match', atHours: number, extra: Partial<MatchMessage> = {}): MatchMessage => ({
  id: `m${n++}`,
  author,
  kind: 'text',
  text: 'hi',
  sentAt: T0 + atHours * H,
  liked: false,
  replyTo: null,
  ...extra,
});
const match = (messages: MatchMessage[], status: Match['status'] = 'open'): Match => ({
  id: 'x',
  language: 'en',
  status,
  messages,
  details: {},
  checkList: [],
  summary: '',
  aiGenerations: [],
});
const at = (hours: number) => T0 + hours * H;

describe('event gate: state from timeline and status', () => {
  it('event: no messages yet is an active opener', () => {
    expect(resolveEventState(match([]), at(0))).toMatchObject({ state: 'active', task: 'opener' });
  });
  it('event: the match wrote last is an active reply', () => {
    expect(resolveEventState(match([msg('user', 0), msg('match', 1)]), at(2))).toMatchObject({ state: 'active', task: 'reply' });
  });
  it('event: the user wrote last recently holds, awaiting the match', () => {
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)]), at(10))).toMatchObject({ state: 'active', task: null, stop: 'hold' });
  });
  it('event: a liked message without a reply rests for 48 h, then allows the one re-entry', () => {
    const m = match([msg('match', 0), msg('user', 1, { liked: true })]);
    expect(resolveEventState(m, at(20))).toMatchObject({ state: 'liked_message_pause', stop: 'hold' });
    expect(resolveEventState(m, at(50))).toMatchObject({ state: 'liked_message_pause', task: 're_entry' });
  });
  it('event: 72 h of silence after the user wrote is ghosted, with one re-entry allowed', () => {
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)]), at(74))).toMatchObject({ state: 'ghosted', task: 're_entry', reEntries: 0 });
  });
  it('event: the re-entry is bounded to one — sent and waiting holds, unanswered closes as lost interest', () => {
    const m = match([msg('match', 0), msg('user', 1), msg('user', 80)]);
    expect(resolveEventState(m, at(90))).toMatchObject({ state: 'ghosted', task: null, stop: 'hold', reEntries: 1 });
    expect(resolveEventState(m, at(160))).toMatchObject({ state: 'lost_interest', task: null, stop: 'close' });
  });
  it('event: every unanswered follow-up counts, whatever the spacing — quick follow-ups use up the one re-entry', () => {
    // Three messages an hour apart, none answered: a re-entry was already spent, so no fourth is suggested.
    const m = match([msg('match', 0), msg('user', 1), msg('user', 2), msg('user', 3)]);
    expect(resolveEventState(m, at(20))).toMatchObject({ state: 'ghosted', task: null, stop: 'hold', reEntries: 2 });
    expect(resolveEventState(m, at(80))).toMatchObject({ state: 'lost_interest', task: null, stop: 'close', reEntries: 2 });
    // Two messages six minutes apart are two bursts: one follow-up already.
    expect(resolveEventState(match([msg('match', 0), msg('user', 1), msg('user', 1.1)]), at(80))).toMatchObject({
      state: 'lost_interest',
      task: null,
      reEntries: 1,
    });
    // An unanswered opener and one follow-up: the re-entry is spent.
    expect(resolveEventState(match([msg('user', 0), msg('user', 0.5)]), at(10))).toMatchObject({ task: null, reEntries: 1 });
  });
  it('event: bursts, not bubbles — messages at most SAME_BURST_WITHIN_MS apart are one unanswered burst', () => {
    expect(SAME_BURST_WITHIN_MS).toBe(2 * 60_000);
    const seconds = (s: number) => s / 3600;
    // "Mostly climbing!" then "And you?" 20 s later: one message, so after 72 h the one re-entry is still there.
    const bubbles = match([msg('match', 0), msg('user', 1), msg('user', 1 + seconds(20))]);
    expect(resolveEventState(bubbles, at(80))).toMatchObject({ state: 'ghosted', task: 're_entry', reEntries: 0 });
    // A chain of bubbles each within the window stays one burst, however long the chain.
    const chain = match([msg('match', 0), msg('user', 1), msg('user', 1 + seconds(100)), msg('user', 1 + seconds(200)), msg('user', 1 + seconds(300))]);
    expect(resolveEventState(chain, at(80))).toMatchObject({ task: 're_entry', reEntries: 0 });
    // Past the window it is a second burst: the re-entry is spent.
    const two = match([msg('match', 0), msg('user', 1), msg('user', 1 + seconds(121))]);
    expect(resolveEventState(two, at(80))).toMatchObject({ state: 'lost_interest', reEntries: 1 });
    expect(unansweredFollowUps([], SAME_BURST_WITHIN_MS)).toBe(0);
  });
  it('event: the match writing after the silence is reactivated', () => {
    expect(resolveEventState(match([msg('match', 0), msg('user', 1), msg('match', 100)]), at(101))).toMatchObject({ state: 'reactivated', task: 'reply' });
  });
  it('event: after a call to action, the user waits; the match answering is a CTA follow-up', () => {
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)], 'cta'), at(2))).toMatchObject({ state: 'cta', stop: 'hold' });
    expect(resolveEventState(match([msg('user', 0), msg('match', 1)], 'cta'), at(2))).toMatchObject({ state: 'cta', task: 'reply' });
  });
  it('event: a closed status closes whatever the timeline says', () => {
    expect(resolveEventState(match([msg('user', 0), msg('match', 1)], 'closed'), at(2))).toMatchObject({ state: 'closed', stop: 'close' });
  });
});

describe('event gate: each reading in full, and the thresholds at their edges', () => {
  const reading = (state: string, task: string | null, stop: string | null, reason: string, reEntries = 0) => ({ state, task, stop, reason, reEntries });
  it('event: every path names its own reason', () => {
    expect(resolveEventState(match([]), at(0))).toEqual(reading('active', 'opener', null, 'no_messages_yet'));
    expect(resolveEventState(match([msg('user', 0), msg('match', 1)], 'cta'), at(2))).toEqual(reading('cta', 'reply', null, 'match_answered_after_cta'));
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)], 'cta'), at(2))).toEqual(reading('cta', null, 'hold', 'awaiting_match_after_cta'));
    expect(resolveEventState(match([msg('match', 0), msg('user', 1), msg('match', 100)]), at(101))).toEqual(
      reading('reactivated', 'reply', null, 'match_returned_after_silence'),
    );
    expect(resolveEventState(match([msg('match', 0), msg('user', 1), msg('user', 80)]), at(90))).toEqual(
      reading('ghosted', null, 'hold', 're_entry_used_awaiting_reply', 1),
    );
    expect(resolveEventState(match([msg('match', 0), msg('user', 1, { liked: true })]), at(50))).toEqual(
      reading('liked_message_pause', 're_entry', null, 'liked_pause_elapsed'),
    );
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)]), at(74))).toEqual(reading('ghosted', 're_entry', null, 'silence_past_threshold'));
  });
  it('event: an opener never answered is its own re-entry; the match having written once makes it a silence', () => {
    expect(resolveEventState(match([msg('user', 0)]), at(73))).toEqual(reading('ghosted', 're_entry', null, 'opener_unanswered'));
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)]), at(74))).toMatchObject({ reason: 'silence_past_threshold' });
  });
  it('event: a thread only the match wrote in is a reply, however long her messages are apart', () => {
    expect(resolveEventState(match([msg('match', 0)]), at(1))).toEqual(reading('active', 'reply', null, 'match_wrote_last'));
    expect(resolveEventState(match([msg('match', 0), msg('match', 100)]), at(101))).toEqual(reading('active', 'reply', null, 'match_wrote_last'));
  });
  it('event: each threshold counts from the moment it is reached', () => {
    // The match returning exactly 72 h after the user's message is reactivated.
    expect(resolveEventState(match([msg('user', 0), msg('match', 72)]), at(73))).toMatchObject({ state: 'reactivated' });
    // Exactly 72 h after an unanswered follow-up, the interest is lost.
    expect(resolveEventState(match([msg('match', 0), msg('user', 1), msg('user', 2)]), at(74))).toMatchObject({ state: 'lost_interest', stop: 'close' });
    // Exactly 48 h after a liked message, the one re-entry is allowed.
    expect(resolveEventState(match([msg('match', 0), msg('user', 1, { liked: true })]), at(49))).toMatchObject({
      task: 're_entry',
      reason: 'liked_pause_elapsed',
    });
    // Exactly 72 h of silence after the user wrote allows the re-entry.
    expect(resolveEventState(match([msg('match', 0), msg('user', 1)]), at(73))).toMatchObject({ state: 'ghosted', task: 're_entry' });
  });
});
