import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../package-root.js';
import type { TaskResult } from '../model/index.js';
import { DEFAULT_EVENT_THRESHOLDS } from './event-state.js';
import { emptyPipelineState, type PipelineContext } from './gate.js';
import { eventGate } from './gates/event-gate.js';
import { matchGate } from './gates/match-gate.js';
import { propertyGate } from './gates/property-gate.js';
import { timelineGate } from './gates/timeline-gate.js';
import { parseMatch, type Match } from './match.js';
import { emptyProfile } from './profile.js';
import { runGates } from './run-gates.js';
import type { BurstReading } from './skill-schemas.js';
import { stopCopy } from './stop-copy.js';
import { SKILL_TASKS, type SuggestSkills } from './suggest-skills.js';
import { emptyWiki } from './wiki.js';

/*
 * The labelled boundary corpus (`corpora/boundaries/corpus.json`) and how a case is decided:
 * shared by the table test and `npm run bench -- boundaries`. Test support, not public API.
 */

const labelSchema = z.strictObject({
  scope: z.enum(['end_contact', 'pause', 'topic', 'none']),
  pauseDays: z.number().int().min(1).nullable().optional(),
  avoidTerms: z.array(z.string()).optional(),
});
const corpusCaseSchema = z.strictObject({
  id: z.string().min(1),
  language: z.enum(['en', 'lt']),
  kind: z.string().min(1),
  /** Index into the language's context conversations: what was said before. */
  context: z.number().int().min(0),
  /** The match's earlier messages of a mixed thread, each labelled. */
  earlier: z.array(z.strictObject({ text: z.string().min(1), label: labelSchema })),
  latest: z.strictObject({ text: z.string().min(1), label: labelSchema }),
  /** An explicit first-person end-contact request (the no-model recall aim counts these). */
  explicit: z.boolean(),
});
const corpusSchema = z.strictObject({
  provenance: z.string().min(1),
  licence: z.string().min(1),
  now: z.iso.datetime({ offset: true }),
  contexts: z.record(z.enum(['en', 'lt']), z.array(z.array(z.tuple([z.enum(['user', 'match']), z.string()])))),
  cases: z.array(corpusCaseSchema),
});

/** The labelled corpus. */
export type BoundaryCorpus = z.output<typeof corpusSchema>;
/** One labelled case. */
export type CorpusCase = z.output<typeof corpusCaseSchema>;
/** What the thread's boundaries decide, as the corpus labels it. */
export type CorpusClass = 'end_contact' | 'pause' | 'topic' | 'none';
/** What a configuration decided: a class, or a stop that is not one (ask the user; hold for a reading). */
export type CorpusDecision = CorpusClass | 'clarification' | 'needs_reading';

/** Reads and checks the corpus. */
export function loadBoundaryCorpus(): BoundaryCorpus {
  return corpusSchema.parse(JSON.parse(readFileSync(join(packageRoot(), 'corpora', 'boundaries', 'corpus.json'), 'utf8')));
}

const RANK: Record<CorpusClass, number> = { none: 0, topic: 1, pause: 2, end_contact: 3 };

/** The case's expected class: the strongest boundary its labelled messages set (an end outranks a pause, a pause a topic). */
export function expectedClass(c: CorpusCase): CorpusClass {
  return [...c.earlier.map((e) => e.label.scope), c.latest.label.scope].reduce<CorpusClass>((a, b) => (RANK[b] > RANK[a] ? b : a), 'none');
}

/** The case as a Match: its context conversation, then the earlier labelled messages, then the latest, minutes apart before `now`. */
export function corpusMatch(corpus: BoundaryCorpus, c: CorpusCase): Match {
  const now = Date.parse(corpus.now);
  const context = corpus.contexts[c.language]![c.context % corpus.contexts[c.language]!.length]!;
  const texts: ['user' | 'match', string][] = [...context, ...c.earlier.map((e): ['match', string] => ['match', e.text]), ['match', c.latest.text]];
  const messages = texts.map(([author, text], i) => ({
    id: `${c.id}-${i + 1}`,
    author,
    text,
    sent_at: new Date(now - (texts.length - i) * 10 * 60_000).toISOString(),
  }));
  return parseMatch({ id: c.id, language: c.language, status: 'open', messages, details: {}, check_list: [], summary: '', ai_generations: [] });
}

const ok = <T>(task: string, value: T): TaskResult<T> => ({
  ok: true,
  value,
  call: {
    task,
    promptName: `corpus:${task}`,
    promptHash: 'sha256:0',
    modelId: 'corpus-reader',
    startedAt: '',
    latencyMs: 0,
    inputTokens: null,
    outputTokens: null,
    outcome: 'ok',
  },
});
const refused = <T>(task: string): TaskResult<T> => ({
  ok: false,
  reason: 'refused',
  call: {
    task,
    promptName: `corpus:${task}`,
    promptHash: 'sha256:0',
    modelId: 'corpus-reader',
    startedAt: '',
    latencyMs: 0,
    inputTokens: null,
    outputTokens: null,
    outcome: 'refused',
  },
});

/**
 * A burst reader that reads every message of the case as its labels say: the boundaries the
 * labelled messages set, and a ruling on every message it is shown as suspected. What the
 * corpus measures with it is whether Warrant lets a correct reading decide.
 */
export function correctReader(c: CorpusCase, match: Match): SuggestSkills {
  const labelled = new Map<string, CorpusCase['latest']['label']>();
  const matchMessages = match.messages.filter((m) => m.author === 'match');
  // The labelled messages are the last ones the match wrote: the earlier ones, then the latest.
  const labels = [...c.earlier.map((e) => e.label), c.latest.label];
  matchMessages.slice(-labels.length).forEach((m, i) => labelled.set(m.id, labels[i]!));
  const labelOf = (id: string) => labelled.get(id) ?? { scope: 'none' as const };
  const reading = (suspected: readonly string[]): BurstReading => ({
    obligations: [],
    callbacks: [],
    topics: [],
    boundaries: [...labelled].flatMap(([messageId, l]) =>
      l.scope === 'none' ? [] : [{ messageId, scope: l.scope, summary: l.scope, avoidTerms: l.avoidTerms ?? [], pauseDays: l.pauseDays ?? null }],
    ),
    rulings: [...new Set(suspected)].map((messageId) => {
      const l = labelOf(messageId);
      return { messageId, sets: l.scope, why: l.scope === 'none' ? 'other_sense' : 'meant', pauseDays: l.pauseDays ?? null, avoidTerms: l.avoidTerms ?? [] };
    }),
  });
  return {
    readBurst: async (input) => ok(SKILL_TASKS.readBurst, reading(input.suspected.map((s) => s.message.id))),
    planStrategy: async () => refused(SKILL_TASKS.planStrategy),
    draftCandidates: async () => refused(SKILL_TASKS.draftCandidates),
    reviewCandidates: async () => refused(SKILL_TASKS.reviewCandidates),
  };
}

/**
 * What Warrant decides about the case's boundaries: the gates up to the event gate, on the case's
 * thread, with `skills` (`null`: no model). Read from the event gate's record and the ledger.
 */
export async function decideCase(corpus: BoundaryCorpus, c: CorpusCase, reader: 'none' | 'correct'): Promise<CorpusDecision> {
  const match = corpusMatch(corpus, c);
  const context: PipelineContext = {
    match,
    wiki: emptyWiki,
    profile: emptyProfile,
    skills: reader === 'correct' ? correctReader(c, match) : null,
    now: Date.parse(corpus.now),
    thresholds: DEFAULT_EVENT_THRESHOLDS,
    analysisLanguage: null,
    copy: stopCopy(match.language),
    calls: [],
    state: emptyPipelineState(match.id),
  };
  const { records } = await runGates([matchGate, propertyGate, timelineGate, eventGate], context);
  const event = records.find((r) => r.gate === 'event');
  switch (event?.reason) {
    case 'boundary_end_contact':
      return 'end_contact';
    case 'boundary_pause':
      return 'pause';
    case 'boundary_disputed':
      return 'clarification';
    case 'boundary_needs_reading':
      return 'needs_reading';
  }
  return (context.state.boundaries?.topics.length ?? 0) > 0 ? 'topic' : 'none';
}

/** Counts of expected class × decision, per language. */
export type ConfusionMatrix = Record<CorpusClass, Record<CorpusDecision, number>>;

const DECISIONS: readonly CorpusDecision[] = ['end_contact', 'pause', 'topic', 'none', 'clarification', 'needs_reading'];
const CLASSES: readonly CorpusClass[] = ['end_contact', 'pause', 'topic', 'none'];

/** An empty confusion matrix. */
export function emptyMatrix(): ConfusionMatrix {
  return Object.fromEntries(CLASSES.map((k) => [k, Object.fromEntries(DECISIONS.map((d) => [d, 0]))])) as ConfusionMatrix;
}

/** The matrix as aligned text: one row per expected class, one column per decision. */
export function formatMatrix(title: string, m: ConfusionMatrix): string {
  const head = ['expected \\ decided', ...DECISIONS].map((h) => h.padStart(13)).join('');
  const rows = CLASSES.map((k) => [k, ...DECISIONS.map((d) => String(m[k][d]))].map((v) => v.padStart(13)).join(''));
  return [title, head, ...rows].join('\n');
}

/** Precision and recall of each class over a matrix (a class never decided has precision 1 by convention: nothing wrong was said). */
export function precisionRecall(m: ConfusionMatrix): Record<CorpusClass, { precision: number; recall: number; support: number }> {
  return Object.fromEntries(
    CLASSES.map((k) => {
      const support = DECISIONS.reduce((s, d) => s + m[k][d], 0);
      const decided = CLASSES.reduce((s, e) => s + m[e][k], 0);
      return [k, { precision: decided === 0 ? 1 : m[k][k] / decided, recall: support === 0 ? 1 : m[k][k] / support, support }];
    }),
  ) as Record<CorpusClass, { precision: number; recall: number; support: number }>;
}
