import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveEventState } from './event-state.js';
import type { Match, MatchMessage } from './match.js';
import { suggestReplies } from './suggest-replies.js';
import { textSimilarity } from './text-similarity.js';

const H = 3_600_000;
const T0 = Date.parse('2026-10-01T00:00:00Z');

/** A random timeline: authors and gaps in hours, with likes. */
const timeline = fc.array(
  fc.record({ author: fc.constantFrom('user' as const, 'match' as const), gapHours: fc.integer({ min: 0, max: 200 }), liked: fc.boolean() }),
  { maxLength: 12 },
);
const status = fc.constantFrom('open' as const, 'cta' as const, 'closed' as const);

function toMatch(steps: { author: 'user' | 'match'; gapHours: number; liked: boolean }[], s: Match['status']): Match {
  let t = T0;
  const messages: MatchMessage[] = steps.map((step, i) => {
    t += step.gapHours * H;
    return { id: `m${i}`, author: step.author, kind: 'text', text: 'hello there', sentAt: t, liked: step.liked, replyTo: null };
  });
  return { id: 'p', language: 'en', status: s, messages, details: {}, checkList: [], summary: '', aiGenerations: [] };
}

describe('properties', () => {
  it('event: a stop and a task never come together, and a used re-entry never allows another message', () => {
    fc.assert(
      fc.property(timeline, status, fc.integer({ min: 0, max: 400 }), (steps, s, laterHours) => {
        const match = toMatch(steps, s);
        const last = match.messages.at(-1)?.sentAt ?? T0;
        const reading = resolveEventState(match, last + laterHours * H);
        expect(reading.task === null).toBe(reading.stop !== null);
        if (reading.reEntries >= 1) expect(reading.task).toBeNull();
        if (s === 'closed') expect(reading).toMatchObject({ state: 'closed', stop: 'close' });
      }),
    );
  });

  it('W2: without a model no timeline ever yields suggestions, and every gate that ran left a record', async () => {
    await fc.assert(
      fc.asyncProperty(timeline, status, fc.integer({ min: 0, max: 400 }), async (steps, s, laterHours) => {
        const match = toMatch(steps, s);
        const { result, evidence } = await suggestReplies({ match, now: (match.messages.at(-1)?.sentAt ?? T0) + laterHours * H });
        expect(result.resultType).not.toBe('suggestions');
        expect(result.suggestions).toEqual([]);
        expect(evidence.gates.length).toBeGreaterThanOrEqual(4);
        expect(evidence.calls).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('diversity: similarity ignores punctuation, case and word order', () => {
    const word = fc.stringMatching(/^[a-ząčęėįšųūž]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 10 }), fc.constantFrom('!', '?', '...', ','), (ws, mark) => {
        const a = ws.join(' ');
        const b = [...ws]
          .reverse()
          .map((w) => w.toUpperCase() + mark)
          .join(' ');
        expect(textSimilarity(a, b)).toBe(1);
      }),
    );
  });
});
