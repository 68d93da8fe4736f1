import { random } from './measure.js';

/**
 * The large contract `contract-large` and `contract-folded` share: 2,000 forbidden terms of 2–6
 * CJK characters, and a 4,000-character reply drawn from the same characters (so partial matches
 * are frequent) with a few of the terms planted in it. Seeded, so every run measures the same.
 */
export function largeContract() {
  const next = random(2026);
  const alphabet = Array.from({ length: 1500 }, (_, i) => String.fromCharCode(0x4e00 + i * 7));
  const pick = () => alphabet[Math.floor(next() * alphabet.length)]!;
  const termSet = new Set<string>();
  while (termSet.size < 2000) termSet.add(Array.from({ length: 2 + Math.floor(next() * 5) }, pick).join(''));
  return {
    forbidden: [...termSet],
    fallback: '這則回覆需要真人確認，請稍候。',
    /** The reply, with terms of `planted` planted in it (call once, after the contract is built). */
    candidate(planted: readonly string[]): string {
      let candidate = '';
      while (candidate.length < 4000) {
        candidate += next() < 0.002 ? planted[Math.floor(next() * planted.length)] : next() < 0.1 ? '，' : pick();
      }
      // Built by concatenation, the string is a rope; candidates arrive flat (from JSON or a
      // model's response), so flatten it as they would be, for every contender alike.
      return JSON.parse(JSON.stringify(candidate.slice(0, 4000))) as string;
    },
  };
}

/** Bytes in use after two collections (with `--expose-gc`): the heap and array buffers, since typed arrays live outside the heap. */
export function bytesInUse(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
