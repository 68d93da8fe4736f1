import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../cli/io.js';
import { runCli } from '../cli/program.js';
import { packageRoot } from '../package-root.js';
import { replayFixtures } from '../replay/index.js';
import { replyContractReplayer } from './replay-contract-fixture.js';

const builtIn = join(packageRoot(), 'fixtures', 'reply-contracts');
const temp = await mkdtemp(join(tmpdir(), 'warrant-contract-replay-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('replaying reply_contract fixtures', () => {
  it('every built-in industry scenario passes: at least twelve, in all four industries', async () => {
    const outcomes = await replayFixtures([builtIn], { replayers: [replyContractReplayer] });
    expect(outcomes.length).toBeGreaterThanOrEqual(12);
    expect(outcomes.filter((o) => !o.passed)).toEqual([]);
    const industries = new Set(outcomes.map((o) => o.name.split('/')[0]));
    expect([...industries].sort()).toEqual(['automotive', 'commerce', 'healthcare', 'ticketing']);
  });

  it('each industry rejects an unsafe candidate, accepts a safe one, and selects a passing second candidate', async () => {
    const fixtures = await Promise.all(
      (await replayFixtures([builtIn], { replayers: [replyContractReplayer] })).map(async (o) => JSON.parse(await readFile(o.file, 'utf8'))),
    );
    for (const industry of ['automotive', 'ticketing', 'commerce', 'healthcare']) {
      const effects = fixtures.filter((f) => f.industry === industry).map((f) => f.expected.effect);
      expect(
        effects.some((e) => e.status === 'fallback' && e.candidates.length === 1 && e.candidates[0].forbidden_terms_present.length > 0),
        industry,
      ).toBe(true);
      expect(
        effects.some((e) => e.status === 'accepted' && e.selected_candidate === 0 && e.candidates.length === 1),
        industry,
      ).toBe(true);
      expect(
        effects.some((e) => e.selected_candidate === 1 && e.candidates.length === 2 && !e.candidates[0].passed),
        industry,
      ).toBe(true);
    }
  });

  it('warrant replay exits 1 on a deliberately wrong copy of a fixture and shows the difference', async () => {
    const source = join(builtIn, 'automotive-unsafe-booking-claim-falls-back.json');
    const fixture = JSON.parse(await readFile(source, 'utf8'));
    fixture.expected.effect.status = 'accepted';
    fixture.expected.effect.candidates[0].forbidden_terms_present = ['看車'];
    const wrong = join(temp, 'wrong.json');
    await writeFile(wrong, JSON.stringify(fixture));
    await cp(join(builtIn, 'ticketing-safe-candidate-accepted.json'), join(temp, 'right.json'));

    const { io, stdout, code } = memoryIo();
    await runCli(['replay', temp], io);
    expect(code()).toBe(1);
    expect(stdout).toContain('FAIL  automotive/unsafe-booking-claim-falls-back');
    expect(stdout).toContain('      $.expected.effect.status: expected "accepted", got "fallback"');
    expect(stdout).toContain('      $.expected.effect.candidates[0].forbidden_terms_present: expected 1 items, got 2');
    expect(stdout).toContain('pass  ticketing/safe-candidate-accepted');
    expect(stdout.at(-1)).toBe('1 passed, 1 failed');
  });

  it('a fixture whose contract is refused fails with the refusal as its difference', async () => {
    const fixture = JSON.parse(await readFile(join(builtIn, 'commerce-safe-candidate-accepted.json'), 'utf8'));
    fixture.contract.forbiden_terms = [];
    const outcome = await replyContractReplayer.replay(fixture, 'refused.json');
    expect(outcome.passed).toBe(false);
    expect(outcome.differences).toEqual(['$.contract: refused at $.forbiden_terms: unknown key']);
  });
});
