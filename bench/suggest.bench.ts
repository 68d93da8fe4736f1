/**
 * Gates and audits for a 200-message match, against parsing and validating the same match alone.
 * The skills answer instantly from the happy-path recording, so the figure is Warrant's own work
 * (seven gates, drafting bookkeeping, every audit); a second figure runs the same skills through
 * the real model layer over mock models. Model calls per request: happy path and the bound.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskResult } from '../src/model/index.js';
import {
  HAPPY_PATH_MODEL_CALLS,
  MAX_MODEL_CALLS,
  SKILL_TASKS,
  burstReadingSchema,
  draftsSchema,
  parseMatch,
  reviewSchema,
  strategySchema,
  suggestReplies,
  type SuggestSkills,
} from '../src/suggest/index.js';
import { fixtureRequest, matchFixtureSchema, scriptedSkills } from '../src/testing/index.js';
import { median, report, round, timeAsync, timeIt } from './measure.js';

const recording = (name: string) =>
  matchFixtureSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'matches', `${name}.json`), 'utf8')));
const fixture = recording('en-active-reply-happy-path');
const base = fixture.match as { messages: Record<string, unknown>[] };
const filler = [
  'Haha that is a good point, I had not thought about it that way.',
  'We spent the whole afternoon by the river, it was lovely and quiet.',
  'My sister keeps sending me recipes I will never cook.',
  'Did you see the sunset yesterday? The sky was completely orange.',
];
const start = Date.parse('2026-09-01T10:00:00Z');
const earlier = Array.from({ length: 195 }, (_, i) => ({
  id: `b${i}`,
  author: i % 2 === 0 ? 'user' : 'match',
  text: filler[i % filler.length],
  sent_at: new Date(start + i * 600_000).toISOString(),
}));
const match200 = { ...base, messages: [...earlier, ...base.messages] };
if (match200.messages.length !== 200) throw new Error(`expected 200 messages, built ${match200.messages.length}`);

const { wiki, profile, now } = fixtureRequest(fixture);
const outputs = fixture.model_outputs as Record<string, unknown[]>;
const ok = <T>(task: string, value: T): TaskResult<T> => ({
  ok: true,
  value,
  call: {
    task,
    promptName: `built-in:${task}`,
    promptHash: 'sha256:0',
    modelId: 'instant',
    startedAt: '',
    latencyMs: 0,
    inputTokens: null,
    outputTokens: null,
    outcome: 'ok',
  },
});
// Parsed once: the instant skills hand back ready values, as a model layer would after its own parsing.
const answers = {
  burst: burstReadingSchema.parse(outputs[SKILL_TASKS.readBurst]![0]),
  strategy: strategySchema.parse(outputs[SKILL_TASKS.planStrategy]![0]),
  drafts: draftsSchema.parse(outputs[SKILL_TASKS.draftCandidates]![0]),
  review: reviewSchema.parse(outputs[SKILL_TASKS.reviewCandidates]![0]),
};
const instant: SuggestSkills = {
  readBurst: async () => ok(SKILL_TASKS.readBurst, answers.burst),
  planStrategy: async () => ok(SKILL_TASKS.planStrategy, answers.strategy),
  draftCandidates: async () => ok(SKILL_TASKS.draftCandidates, answers.drafts),
  reviewCandidates: async () => ok(SKILL_TASKS.reviewCandidates, answers.review),
};

const parseOnly = timeIt(() => parseMatch(match200), { minMs: 1500, batch: 20 });
const parsed = parseMatch(match200);
const full = async (skills: SuggestSkills) => suggestReplies({ match: parseMatch(match200), wiki, profile, skills, now });
const gatesOnly = async () => suggestReplies({ match: parsed, wiki, profile, skills: instant, now });

const check = await full(instant);
if (check.result.resultType !== 'suggestions') throw new Error(`the benchmark request did not reach suggestions: ${check.result.analysisSummary}`);
for (let i = 0; i < 50; i++) await full(instant);
// Interleaved, so the shared machine's load falls on both figures alike.
const gatedSamples: number[] = [];
const wholeSamples: number[] = [];
const parseSamples: number[] = [];
for (let i = 0; i < 400; i++) {
  gatedSamples.push(...(await timeAsync(gatesOnly, 1)));
  wholeSamples.push(...(await timeAsync(() => full(instant), 1)));
  const t0 = performance.now();
  for (let j = 0; j < 5; j++) parseMatch(match200);
  parseSamples.push((performance.now() - t0) / 5);
}
const gated = median(gatedSamples);
const whole = median(wholeSamples);
const viaModelLayer = scriptedSkills(outputs as never).skills;
const modelLayer = median(await timeAsync(() => full(viaModelLayer), 150));
// The interleaved parse samples are the baseline; the batch timing is kept as a cross-check.
const parseMs = median(parseSamples);

// The bound, measured: a recording whose first draft leaks a private note is redrafted once.
const worst = await suggestReplies(fixtureRequest(recording('en-seeded-leaked-private-note')));

report('suggest', {
  messages: 200,
  parse_validate_median_ms: round(parseMs, 3),
  parse_validate_batch_median_ms: round(parseOnly.medianNs / 1e6, 3),
  gates_and_audits_median_ms: round(gated, 3),
  ratio_to_parse: round(gated / parseMs, 1),
  parse_gates_and_audits_median_ms: round(whole, 3),
  with_mock_model_layer_median_ms: round(modelLayer, 3),
  model_calls_happy_path: check.evidence.calls.length,
  model_calls_happy_path_constant: HAPPY_PATH_MODEL_CALLS,
  model_calls_with_redraft: worst.evidence.calls.length,
  model_calls_bound: MAX_MODEL_CALLS,
  suggestions: check.result.suggestions.length,
  speedup: round(parseMs / gated, 3),
});
