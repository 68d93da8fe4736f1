import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { fixtureRequest, matchFixtureSchema, type FixtureRequest, type MatchFixture } from './match-fixture.js';

/**
 * Test helpers: the recorded matches under `fixtures/matches/` as ready inputs, so unit tests
 * start from the same scenarios the replays check. Not part of the public API.
 */

/** A recorded fixture by file name (without `.json`), parsed. */
export function loadFixture(name: string): MatchFixture {
  const text = readFileSync(join(packageRoot(), 'fixtures', 'matches', `${name}.json`), 'utf8');
  return matchFixtureSchema.parse(JSON.parse(text));
}

/** A fixture's raw JSON (for tests that edit it before parsing). */
export function rawFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(packageRoot(), 'fixtures', 'matches', `${name}.json`), 'utf8')) as Record<string, unknown>;
}

/** The request a fixture records, exactly as its replay runs it, and the fixture itself. */
export function fixtureInputs(name: string): FixtureRequest & { fixture: MatchFixture } {
  const fixture = loadFixture(name);
  return { ...fixtureRequest(fixture), fixture };
}
