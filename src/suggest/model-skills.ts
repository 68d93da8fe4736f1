import type { Models } from '../model/create-models.js';
import type { PromptSource } from '../model/prompt-source.js';
import { runObjectTask } from '../model/run-task.js';
import { burstReadingSchema, draftsSchema, reviewSchema, strategySchema } from './skill-schemas.js';
import { copyLanguageOf } from './stop-copy.js';
import { SKILL_TASKS, type SkillCallOptions, type SuggestSkills } from './suggest-skills.js';

const locales: Record<string, string> = { en: 'en', lt: 'lt-LT' };

const instructions = {
  readBurst: [
    'You read the latest burst of messages a dating-app match sent, to say what a reply must do.',
    'List every response obligation in the burst: direct questions, meaningful disclosures, corrections,',
    'boundaries, practical decisions, greetings. Mark exactly one as primary. For a boundary, give its scope:',
    'end_contact (they want no more messages), pause (not now), or topic (a subject to avoid, with avoidTerms).',
    'When answering needs a fact about the user that is not in the material, name its topic in needsUserFact.',
    'List callbacks (a burst message referring to an earlier one) and the topics still open.',
    'In boundaries, list every boundary the match set in any message shown, the burst or earlier, still meant to hold:',
    'its messageId, scope, a short summary, avoidTerms for a topic, and pauseDays for a pause (null when they named no term).',
    'In rulings, rule on every message listed in suspected (code found words that could set a boundary): one ruling per message,',
    'with sets (end_contact, pause, topic or none) and why (meant, joke, negated, quoted, someone_else, question, hypothetical,',
    'dislike, idiom, other_sense), pauseDays for a pause (null when no term) and avoidTerms for a topic. Decide from what they meant,',
    'not from the words: a joke, a negation, a quotation, a question or something said of someone else sets nothing.',
    'Use only message ids from the material. Do not invent content.',
  ].join(' '),
  planStrategy: [
    'You plan replies the user may send to a dating-app match. Choose the primary conversational move,',
    'the message architecture, a topic plan, the pressure level, at most one hook from the listed facts',
    '(by id) and 3 to 5 distinct directions from eligibleDirections. Write analysisSummary for the user in',
    'the requested language: why these directions fit. Never propose meeting in person. Never promise results.',
  ].join(' '),
  draftCandidates: [
    'Draft one copy-ready reply per listed direction, in the requested language, from the strategy brief.',
    'Each reply satisfies the primary obligation, acknowledges the other obligations (list their ids in handles),',
    'asks at most one question, stays compact, never invites to meet in person, never claims it was sent,',
    'and states nothing about the user beyond the listed facts (cite the fact id) or the conversation (cite the',
    'message id); about the match, cite a message id or a detail key of the match (match_detail). List every claim, including what a question presupposes (premise: true), with its source',
    'and its kind: preference (preferences and opinions), availability_or_plan, possession, experience, location, work, hobby,',
    'relationship, emotional (emotional or psychological claims), or other.',
    'Keep every rule in draftingRules. Never raise a subject listed in boundaries.',
    'The rationale explains the strategy in the requested language without quoting private material.',
    'On a redraft, avoid what failed and stay distinct from the kept replies.',
  ].join(' '),
  reviewCandidates: [
    'Review each candidate reply before the user sees it. Read every claim it makes or presupposes, of every kind: preferences and',
    'opinions, availability and plans, possessions, experience, location, work, hobbies, relationships, emotional or psychological claims.',
    'privacy: leak if the text or rationale reveals or',
    'paraphrases any item of privateMaterial. implication: unsupported if it states or presupposes something',
    'about the user not carried by the listed facts, or about the match not in the messages (a photo of holding',
    'an air pistol does not mean shooting-range experience). obligations: ignored if it skips a listed obligation',
    'or raises a subject listed in boundaries. privateJudgements: attractiveness_judgement if the text or rationale rates',
    'or weighs looks, internal_effort if it mentions how much effort the reply or the user puts in. conduct: in_person_invitation',
    'if the text proposes meeting in person in any words, promise_of_success if it promises a result, claims_sent if it says',
    'something was sent. language: wrong unless the text is in the language and the rationale in analysisLanguage, however short.',
    'drafting: every rule of draftingRules the candidate breaks, by id (generic_biography_request, elaborate_hypothetical,',
    'unnecessary_explanation, no_easy_path_forward). One verdict per candidate, by index, with a short reason.',
  ].join(' '),
};

/** Options of {@link modelSkills}. */
export interface ModelSkillsOptions {
  /** The deployment's models; each skill runs under its task name in {@link SKILL_TASKS}. */
  models: Models;
  /** The deployment's own prompts, consulted before the built-in instructions (per locale first). */
  prompts?: PromptSource;
  /** Upper bound per call in milliseconds; the task profile's own `timeoutMs` applies when smaller. */
  timeoutMs?: number;
  /** Cancels every call of these skills (each call's own `signal`, from `suggestReplies({ signal })`, cancels that call). */
  signal?: AbortSignal;
}

/** The suggestion skills on the model layer: one structured task call each, recorded, never thrown. */
export function modelSkills({ models, prompts, timeoutMs, signal }: ModelSkillsOptions): SuggestSkills {
  const common = {
    models,
    ...(prompts ? { prompts } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
  const cancel = (options: SkillCallOptions | undefined) => {
    const signals = [signal, options?.signal].filter((s): s is AbortSignal => s !== undefined);
    return signals.length === 0 ? {} : { signal: signals.length === 1 ? signals[0]! : AbortSignal.any(signals) };
  };
  // A regional tag picks its language's prompts: `lt-LT` and `lt` both read `suggest.draft.lt-LT`.
  const locale = (language: string) => locales[copyLanguageOf(language) ?? language] ?? language;
  return {
    readBurst: (input, options) =>
      runObjectTask({
        ...common,
        ...cancel(options),
        task: SKILL_TASKS.readBurst,
        locale: locale(input.language),
        schema: burstReadingSchema,
        instructions: instructions.readBurst,
        input,
      }),
    planStrategy: (input, options) =>
      runObjectTask({
        ...common,
        ...cancel(options),
        task: SKILL_TASKS.planStrategy,
        locale: locale(input.language),
        schema: strategySchema,
        instructions: instructions.planStrategy,
        input,
      }),
    draftCandidates: (input, options) =>
      runObjectTask({
        ...common,
        ...cancel(options),
        task: SKILL_TASKS.draftCandidates,
        locale: locale(input.language),
        schema: draftsSchema,
        instructions: instructions.draftCandidates,
        input,
      }),
    reviewCandidates: (input, options) =>
      runObjectTask({
        ...common,
        ...cancel(options),
        task: SKILL_TASKS.reviewCandidates,
        locale: locale(input.language),
        schema: reviewSchema,
        instructions: instructions.reviewCandidates,
        input,
      }),
  };
}
