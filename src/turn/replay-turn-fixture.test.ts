import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInFixtures, replayFixtures } from '../replay/index.js';
import { turnReplayer } from './replay-turn-fixture.js';

describe('turn fixtures', () => {
  it('every recorded turn replays with the blocks it recorded', async () => {
    const outcomes = await replayFixtures([join(builtInFixtures(), 'turns')], { replayers: [turnReplayer] });
    expect(outcomes.length).toBeGreaterThanOrEqual(20);
    expect(outcomes.filter((o) => !o.passed)).toEqual([]);
  });

  it('a recorded expectation that no longer holds is reported with its path', async () => {
    const file = join(builtInFixtures(), 'turns', 'en-the-company-answers.json');
    const fixture = JSON.parse(await readFile(file, 'utf8'));
    fixture.turns[1].expected.result.blocks[0].body = 'car is paid by the traveler.';
    const outcome = await turnReplayer.replay(fixture, file);
    expect(outcome.passed).toBe(false);
    expect(outcome.differences).toEqual(['$.turns[1].result.blocks[0].body: expected "car is paid by the traveler.", got "car is paid by the company."']);
  });
});
