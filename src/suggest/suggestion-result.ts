import { z } from 'zod';

/** One copy-ready suggestion: exactly `text` and `rationale`. */
export const suggestionSchema = z.strictObject({
  text: z.string().min(1),
  rationale: z.string().min(1),
});

const stopFields = {
  analysisSummary: z.string().min(1),
  suggestions: z.tuple([]),
};

/**
 * The application result: a discriminated union on `resultType`, camelCase, exactly
 * four root properties. Stop states carry no suggestions; only `clarification` carries a question.
 */
export const suggestionResultSchema = z.discriminatedUnion('resultType', [
  z.strictObject({
    resultType: z.literal('suggestions'),
    analysisSummary: z.string().min(1),
    question: z.literal(''),
    suggestions: z.array(suggestionSchema).min(3).max(5),
  }),
  z.strictObject({ resultType: z.literal('clarification'), question: z.string().min(1), ...stopFields }),
  z.strictObject({ resultType: z.literal('hold'), question: z.literal(''), ...stopFields }),
  z.strictObject({ resultType: z.literal('close'), question: z.literal(''), ...stopFields }),
]);

/** The application result: suggestions, or one of the three stop states. */
export type SuggestionResult = z.output<typeof suggestionResultSchema>;
/** One suggestion of a `suggestions` result. */
export type Suggestion = z.output<typeof suggestionSchema>;
/** A result that writes no message: `clarification`, `hold` or `close`. */
export type StopState = Exclude<SuggestionResult, { resultType: 'suggestions' }>;
/** The kind of a stop state. */
export type StopKind = StopState['resultType'];

/**
 * Builds a stop state. `question` is kept only for `clarification`, where it is required: the
 * smallest question whose answer unlocks generation.
 */
export function stopState(kind: 'clarification', analysisSummary: string, question: string): StopState;
export function stopState(kind: 'hold' | 'close', analysisSummary: string): StopState;
export function stopState(kind: StopKind, analysisSummary: string, question = ''): StopState {
  if (kind === 'clarification') return { resultType: kind, analysisSummary, question, suggestions: [] };
  return { resultType: kind, analysisSummary, question: '', suggestions: [] };
}

/** The JSON Schema of the application result, for hosts in other languages. */
export function suggestionResultJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(suggestionResultSchema) as Record<string, unknown>;
}
