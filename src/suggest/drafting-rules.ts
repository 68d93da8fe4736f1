/**
 * The drafting rules no code check can judge, each with a stable id. Every draft is
 * written under them (they travel in the drafting brief, so a deployment's own prompt cannot
 * drop them) and the model review names each one a candidate breaks.
 */
export const DRAFTING_RULES = {
  generic_biography_request:
    'Ask nothing a profile form would ask ("what do you do?", "tell me about yourself", "where are you from?"); build on what was said.',
  elaborate_hypothetical: 'No elaborate hypothetical scenarios ("imagine we were stranded on an island…", "if you could live anywhere…").',
  unnecessary_explanation: 'No unnecessary explanations: do not explain why you ask, why you write, or what the reply is trying to do.',
  no_easy_path_forward: 'Where it fits, offer one easy path forward: one light opening the match can take or leave, never several at once.',
  attractiveness_judgement:
    'Keep judgements of attractiveness private: no rating or weighing of looks ("you are a 10", "out of my league"), in copy or rationale.',
  internal_effort: 'Keep internal effort private: never mention how much effort the reply or the user puts in ("a low-effort reply", "I spent ages on this").',
} as const;

/** One drafting rule's id. */
export type DraftingRule = keyof typeof DRAFTING_RULES;

/** The rules about how a reply is written (the review's `drafting` verdict). */
export const CRAFT_RULES = ['generic_biography_request', 'elaborate_hypothetical', 'unnecessary_explanation', 'no_easy_path_forward'] as const;
/** The rules about what stays private (the review's `privateJudgements` verdict). */
export const PRIVATE_JUDGEMENT_RULES = ['attractiveness_judgement', 'internal_effort'] as const;
