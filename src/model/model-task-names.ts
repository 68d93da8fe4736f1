/**
 * Every task name Warrant's own layers call a model under: the turn's tasks and the suggestion
 * skills. The environment reader needs the list because a task's name can end in a profile
 * suffix: `WARRANT_MODEL_SUGGEST_REVIEW` names the model of the task `suggest.review`, not the
 * `_REVIEW` on/off setting of a task called `suggest`. Hosts calling their own task names pass
 * them to `modelSettingsFromEnv` beside these.
 */
export const MODEL_TASK_NAMES = [
  'understand',
  'understand.verify',
  'answer',
  'acknowledge',
  'review',
  'suggest.burst',
  'suggest.strategy',
  'suggest.draft',
  'suggest.review',
  'probe',
] as const;
