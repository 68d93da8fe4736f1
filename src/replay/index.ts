export type { ReplayOutcome, Replayer } from './replayer.js';
export { diffExpected } from './replayer.js';
export { FixtureError, builtInFixtures, replayFixtures } from './replay-fixtures.js';
export type { ReplayProgress } from './replay-fixtures.js';
