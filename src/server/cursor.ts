import { InputError } from '../errors.js';

const VERSION = 'v1.';

/**
 * Encodes the last id of a page as an opaque cursor. Clients pass it back unchanged; its form
 * may change, which is why it is opaque (the `v1.` inside lets an old cursor be recognised).
 */
export function encodeCursor(lastId: string): string {
  return Buffer.from(VERSION + lastId, 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor}; anything else is refused at `$.cursor`. */
export function decodeCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!text.startsWith(VERSION) || text.length === VERSION.length) {
    throw new InputError('query', [{ path: '$.cursor', message: 'not a cursor this server issued' }]);
  }
  return text.slice(VERSION.length);
}
