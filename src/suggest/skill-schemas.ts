import { z } from 'zod';
import { CRAFT_RULES, PRIVATE_JUDGEMENT_RULES } from './drafting-rules.js';

/** What the latest burst asks of a reply, as the burst-reading skill names it. */
export const obligationSchema = z.strictObject({
  /** Short id the drafts refer to, e.g. `o1`. */
  id: z.string().min(1),
  kind: z.enum(['direct_question', 'disclosure', 'correction', 'boundary', 'decision', 'greeting', 'other']),
  /** The message it comes from (an id in this match). */
  messageId: z.string().min(1),
  /** What the match said or asked, in a few words. */
  summary: z.string(),
  /** The one primary obligation every candidate must satisfy. */
  primary: z.boolean(),
  /** A boundary's scope: `end_contact` closes, `pause` holds, `topic` keeps its terms out of copy. */
  boundary: z.enum(['end_contact', 'pause', 'topic']).nullable(),
  /** For a `topic` boundary: the words the match asked not to discuss. */
  avoidTerms: z.array(z.string()),
  /** A profile topic (e.g. `work`) whose fact the user must supply before anyone can answer; `null` if none. */
  needsUserFact: z.string().nullable(),
});

/** A callback: a burst message that refers to an earlier message. */
export const callbackSchema = z.strictObject({
  messageId: z.string().min(1),
  refersTo: z.string().min(1),
  certainty: z.enum(['explicit', 'probable']),
});

/** A boundary the match set in any message the reader was shown, burst or earlier. */
export const boundaryReadingSchema = z.strictObject({
  messageId: z.string().min(1),
  scope: z.enum(['end_contact', 'pause', 'topic']),
  /** What the match asked, in a few words. */
  summary: z.string(),
  /** For a topic: the words the match asked not to discuss. */
  avoidTerms: z.array(z.string()),
  /** For a pause: how many days the match asked for; `null` when they named no term. */
  pauseDays: z.number().int().min(1).max(365).nullable(),
});

/**
 * Why a message the reader ruled on does or does not set a boundary: `meant` (it does), or the
 * reason its words do not mean one (a joke, a negation, a quotation, said of someone else, a
 * question, a hypothetical, a dislike, an idiom, the words in another sense).
 */
export const RULING_REASONS = ['meant', 'joke', 'negated', 'quoted', 'someone_else', 'question', 'hypothetical', 'dislike', 'idiom', 'other_sense'] as const;

/**
 * The reader's ruling on one message code suspected (W12): whether it sets a boundary and of which
 * scope and term. Every suspected message needs one: a suspicion left unruled fails the reading.
 */
export const boundaryRulingSchema = z.strictObject({
  messageId: z.string().min(1),
  /** The boundary the message sets, or `none`. */
  sets: z.enum(['end_contact', 'pause', 'topic', 'none']),
  why: z.enum(RULING_REASONS),
  /** For a pause: the days it asks for; `null` when no term is named. */
  pauseDays: z.number().int().min(1).max(365).nullable(),
  /** For a topic: the words the match asked not to discuss. */
  avoidTerms: z.array(z.string()),
});

/** The burst-reading skill's answer: obligations, callbacks, the active topics, every boundary and a ruling per suspected message. */
export const burstReadingSchema = z.strictObject({
  obligations: z.array(obligationSchema),
  callbacks: z.array(callbackSchema),
  /** Topics still open in the conversation (parallel threads), lower case. */
  topics: z.array(z.string()),
  /** Boundaries set anywhere in the messages shown: in the burst or earlier. */
  boundaries: z.array(boundaryReadingSchema),
  /**
   * One ruling per message listed in the input's `suspected` (recorded in the evidence). A reading
   * recorded before rulings existed reads as none given, which fails a request with suspicions.
   */
  rulings: z.array(boundaryRulingSchema).default([]),
});

/** Candidate directions the diversity contract names; a ruleset allows a subset. */
export const DIRECTIONS = [
  'direct_answer_and_callback',
  'acknowledge_and_specific_question',
  'playful_shared_premise',
  'true_self_disclosure_and_bridge',
  'unusual_opener_presentation',
  'optional_social_exchange',
] as const;
/** A named candidate direction. */
export type Direction = (typeof DIRECTIONS)[number];

/** The strategy skill's answer: the brief every draft is written from. */
export const strategySchema = z.strictObject({
  /** A short analysis for the user, in the copy language. Audited like copy. */
  analysisSummary: z.string(),
  primaryMove: z.string().min(1),
  /** How the message is built, e.g. `answer, then one light question`. */
  architecture: z.string().min(1),
  topicPlan: z.array(z.string()),
  pressure: z.enum(['low', 'medium', 'high']),
  /** The permitted hook or self-disclosure: a selected profile fact, or none. */
  hookFactId: z.string().nullable(),
  /** The diversity plan: one direction per candidate, at least three distinct. */
  directions: z.array(z.enum(DIRECTIONS)).min(3).max(5),
});

/** Where a claim comes from: a profile fact, a message or profile detail of this match, or nowhere. */
export const claimSourceSchema = z.strictObject({
  kind: z.enum(['profile_fact', 'match_message', 'match_detail', 'none']),
  /** The fact's or message's id, the detail's key; empty for `none`. */
  id: z.string(),
});

/**
 * The kinds of claim the factual-implication audit extracts (seed 001): preferences and opinions,
 * availability and plans, possessions, experience, location, work, hobbies, relationships, and
 * emotional or psychological claims; `other` for a fact of none of these kinds. Who the claim is
 * about (the user, the match, shared history) is the claim's `about`.
 */
export const CLAIM_KINDS = [
  'preference',
  'availability_or_plan',
  'possession',
  'experience',
  'location',
  'work',
  'hobby',
  'relationship',
  'emotional',
  'other',
] as const;

/** One conceptual claim a candidate makes or presupposes. */
export const claimSchema = z.strictObject({
  claim: z.string().min(1),
  /** Which kind of claim it is (see {@link CLAIM_KINDS}): every kind needs a source alike. */
  kind: z.enum(CLAIM_KINDS),
  about: z.enum(['user', 'match', 'shared']),
  /** True when a question presupposes it rather than states it. */
  premise: z.boolean(),
  source: claimSourceSchema,
});

/** One drafted candidate with its direction, the obligations it handles and its claims. */
export const draftSchema = z.strictObject({
  direction: z.enum(DIRECTIONS),
  text: z.string(),
  rationale: z.string(),
  /** Ids of the obligations this candidate satisfies. */
  handles: z.array(z.string()),
  claims: z.array(claimSchema),
});

/** The drafting skill's answer. */
export const draftsSchema = z.strictObject({ candidates: z.array(draftSchema).min(1).max(5) });

/**
 * The model review of one candidate: the meaning-level half of the privacy, implication,
 * obligations, conduct and language audits, and the whole of the drafting audit. Every field is
 * required: nothing passes because the reviewer left a verdict out.
 */
export const reviewVerdictSchema = z.strictObject({
  index: z.number().int().min(0),
  privacy: z.enum(['clean', 'leak']),
  /** Private judgements the copy or rationale reveals: of attractiveness, of internal effort. */
  privateJudgements: z.array(z.enum(PRIVATE_JUDGEMENT_RULES)),
  implication: z.enum(['clean', 'unsupported']),
  obligations: z.enum(['handled', 'ignored']),
  /** An in-person invitation, a promise it will work, or a claim it was sent, in any phrasing. */
  conduct: z.enum(['clean', 'in_person_invitation', 'promise_of_success', 'claims_sent']),
  /** Whether the text is in the copy language and the rationale in the analysis language, however short. */
  language: z.enum(['correct', 'wrong']),
  /** The drafting rules the candidate breaks (see `DRAFTING_RULES`). */
  drafting: z.array(z.enum(CRAFT_RULES)),
  reason: z.string(),
});

/** The review skill's answer: one verdict per candidate shown. */
export const reviewSchema = z.strictObject({ verdicts: z.array(reviewVerdictSchema) });

/** Obligations, callbacks and topics of the latest burst. */
export type BurstReading = z.output<typeof burstReadingSchema>;
/** One response obligation. */
export type Obligation = z.output<typeof obligationSchema>;
/** The reader's ruling on one suspected message. */
export type BoundaryRuling = z.output<typeof boundaryRulingSchema>;
/** One boundary the reader found. */
export type BoundaryReading = z.output<typeof boundaryReadingSchema>;
/** One callback to an earlier message. */
export type Callback = z.output<typeof callbackSchema>;
/** The strategy brief. */
export type Strategy = z.output<typeof strategySchema>;
/** One drafted candidate. */
export type Draft = z.output<typeof draftSchema>;
/** One claim of a candidate. */
export type Claim = z.output<typeof claimSchema>;
/** The drafting skill's answer. */
export type Drafts = z.output<typeof draftsSchema>;
/** The review of one candidate. */
export type ReviewVerdict = z.output<typeof reviewVerdictSchema>;
/** The review skill's answer. */
export type Review = z.output<typeof reviewSchema>;
