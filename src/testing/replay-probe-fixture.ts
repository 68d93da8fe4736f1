import { z } from 'zod';
import { parseInput } from '../errors.js';
import { createModels } from '../model/create-models.js';
import { scriptedModel } from '../model/scripted-model.js';
import { diffExpected, type ReplayOutcome, type Replayer } from '../replay/index.js';
import { modelParaphrases, probeContract, probeReportToJson } from '../probe/index.js';
import { readFixtureContract } from './replay-contract-fixture.js';

/**
 * A recorded probe run: the contract probed, what the `probe` model answered (scripted; absent
 * when no model was configured), and what the report must hold.
 */
const probeFixtureSchema = z.strictObject({
  fixture_kind: z.literal('contract_probe'),
  name: z.string().min(1),
  summary: z.string().min(1),
  /** Kept loose here: `readContract` checks it, so a refused contract is reported as such. */
  contract: z.unknown(),
  /** The `probe` task's answers, one per call, as the model returned them. Absent: no model configured. */
  model_outputs: z.array(z.string()).optional(),
  paraphrase_candidates: z.number().int().min(1).max(64).optional(),
  expected: z.strictObject({
    /** The expected report, snake_case; only the keys present are compared. */
    report: z.record(z.string(), z.unknown()),
  }),
});

/**
 * Replays `contract_probe` fixtures offline: the recorded model outputs are played by a scripted
 * model through the real `probe` task, so the report is made exactly as `warrant probe` makes it.
 */
export const contractProbeReplayer: Replayer = {
  kind: 'contract_probe',
  async replay(input, file): Promise<ReplayOutcome> {
    const fixture = parseInput(probeFixtureSchema, input, 'contract probe fixture');
    const { name } = fixture;
    const contract = readFixtureContract(fixture.contract, name, file);
    if ('passed' in contract) return contract;
    const models = fixture.model_outputs
      ? createModels({ tasks: { probe: { model: 'recorded:probe' } } }, { languageModels: { 'recorded:probe': scriptedModel(fixture.model_outputs) } })
      : createModels();
    const report = await probeContract(contract, {
      paraphrase: modelParaphrases({ models }),
      ...(fixture.paraphrase_candidates ? { paraphraseCount: fixture.paraphrase_candidates } : {}),
    });
    const differences = diffExpected(fixture.expected.report, probeReportToJson(report), '$.expected.report');
    return { name, file, passed: differences.length === 0, differences };
  },
};
