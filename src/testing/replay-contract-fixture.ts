import { z } from 'zod';
import { InputError, parseInput } from '../errors.js';
import { diffExpected, type ReplayOutcome, type Replayer } from '../replay/index.js';
import { effectToJson, governReply, readContract, relayBody, traceOf, type ReplyContract } from '../contract/index.js';

/**
 * A recorded reply-contract scenario: the host truth the contract was authored from, the
 * candidates, the complete contract, what governing them must produce, and an English
 * translation for readers. Replay evaluates the original strings; the translation is never read.
 */
const contractFixtureSchema = z.strictObject({
  fixture_kind: z.literal('reply_contract'),
  name: z.string().min(1),
  industry: z.string().min(1),
  summary: z.string().min(1),
  host_truth: z.strictObject({ facts: z.record(z.string(), z.unknown()), en: z.string().min(1) }),
  candidates: z.array(z.string()),
  /** Kept loose here: `readContract` checks it, so a refused contract is reported as such. */
  contract: z.unknown(),
  expected: z.strictObject({
    /** The expected effect, snake_case; only the keys present are compared. */
    effect: z.record(z.string(), z.unknown()),
    /** The expected trace, snake_case; only the keys present are compared. */
    trace: z.record(z.string(), z.unknown()).optional(),
  }),
  translation: z.strictObject({
    language: z.string().min(1),
    candidates: z.array(z.string()),
    fallback_body: z.string(),
    terms: z.record(z.string(), z.string()),
  }),
});

/**
 * A fixture's recorded contract, read as `readContract` reads any; a contract it refuses is the
 * fixture's failed outcome, its refusals as differences at `$.contract`.
 */
export function readFixtureContract(json: unknown, name: string, file: string): ReplyContract | ReplayOutcome {
  try {
    return readContract(json).contract;
  } catch (error) {
    if (!InputError.isInstance(error)) throw error;
    return { name, file, passed: false, differences: error.issues.map((i) => `$.contract: refused at ${i.path}: ${i.message}`) };
  }
}

/**
 * Replays `reply_contract` fixtures offline — no model, host API, provider or database:
 * reads the recorded contract, governs the recorded candidates, and compares the effect, the
 * relay body and the trace with what was recorded.
 */
export const replyContractReplayer: Replayer = {
  kind: 'reply_contract',
  async replay(input, file): Promise<ReplayOutcome> {
    // A malformed fixture throws InputError; replayFixtures names the file.
    const fixture = parseInput(contractFixtureSchema, input, 'reply contract fixture');
    const { name } = fixture;
    const contract = readFixtureContract(fixture.contract, name, file);
    if ('passed' in contract) return contract;
    const effect = governReply(contract, fixture.candidates);
    const differences = [
      ...diffExpected(fixture.expected.effect, effectToJson(effect), '$.expected.effect'),
      ...diffExpected(fixture.expected.effect.body, relayBody(effect), '$.relay_body'),
      ...(fixture.expected.trace ? diffExpected(fixture.expected.trace, traceOf(effect), '$.expected.trace') : []),
    ];
    return { name, file, passed: differences.length === 0, differences };
  },
};
