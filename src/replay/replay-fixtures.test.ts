import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInput } from '../errors.js';
import { FixtureError, replayFixtures } from './replay-fixtures.js';
import type { Replayer } from './replayer.js';

const temp = await mkdtemp(join(tmpdir(), 'warrant-replay-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

/** A replayer that reads its fixture with parseInput and nothing else, as every layer's does. */
const strict: Replayer = {
  kind: 'strict',
  async replay(input, file) {
    const { name } = parseInput(z.strictObject({ fixture_kind: z.literal('strict'), name: z.string() }), input, 'strict fixture');
    return { name, file, passed: true, differences: [] };
  },
};

describe('replayFixtures', () => {
  it('a fixture its replayer refuses is a FixtureError naming the file and the path', async () => {
    const file = join(temp, 'refused.json');
    await writeFile(file, JSON.stringify({ fixture_kind: 'strict', name: 'x', nmae: 'typo' }));
    const run = replayFixtures([file], { replayers: [strict] });
    await expect(run).rejects.toThrow(FixtureError);
    await expect(run).rejects.toThrow(/refused\.json: strict fixture refused:\n {2}\$\.nmae: unknown key/);
  });

  it('an unknown fixture kind is a FixtureError listing the kinds known', async () => {
    const file = join(temp, 'unknown.json');
    await writeFile(file, JSON.stringify({ fixture_kind: 'other' }));
    await expect(replayFixtures([file], { replayers: [strict] })).rejects.toThrow(/\$\.fixture_kind is "other"; known kinds: strict/);
  });

  it('replays a folder in path order', async () => {
    const folder = await mkdtemp(join(temp, 'ok-'));
    await writeFile(join(folder, 'b.json'), JSON.stringify({ fixture_kind: 'strict', name: 'b' }));
    await writeFile(join(folder, 'a.json'), JSON.stringify({ fixture_kind: 'strict', name: 'a' }));
    const outcomes = await replayFixtures([folder], { replayers: [strict] });
    expect(outcomes.map((o) => o.name)).toEqual(['a', 'b']);
  });
});
