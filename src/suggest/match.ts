import { z } from 'zod';
import { parseInput } from '../errors.js';
import { wireRecord, wireString, wireTimestamp } from '../wire-string.js';

/** A value in the Match's flat `details`: what the match's own profile shows, one scalar per key. */
const detailValue = z.union([wireString(), z.number(), z.boolean(), z.null()]);

/** One message of the conversation, as the app stores it (snake_case wire shape). */
export const matchMessageSchema = z.strictObject({
  id: wireString().min(1),
  /** When present it must be the root Match's id: a message of another match is cross-match context. */
  match_id: wireString().min(1).optional(),
  author: z.enum(['user', 'match']),
  /** `photo` messages carry no words Warrant can read; a burst that needs one asks the user. */
  kind: z.enum(['text', 'photo']).default('text'),
  text: wireString(),
  sent_at: wireTimestamp(),
  /** The other side reacted to this message with a like (the liked-message pause reads it). */
  liked: z.boolean().default(false),
  /** An explicit callback: the id of the earlier message this one answers. */
  reply_to: wireString().min(1).optional(),
});

/** One check-list item with the user's private scoring of how the match answered it. */
export const checkListItemSchema = z.strictObject({
  id: wireString().min(1),
  question: wireString(),
  answer: wireString().nullable().default(null),
  score: z.number().nullable().default(null),
});

/** A prior AI generation for this match: non-authoritative, and private (it never reaches copy). */
export const aiGenerationSchema = z.strictObject({
  id: wireString().min(1),
  created_at: wireTimestamp(),
  analysis: wireString().default(''),
  suggestions: z.array(wireString()).default([]),
});

/**
 * The Match in its current shape: root identity, language, status, messages, flat `details`,
 * `check_list`, string `summary` and `ai_generations`. Unknown keys are refused so a legacy or
 * misspelt field never silently drops context.
 */
export const matchSchema = z.strictObject({
  id: wireString().trim().min(1, 'a Match needs a non-empty id'),
  /** The root language decides the copy language; the router accepts `en` and `lt`. */
  language: wireString().min(1),
  /**
   * `open`: conversation in progress. `cta`: a call to action (contacts or a plan) was made and
   * accepted. `closed`: the app or either side ended it.
   */
  status: z.enum(['open', 'cta', 'closed']),
  messages: z.array(matchMessageSchema),
  details: wireRecord(detailValue).default({}),
  check_list: z.array(checkListItemSchema).default([]),
  /** A non-authoritative summary written earlier; private, like every prior AI analysis. */
  summary: wireString().default(''),
  ai_generations: z.array(aiGenerationSchema).default([]),
});

/** The Match as read from the wire (snake_case). */
export type MatchWire = z.output<typeof matchSchema>;
/** One message of a {@link Match}. */
export interface MatchMessage {
  readonly id: string;
  readonly author: 'user' | 'match';
  readonly kind: 'text' | 'photo';
  readonly text: string;
  /** Milliseconds since the epoch. */
  readonly sentAt: number;
  readonly liked: boolean;
  readonly replyTo: string | null;
}
/** A check-list item with its private score. */
export interface CheckListItem {
  readonly id: string;
  readonly question: string;
  readonly answer: string | null;
  readonly score: number | null;
}
/** A prior AI generation: private context, never authoritative. */
export interface AiGeneration {
  readonly id: string;
  readonly createdAt: string;
  readonly analysis: string;
  readonly suggestions: readonly string[];
}
/** The validated Match, camelCase, messages in time order. */
export interface Match {
  readonly id: string;
  readonly language: string;
  readonly status: 'open' | 'cta' | 'closed';
  readonly messages: readonly MatchMessage[];
  readonly details: Readonly<Record<string, string | number | boolean | null>>;
  readonly checkList: readonly CheckListItem[];
  readonly summary: string;
  readonly aiGenerations: readonly AiGeneration[];
}

const legacyMessageKeys = ['conversation', 'chat', 'history', 'msgs', 'thread', 'message_list'];

/** One thing wrong with a Match beyond its schema, located by path segments below the Match. */
interface MatchIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Shapes of earlier app versions, named so the caller learns what to change rather than "unknown key". */
function legacyShapeIssues(value: unknown): MatchIssue[] {
  if (Array.isArray(value)) {
    return [{ path: [], message: 'expected exactly one root Match object, got an array' }];
  }
  if (value === null || typeof value !== 'object') return [];
  const root = value as Record<string, unknown>;
  const issues: MatchIssue[] = [];
  if ('match' in root && root.match !== null && typeof root.match === 'object') {
    issues.push({ path: ['match'], message: 'a nested match object is a legacy shape: the Match is the root object' });
  }
  for (const key of legacyMessageKeys) {
    if (key in root) issues.push({ path: [key], message: 'messages under another key are a legacy shape: use $.messages' });
  }
  if (root.summary !== null && typeof root.summary === 'object') {
    issues.push({ path: ['summary'], message: 'an object summary is a legacy shape: summary is a string' });
  }
  const details = root.details;
  if (details !== null && typeof details === 'object' && !Array.isArray(details)) {
    for (const [key, v] of Object.entries(details)) {
      if (v !== null && typeof v === 'object') {
        issues.push({ path: ['details', key], message: 'nested details are a legacy shape: details are flat key → scalar' });
      }
    }
  }
  return issues;
}

/** Context that belongs to another match, or callbacks to messages this match does not have. */
function crossMatchIssues(wire: MatchWire): MatchIssue[] {
  const issues: MatchIssue[] = [];
  const ids = new Set<string>();
  wire.messages.forEach((m, i) => {
    if (m.match_id !== undefined && m.match_id !== wire.id) {
      issues.push({
        path: ['messages', i, 'match_id'],
        message: `this message belongs to match ${JSON.stringify(m.match_id)}, not ${JSON.stringify(wire.id)}: cross-match context is refused`,
      });
    }
    if (ids.has(m.id)) issues.push({ path: ['messages', i, 'id'], message: `duplicate message id ${JSON.stringify(m.id)}` });
    ids.add(m.id);
  });
  wire.messages.forEach((m, i) => {
    if (m.reply_to !== undefined && !ids.has(m.reply_to)) {
      issues.push({
        path: ['messages', i, 'reply_to'],
        message: `answers message ${JSON.stringify(m.reply_to)}, which is not in this match`,
      });
    }
  });
  return issues;
}

/** The one conversion from the wire shape to the library shape. */
function fromWire(wire: MatchWire): Match {
  const messages = wire.messages
    .map((m, order) => ({
      order,
      message: {
        id: m.id,
        author: m.author,
        kind: m.kind,
        text: m.text,
        sentAt: Date.parse(m.sent_at),
        liked: m.liked,
        replyTo: m.reply_to ?? null,
      } satisfies MatchMessage,
    }))
    // Stable by time, then by the order the app listed them: equal timestamps keep their order.
    .sort((a, b) => a.message.sentAt - b.message.sentAt || a.order - b.order)
    .map((x) => x.message);
  return {
    id: wire.id.trim(),
    language: wire.language,
    status: wire.status,
    messages,
    details: wire.details,
    checkList: wire.check_list.map((c) => ({ id: c.id, question: c.question, answer: c.answer, score: c.score })),
    summary: wire.summary,
    aiGenerations: wire.ai_generations.map((g) => ({
      id: g.id,
      createdAt: g.created_at,
      analysis: g.analysis,
      suggestions: g.suggestions,
    })),
  };
}

/**
 * The whole reading of a Match as one schema: legacy shapes named first (and nothing else then),
 * then {@link matchSchema}, then cross-match context; the Match in the library's shape out. Its
 * input is documented as {@link matchSchema} (the server's OpenAPI document shows that), and it is
 * what parses a Match everywhere: {@link parseMatch}, the sidecar's `POST /v0/suggestions`.
 */
export const matchInputSchema = z
  .preprocess((value, ctx) => {
    for (const issue of legacyShapeIssues(value)) ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, input: value });
    return value;
  }, matchSchema)
  .transform((wire, ctx): Match => {
    const cross = crossMatchIssues(wire);
    for (const issue of cross) ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, input: wire });
    return cross.length > 0 ? z.NEVER : fromWire(wire);
  });

/**
 * Reads a Match (W9): exactly one root object with a non-empty id, in the current shape. Legacy
 * shapes and cross-match context are refused with an {@link InputError} naming each path; nothing
 * is read partially.
 */
export function parseMatch(value: unknown): Match {
  return parseInput(matchInputSchema, value, 'match');
}

/** The JSON Schema of the Match wire shape, for hosts in other languages. */
export function matchJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(matchSchema, { io: 'input' }) as Record<string, unknown>;
}
