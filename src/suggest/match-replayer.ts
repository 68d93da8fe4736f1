import { basename } from 'node:path';
import { InputError, parseInput } from '../errors.js';
import { diffExpected, type Replayer } from '../replay/index.js';
import { fixtureRequest, matchFixtureSchema } from './match-fixture.js';
import { suggestReplies } from './suggest-replies.js';

/**
 * Replays `fixture_kind: "match"` recordings offline: the whole pipeline, with each skill's
 * recorded answers played by mock models through the real model layer, compared with what the
 * recording expects — the result, the event state, the model call count, the failures each named
 * audit must catch, and the candidates kept.
 */
export const matchReplayer: Replayer = {
  kind: 'match',
  async replay(value, file) {
    const fixture = parseInput(matchFixtureSchema, value, `match fixture ${basename(file)}`);
    const differences: string[] = [];
    let outcome: Awaited<ReturnType<typeof suggestReplies>>;
    try {
      outcome = await suggestReplies(fixtureRequest(fixture));
    } catch (error) {
      if (!InputError.isInstance(error)) throw error;
      return { name: fixture.name, file, passed: false, differences: [`refused: ${error.message}`] };
    }
    const { result, evidence } = outcome;
    const { expected } = fixture;
    differences.push(...diffExpected(expected.result, result, '$.result'));
    if (expected.event_state !== undefined && expected.event_state !== evidence.state.eventState) {
      differences.push(`$.event_state: expected ${expected.event_state}, got ${evidence.state.eventState}`);
    }
    if (expected.model_calls !== undefined && expected.model_calls !== evidence.calls.length) {
      differences.push(`$.model_calls: expected ${expected.model_calls}, got ${evidence.calls.length}`);
    }
    if (expected.needs_model !== undefined && expected.needs_model !== evidence.needsModel) {
      differences.push(`$.needs_model: expected ${expected.needs_model}, got ${evidence.needsModel}`);
    }
    for (const c of expected.caught) {
      const hit = evidence.audits.some(
        (r) => !r.passed && r.audit === c.audit && r.candidate === c.candidate && r.by === c.by && r.findings.some((f) => f.code.startsWith(c.code)),
      );
      if (!hit) differences.push(`$.caught: the ${c.audit} audit (${c.by}) did not catch ${c.code} in candidate ${c.candidate}`);
    }
    if (expected.kept !== undefined) {
      const kept = evidence.candidates.filter((c) => c.kept).map((c) => c.index);
      differences.push(...diffExpected(expected.kept, kept, '$.kept'));
    }
    return { name: fixture.name, file, passed: differences.length === 0, differences };
  },
};
