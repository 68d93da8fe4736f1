import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { parseMatch, type Match } from './match.js';
import { fixtureSkills, matchFixtureSchema, type MatchFixture } from './match-fixture.js';
import { parseProfile, type Profile } from './profile.js';
import type { SuggestSkills } from './suggest-skills.js';
import { parseWiki, type Wiki } from './wiki.js';

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

/** The inputs of a fixture, parsed, with the skills its recorded outputs drive. */
export function fixtureInputs(name: string): { match: Match; wiki: Wiki; profile: Profile; now: number; skills: SuggestSkills | null; fixture: MatchFixture } {
  const fixture = loadFixture(name);
  return {
    fixture,
    match: parseMatch(fixture.match),
    wiki: fixture.wiki === undefined ? { entries: [] } : parseWiki(fixture.wiki),
    profile: fixture.profile === undefined ? { facts: [], classifications: [], privateNotes: [] } : parseProfile(fixture.profile),
    now: Date.parse(fixture.now),
    skills: fixtureSkills(fixture.model_outputs),
  };
}
