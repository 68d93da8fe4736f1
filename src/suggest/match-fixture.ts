import { z } from 'zod';
import { parseMatch, type Match } from './match.js';
import { emptyProfile, parseProfile, type Profile } from './profile.js';
import { fixtureSkills } from './scripted-skills.js';
import type { SuggestOptions } from './suggest-replies.js';
import { SKILL_TASKS, type SuggestSkills } from './suggest-skills.js';
import { emptyWiki, parseWiki, type Wiki } from './wiki.js';

/**
 * A recorded suggestion request: the Match, Wiki and profile, the scripted answers of each skill
 * (played by the AI SDK's mock model through the real model layer), and what must come out.
 */
export const matchFixtureSchema = z.strictObject({
  fixture_kind: z.literal('match'),
  name: z.string().min(1),
  /** What the scenario shows, in a sentence. */
  description: z.string().default(''),
  /** The moment the request is made (the event gate measures silence against it). */
  now: z.iso.datetime({ offset: true }),
  match: z.unknown(),
  wiki: z.unknown().optional(),
  profile: z.unknown().optional(),
  analysis_language: z.enum(['en', 'lt']).optional(),
  /** Per skill task, the answers its model gives, one per call in order. Absent: no model configured. */
  model_outputs: z.partialRecord(z.enum(Object.values(SKILL_TASKS) as [string, ...string[]]), z.array(z.unknown())).optional(),
  expected: z.strictObject({
    /** Compared key by key: only what is recorded is promised. */
    result: z.record(z.string(), z.unknown()),
    event_state: z.string().optional(),
    model_calls: z.number().int().min(0).optional(),
    needs_model: z.boolean().optional(),
    /** Failures the audits must catch: audit name, finding code (or its prefix) and candidate index. */
    caught: z
      .array(z.strictObject({ audit: z.string(), code: z.string(), candidate: z.number().int().min(0), by: z.enum(['code', 'model_review']).default('code') }))
      .default([]),
    /** Candidates that must be kept, by index. */
    kept: z.array(z.number().int().min(0)).optional(),
  }),
});

/** A parsed match fixture. */
export type MatchFixture = z.output<typeof matchFixtureSchema>;

/** The request a fixture records, parsed and complete, as {@link suggestReplies} takes it. */
export interface FixtureRequest extends SuggestOptions {
  readonly wiki: Wiki;
  readonly profile: Profile;
  readonly skills: SuggestSkills | null;
  readonly now: number;
}

/**
 * Reads the request a fixture records: its Match, Wiki and profile parsed (absent: empty), its
 * recorded outputs as skills, its moment and analysis language. The one reading the replay and
 * the tests share, so a test runs exactly the request the replay runs.
 */
export function fixtureRequest(fixture: MatchFixture): FixtureRequest {
  const match: Match = parseMatch(fixture.match);
  return {
    match,
    wiki: fixture.wiki === undefined ? emptyWiki : parseWiki(fixture.wiki),
    profile: fixture.profile === undefined ? emptyProfile : parseProfile(fixture.profile),
    skills: fixtureSkills(fixture.model_outputs),
    now: Date.parse(fixture.now),
    ...(fixture.analysis_language ? { analysisLanguage: fixture.analysis_language } : {}),
  };
}
