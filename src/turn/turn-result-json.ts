import type { TurnResult } from './turn-result.js';

/**
 * Keys whose values are the host's own data (an act's values), carried through unchanged in both
 * directions: their keys are the workflow's, not ours.
 */
const OPAQUE = new Set(['values']);

/** The wire form of a {@link TurnResult}: the same document with snake_case keys. */
export type TurnResultJson = Record<string, unknown>;

/**
 * The one boundary between the library's camelCase turn result and its snake_case JSON: what
 * is persisted with the turn, printed by `warrant turn --json` and served by the sidecar.
 */
export function turnResultToJson(result: TurnResult): TurnResultJson {
  return convertKeys(result, toSnake) as TurnResultJson;
}

/** Reads a persisted turn result back (the inverse of {@link turnResultToJson}). */
export function turnResultFromJson(json: unknown): TurnResult {
  return convertKeys(json, toCamel) as TurnResult;
}

function convertKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const renamed = rename(key);
      return [renamed, OPAQUE.has(key) || OPAQUE.has(renamed) ? v : convertKeys(v, rename)];
    }),
  );
}

function toSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function toCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
