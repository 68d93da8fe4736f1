import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors.js';
import { packageRoot } from '../../package-root.js';
import { builtInFixtures, replayFixtures } from '../../replay/index.js';
import { modelTurnReplayer } from './model-turn-replayer.js';

const folder = join(builtInFixtures(), 'model-turns');

describe('model_turn replayer', () => {
  it('every recorded model turn replays offline as recorded (English and Italian)', async () => {
    const outcomes = await replayFixtures([folder], { replayers: [modelTurnReplayer] });
    expect(outcomes.length).toBeGreaterThanOrEqual(10);
    expect(outcomes.filter((o) => !o.passed).map((o) => `${o.name}\n${o.differences.join('\n')}`)).toEqual([]);
    const names = outcomes.map((o) => o.name).join('\n');
    expect(names).toMatch(/^it: /m);
    expect(names).toMatch(/^en: /m);
  });

  it('a recording whose expectation differs fails with the difference named', async () => {
    const fixture = JSON.parse(await readFile(join(folder, 'en-review-fails-twice.json'), 'utf8'));
    fixture.expected.transition.written_by = 'writer';
    const outcome = await modelTurnReplayer.replay(fixture, 'changed.json');
    expect(outcome.passed).toBe(false);
    expect(outcome.differences).toEqual(['$.transition.written_by: expected "writer", got "code"']);
  });

  it('W9: a malformed recording is refused with its path', async () => {
    const fixture = JSON.parse(await readFile(join(folder, 'en-provider-throws.json'), 'utf8'));
    fixture.model.acknowledge = [{ eror: 'typo' }];
    await expect(modelTurnReplayer.replay(fixture, 'bad.json')).rejects.toSatisfy(
      (error: unknown) => InputError.isInstance(error) && error.issues.some((i) => i.path.startsWith('$.model.acknowledge[0]')),
    );
    expect(packageRoot()).toBeTruthy();
  });
});
