import { InputError } from '../errors.js';
import { isWireText } from '../wire-string.js';

/** Bumped when a cursor's form changes, so an old cursor is refused instead of misread. */
const VERSION = 'v2';

/** Longest cursor accepted: a position is an id or two, never kilobytes. */
const MAX_CURSOR_LENGTH = 1024;

/** The listings that issue cursors; a cursor of one is refused by the other. */
export type CursorListing = 'effects' | 'turns' | 'suggestions' | 'evidence-export';

/**
 * Encodes a page's position as an opaque cursor: base64url of `[version, listing, ...position]`.
 * The position is made only of the tenant's own data (the last row's id, or its commit time and
 * id), never of anything shared across tenants such as a global sequence, so a cursor reveals
 * nothing a tenant could not already see in its own listing, and a tampered one can move only
 * within that tenant's rows (every query filters on the tenant). Built from the row itself, it
 * works across replicas sharing one store with no secret to share.
 */
export function encodeCursor(listing: CursorListing, position: readonly string[]): string {
  return Buffer.from(JSON.stringify([VERSION, listing, ...position]), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by {@link encodeCursor} for `listing`, returning its position once
 * `isPosition` accepts it; anything else — not base64url, not this version, another listing's,
 * tampered into a shape or value this listing cannot use — is refused at `$.cursor`.
 */
export function decodeCursor(cursor: string, listing: CursorListing, isPosition: (position: readonly string[]) => boolean): readonly string[] {
  const refuse = (message: string) => new InputError('query', [{ path: '$.cursor', message }]);
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw refuse('not a cursor this server issued');
  }
  let parts: unknown;
  try {
    parts = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(cursor, 'base64url')));
  } catch {
    throw refuse('not a cursor this server issued');
  }
  if (!Array.isArray(parts) || parts[0] !== VERSION || !parts.every((p): p is string => typeof p === 'string' && isWireText(p))) {
    throw refuse('not a cursor this server issued');
  }
  if (parts[1] !== listing) throw refuse('not a cursor of this listing');
  const position = parts.slice(2) as string[];
  if (!isPosition(position)) throw refuse('not a cursor of this listing');
  return position;
}
