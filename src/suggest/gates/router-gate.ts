import { defineGate, type Route } from '../gate.js';
import type { Direction } from '../skill-schemas.js';
import { copyLanguageOf } from '../stop-copy.js';
import { stopState } from '../suggestion-result.js';

/** The directions each ruleset allows (the diversity contract names them). */
export const ELIGIBLE_DIRECTIONS: Readonly<Record<Route['ruleset'], readonly Direction[]>> = {
  opener: ['unusual_opener_presentation', 'playful_shared_premise', 'true_self_disclosure_and_bridge', 'acknowledge_and_specific_question'],
  reply: [
    'direct_answer_and_callback',
    'acknowledge_and_specific_question',
    'playful_shared_premise',
    'true_self_disclosure_and_bridge',
    'optional_social_exchange',
  ],
  // After silence: light, no pressure, nothing that demands an answer.
  re_entry: ['playful_shared_premise', 'optional_social_exchange', 'acknowledge_and_specific_question'],
  // After a plan was proposed: answer and keep it easy; no new invitation.
  cta_follow_up: ['direct_answer_and_callback', 'acknowledge_and_specific_question', 'optional_social_exchange'],
};

/** Obligation kinds no candidate may ignore (the timeline gate). */
export const REQUIRED_OBLIGATION_KINDS = new Set(['direct_question', 'disclosure', 'correction', 'boundary', 'decision']);

/**
 * Router gate: an eligible task; `en` or `lt` from the root language; effort; ruleset; response
 * obligations; no unresolved required context (a photo in the burst, a question about the user
 * that no disclosable fact answers); no stop state (a Wiki blocker that applies closes).
 */
export const routerGate = defineGate('router', ({ match, state, copy }) => {
  const language = copyLanguageOf(match.language);
  if (!language) {
    return {
      decision: 'stop',
      reason: 'unsupported_language',
      stop: stopState('clarification', copy.unsupportedLanguageSummary(match.language), copy.unsupportedLanguageQuestion),
      detail: { language: match.language },
    };
  }
  state.language = language;
  const event = state.event;
  if (!event?.task) throw new Error('router gate reached without an eligible task: the event gate must stop first');
  const task = event.task;

  const blockers = state.propertyInterpretations.filter((i) => i.applies && i.label === 'blocker').map((i) => i.path);
  if (blockers.length > 0) return { decision: 'stop', reason: 'blocker_applies', stop: stopState('close', copy.blocker(blockers)), detail: { blockers } };

  const timeline = state.timeline;
  const unanswered = timeline && !timeline.answered ? timeline.matchBurst : [];
  if (unanswered.some((m) => m.kind === 'photo')) {
    return {
      decision: 'stop',
      reason: 'photo_in_burst',
      stop: stopState('clarification', copy.photoSummary, copy.photoQuestion),
      detail: { photos: unanswered.filter((m) => m.kind === 'photo').map((m) => m.id) },
    };
  }

  const ruleset: Route['ruleset'] = task === 'reply' && event.state === 'cta' ? 'cta_follow_up' : task;
  const base = { language, task, ruleset };
  const reading = timeline?.reading ?? null;
  if (unanswered.length > 0 && reading === null) return { decision: 'needs_model', reason: 'obligations_need_model', detail: base };

  const obligations = unanswered.length > 0 ? (reading?.obligations ?? []) : [];
  const selectedTopics = new Set(state.profile?.selected.flatMap((f) => f.topics) ?? []);
  const missing = obligations.find((o) => o.needsUserFact !== null && !selectedTopics.has(o.needsUserFact.toLowerCase()));
  if (missing?.needsUserFact) {
    return {
      decision: 'stop',
      reason: 'missing_user_fact',
      stop: stopState('clarification', copy.missingFactSummary(missing.needsUserFact), copy.missingFactQuestion(missing.needsUserFact)),
      detail: { ...base, obligation: missing.id, topic: missing.needsUserFact },
    };
  }
  const effort: Route['effort'] =
    obligations.length >= 3 || unanswered.length >= 3 ? 'deep' : obligations.length <= 1 && unanswered.length <= 1 ? 'light' : 'standard';
  const boundaries = state.boundaries?.topics ?? [];
  state.route = { task, language, effort, ruleset, obligations, boundaries, eligibleDirections: ELIGIBLE_DIRECTIONS[ruleset] };
  return {
    decision: 'pass',
    reason: 'route_settled',
    detail: {
      ...base,
      effort,
      obligations: obligations.map((o) => o.id),
      required: obligations.filter((o) => REQUIRED_OBLIGATION_KINDS.has(o.kind)).map((o) => o.id),
    },
  };
});
