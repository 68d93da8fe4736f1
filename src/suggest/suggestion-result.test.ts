import { describe, expect, it } from 'vitest';
import { stopState, suggestionResultJsonSchema, suggestionResultSchema } from './suggestion-result.js';

const suggestion = { text: 'Hi', rationale: 'Why' };

describe('application result', () => {
  it('result: a stop state has exactly the four root properties and no suggestions', () => {
    for (const stop of [stopState('hold', 'wait'), stopState('close', 'end'), stopState('clarification', 'why', 'what?')]) {
      expect(Object.keys(stop).sort()).toEqual(['analysisSummary', 'question', 'resultType', 'suggestions']);
      expect(stop.suggestions).toEqual([]);
      expect(suggestionResultSchema.safeParse(stop).success).toBe(true);
    }
  });

  it('result: a stop state cannot carry suggestions', () => {
    expect(suggestionResultSchema.safeParse({ ...stopState('hold', 'wait'), suggestions: [suggestion] }).success).toBe(false);
  });

  it('result: suggestions are 3–5, each exactly text and rationale, with an empty question', () => {
    const ok = { resultType: 'suggestions', analysisSummary: 'a', question: '', suggestions: [suggestion, suggestion, suggestion] };
    expect(suggestionResultSchema.safeParse(ok).success).toBe(true);
    expect(suggestionResultSchema.safeParse({ ...ok, suggestions: [suggestion, suggestion] }).success).toBe(false);
    expect(suggestionResultSchema.safeParse({ ...ok, suggestions: Array(6).fill(suggestion) }).success).toBe(false);
    expect(suggestionResultSchema.safeParse({ ...ok, suggestions: [{ ...suggestion, tone: 'x' }, suggestion, suggestion] }).success).toBe(false);
    expect(suggestionResultSchema.safeParse({ ...ok, question: 'why?' }).success).toBe(false);
    expect(suggestionResultSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });

  it('result: only clarification carries a question, and it must have one', () => {
    expect(suggestionResultSchema.safeParse({ ...stopState('hold', 'w'), question: 'q' }).success).toBe(false);
    expect(suggestionResultSchema.safeParse({ resultType: 'clarification', analysisSummary: 'a', question: '', suggestions: [] }).success).toBe(false);
  });

  it('result: its JSON Schema is a union over resultType', () => {
    expect(JSON.stringify(suggestionResultJsonSchema())).toContain('clarification');
  });
});
