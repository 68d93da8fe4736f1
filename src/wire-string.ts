import type { z } from 'zod';
import { zod } from './zod-on-demand.js';

/**
 * The one string type of every wire schema. PostgreSQL cannot hold U+0000 in `text` or `jsonb`,
 * and a lone UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD instead, so what
 * is read back would differ from what was sent). Either, accepted, would reach the store and fail
 * there (a 503 for a caller's mistake, and in a group commit the batch of other tenants' rows
 * with it) or change silently. Refusing both at validation, with the JSON path, keeps every
 * accepted string storable as sent (W9, W10).
 */

/**
 * A code unit {@link wireTextProblem} may object to (U+0000, any surrogate). Text without one is
 * fine, settled by one native character-class test instead of a loop of `charCodeAt` over every
 * unit; text with one (emoji, say) is walked to tell paired surrogates from lone ones.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the units this looks for
const SUSPECT_UNIT = /[\u0000\ud800-\udfff]/;

/** What makes `text` unfit for the wire, or `undefined` when it is fine. */
export function wireTextProblem(text: string): string | undefined {
  // This runs on every string of every request: most hold no suspect unit at all.
  if (!SUSPECT_UNIT.test(text)) return undefined;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return 'holds U+0000 (NUL), which the store cannot hold';
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'is not well-formed Unicode (it holds a lone surrogate)';
    }
  }
  return undefined;
}

/** True when `text` holds neither U+0000 nor a lone surrogate (see {@link wireTextProblem}). */
export function isWireText(text: string): boolean {
  return wireTextProblem(text) === undefined;
}

/**
 * Keys that cannot be kept as sent: JavaScript objects built from parsed JSON drop or misread a
 * `__proto__` key (zod's records silently lose it), so a stored document would differ from the
 * one sent. Refused with its path instead.
 */
const UNKEEPABLE_KEYS = new Set(['__proto__']);

/** What makes `key` unfit as an object key on the wire, or `undefined` when it is fine. */
export function wireKeyProblem(key: string): string | undefined {
  if (UNKEEPABLE_KEYS.has(key)) return 'a "__proto__" key cannot be kept as sent; rename it';
  return wireTextProblem(key);
}

/**
 * A zod string that refuses U+0000 and lone surrogates, naming the path. Use it for every string
 * a caller sends; chain `.min()`, `.trim()`, `.regex()` as on `z.string()`. `params` are
 * `z.string`'s (e.g. a custom `error`).
 */
export function wireString(params?: Parameters<typeof z.string>[0]) {
  return zod().string(params).check(checkWireText);
}

/** A record key: a {@link wireString} that is not `__proto__`. */
export function wireKey() {
  return zod().string().check(checkWireKey);
}

/**
 * The checks of {@link wireString} and {@link wireKey}, as zod's plain check functions rather than
 * `superRefine`, which gives every string it checks an `addIssue` closure of its own; this runs
 * on every string of every request (docs/server.md has the figures). The issue is the one
 * `superRefine`'s `addIssue` pushed: `custom`, its message, the text, and `continue`, so the
 * checks chained after (`.min()`, `.regex()`) still report theirs.
 */
function checkWireText(payload: z.core.ParsePayload<string>): void {
  const problem = wireTextProblem(payload.value);
  if (problem !== undefined) payload.issues.push({ code: 'custom', message: problem, input: payload.value, continue: true });
}

function checkWireKey(payload: z.core.ParsePayload<string>): void {
  const problem = wireKeyProblem(payload.value);
  if (problem !== undefined) payload.issues.push({ code: 'custom', message: problem, input: payload.value, continue: true });
}

/** `z.record` with {@link wireKey} keys: the record keys of every wire schema. */
export function wireRecord<V extends z.ZodType>(value: V, params?: Parameters<typeof z.record>[2]) {
  return zod().record(wireKey(), value, params);
}

/** Deepest nesting {@link wireJson} walks; the server refuses deeper bodies before parsing anyway. */
const MAX_WALK_DEPTH = 256;

/**
 * Any JSON value (e.g. an act's values, a fixture's free-form part), walked: every string and
 * every key is checked as {@link wireString} and {@link wireKey} are, each problem reported at its
 * own path below this one. The value passes through unchanged (the same object), so what is
 * stored is exactly what was sent.
 */
export function wireJson() {
  return zod()
    .unknown()
    .superRefine((value, ctx) => {
      walk(value, [], 0, (path, message) => ctx.addIssue({ code: 'custom', message, path, input: value }));
    });
}

/** The problems of a parsed JSON value, each with its path as segments. */
export function wireJsonProblems(value: unknown): { path: PropertyKey[]; message: string }[] {
  const found: { path: PropertyKey[]; message: string }[] = [];
  walk(value, [], 0, (path, message) => found.push({ path, message }));
  return found;
}

function walk(value: unknown, path: PropertyKey[], depth: number, report: (path: PropertyKey[], message: string) => void): void {
  if (typeof value === 'string') {
    const problem = wireTextProblem(value);
    if (problem !== undefined) report(path, problem);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_WALK_DEPTH) {
    report(path, `nests deeper than ${MAX_WALK_DEPTH} levels`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, [...path, i], depth + 1, report));
    return;
  }
  for (const key of Object.keys(value)) {
    const problem = wireKeyProblem(key);
    if (problem !== undefined) report([...path, key], `key ${problem}`);
    walk((value as Record<string, unknown>)[key], [...path, key], depth + 1, report);
  }
}

/** The earliest and latest instants PostgreSQL's `timestamptz` takes in ISO form here: years 1–9999 (UTC). */
const MIN_TIME_MS = Date.parse('0001-01-01T00:00:00Z');
const MAX_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An ISO 8601 date-time with an offset, refused unless it names a real instant between the years
 * 1 and 9999 in UTC. PostgreSQL refuses year 0 (`0000-01-01T00:00:00Z`) and an offset can carry
 * `9999-12-31T23:00:00-05:00` into year 10000, which `Date.toISOString` writes in a form the store
 * cannot read; both would otherwise fail at the store.
 */
export function wireTimestamp() {
  return zod()
    .iso.datetime({ offset: true })
    .superRefine((text, ctx) => {
      const ms = Date.parse(text);
      if (!Number.isFinite(ms) || ms < MIN_TIME_MS || ms > MAX_TIME_MS) {
        ctx.addIssue({ code: 'custom', message: 'must be a date-time between the years 0001 and 9999 (UTC)', input: text });
      }
    });
}
