/**
 * `warrant/testing`: what a host's tests use in place of a provider and a live conversation.
 * Scripted models (the AI SDK's own mock, so the real `generateText` path runs without a
 * network), suggestion skills over them, and the replayers of recorded scenarios, one per
 * `fixture_kind`, with the runner that replays a folder of them.
 *
 * A subpath of its own, as the AI SDK keeps `ai/test` apart: it loads `ai/test`, which the
 * production entry points (`warrant/turn`, `warrant/suggest` and the rest) never do.
 */
export type { Fault, InputIssue } from '../errors.js';
export { InputError, WarrantError } from '../errors.js';
export type { ScriptStep } from '../model/scripted-model.js';
export { modelAnswer, promptText, scriptedModel } from '../model/scripted-model.js';
export type { SkillOutputs } from '../suggest/scripted-skills.js';
export { fixtureSkills, scriptedSkills } from '../suggest/scripted-skills.js';
export type { FixtureRequest, MatchFixture } from '../suggest/match-fixture.js';
export { fixtureRequest, matchFixtureSchema } from '../suggest/match-fixture.js';
export type { RecordedOutput } from '../turn/model/recorded-model.js';
export { recordedModel, recordedOutputSchema } from '../turn/model/recorded-model.js';
export type { ReplayOutcome, Replayer } from '../replay/index.js';
export { FixtureError, builtInFixtures, diffExpected, replayFixtures } from '../replay/index.js';
export { builtInReplayers } from '../built-in-replayers.js';
export { replyContractReplayer } from './replay-contract-fixture.js';
export { contractProbeReplayer } from './replay-probe-fixture.js';
export { matchReplayer } from '../suggest/match-replayer.js';
export type { TurnFixture } from '../turn/replay-turn-fixture.js';
export { turnFixtureSchema, turnReplayer } from '../turn/replay-turn-fixture.js';
export { modelTurnReplayer } from '../turn/model/model-turn-replayer.js';
