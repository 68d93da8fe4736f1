import { describe, expect, it } from 'vitest';
import { replayFixtures } from '../replay/index.js';
import { packageRoot } from '../package-root.js';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { matchReplayer } from './match-replayer.js';

const folder = join(packageRoot(), 'fixtures', 'matches');
const fixtures = readdirSync(folder)
  .filter((f) => f.endsWith('.json'))
  .map(
    (f) =>
      JSON.parse(readFileSync(join(folder, f), 'utf8')) as {
        match: { language: string };
        expected: { result: { resultType?: string }; event_state?: string; caught: { audit: string; code: string }[] };
      },
  );

describe('recorded matches', () => {
  it('replay: every recorded match replays offline through the real model layer', async () => {
    const outcomes = await replayFixtures([folder], { replayers: [matchReplayer] });
    expect(outcomes.length).toBeGreaterThanOrEqual(14);
    for (const o of outcomes) expect(o.differences, o.name).toEqual([]);
  });

  it('replay: the recordings cover English and Lithuanian, every event state and every stop state', () => {
    expect(new Set(fixtures.map((f) => f.match.language))).toEqual(new Set(['en', 'lt', 'de']));
    const states = new Set(fixtures.map((f) => f.expected.event_state));
    for (const s of ['active', 'liked_message_pause', 'ghosted', 'cta', 'lost_interest', 'reactivated', 'closed']) expect(states).toContain(s);
    const results = new Set(fixtures.map((f) => f.expected.result.resultType));
    for (const r of ['suggestions', 'clarification', 'hold', 'close']) expect(results).toContain(r);
  });

  it('replay: each seeded failure is recorded as caught by the audit named for it', () => {
    const caught = fixtures.flatMap((f) => (f.expected.caught ?? []).map((c) => `${c.audit}:${c.code}`));
    for (const expected of [
      'privacy:private_wording:wiki_note',
      'implication:beyond_source',
      'diversity:same_reply_reworded',
      'language:wrong_language',
      'conduct:in_person_invitation',
      'implication:unsourced_premise',
    ]) {
      expect(caught).toContain(expected);
    }
  });

  it('replay: a recording whose expectation no longer holds fails with the path of the difference', async () => {
    const fixture = JSON.parse(readFileSync(join(folder, 'lt-closed.json'), 'utf8'));
    fixture.expected.result.resultType = 'hold';
    const outcome = await matchReplayer.replay(fixture, 'lt-closed.json');
    expect(outcome.passed).toBe(false);
    expect(outcome.differences).toEqual(['$.result.resultType: expected "hold", got "close"']);
  });
});
