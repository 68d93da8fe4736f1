import { randomBytes } from 'node:crypto';

let lastMs = 0;
let lastTail = 0n;
const TAIL_MAX = (1n << 64n) - 1n;

/**
 * A new record id: `prefix` + 12 hex digits of the millisecond clock + 16 hex digits that are
 * random at each new millisecond and count up within one. Ids therefore sort in creation order
 * within a process (and by millisecond across replicas), which is what keeps cursor pagination
 * stable: a listing ordered by id never reshuffles while new records arrive.
 */
export function newRecordId(prefix: string, nowMs: number = Date.now()): string {
  let ms = Math.max(nowMs, lastMs);
  let tail: bigint;
  if (ms === lastMs) {
    tail = lastTail + 1n;
    if (tail > TAIL_MAX) {
      ms += 1;
      tail = randomTail();
    }
  } else {
    tail = randomTail();
  }
  lastMs = ms;
  lastTail = tail;
  return `${prefix}${ms.toString(16).padStart(12, '0')}${tail.toString(16).padStart(16, '0')}`;
}

/** The millisecond a {@link newRecordId} id was made at, or `undefined` when `id` is not one. */
export function recordIdTime(id: string, prefix: string): number | undefined {
  if (!id.startsWith(prefix)) return undefined;
  const body = id.slice(prefix.length);
  if (!/^[0-9a-f]{28}$/.test(body)) return undefined;
  return Number.parseInt(body.slice(0, 12), 16);
}

function randomTail(): bigint {
  // The top bit stays clear so a millisecond has room for 2^63 increments before it rolls over.
  return randomBytes(8).readBigUInt64BE() >> 1n;
}
