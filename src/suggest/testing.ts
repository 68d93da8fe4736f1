import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { DEFAULT_EVENT_THRESHOLDS } from './event-state.js';
import { emptyPipelineState, type PipelineContext } from './gate.js';
import { fixtureRequest, matchFixtureSchema, type FixtureRequest, type MatchFixture } from './match-fixture.js';
import type { Match, MatchMessage } from './match.js';
import { emptyProfile } from './profile.js';
import { stopCopy } from './stop-copy.js';
import { emptyWiki } from './wiki.js';

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

/** A message for unit tests: `atHours` after 2026-11-01T12:00Z. */
export function testMessage(id: string, author: 'user' | 'match', atHours: number, text = 'hi', extra: Partial<MatchMessage> = {}): MatchMessage {
  return { id, author, kind: 'text', text, sentAt: TEST_T0 + atHours * 3_600_000, liked: false, replyTo: null, ...extra };
}
/** The moment unit-test messages count from. */
export const TEST_T0 = Date.parse('2026-11-01T12:00:00Z');

/** A match for unit tests. */
export function testMatch(messages: MatchMessage[], over: Partial<Match> = {}): Match {
  return { id: 'm-1', language: 'en', status: 'open', messages, details: {}, checkList: [], summary: '', aiGenerations: [], ...over };
}

/** A fresh pipeline context around `match`, for running one gate alone; `atHours` is the request's moment. */
export function testContext(match: Match, atHours: number, over: Partial<Omit<PipelineContext, 'state'>> = {}): PipelineContext {
  return {
    match,
    wiki: emptyWiki,
    profile: emptyProfile,
    skills: null,
    now: TEST_T0 + atHours * 3_600_000,
    thresholds: DEFAULT_EVENT_THRESHOLDS,
    analysisLanguage: null,
    copy: stopCopy(match.language),
    calls: [],
    ...over,
    state: emptyPipelineState(match.id),
  };
}
