import type { WorkflowDefinition } from './workflow.js';

/**
 * Every text of `workflow` that has no entry for one of `locales`, named as
 * `{workflow}.{where} in {locale}` (e.g. `trip.receipts.traveler_added in it`). The noun may be
 * absent altogether (the key stands in), but once declared it needs every locale.
 */
export function missingWorkflowText(workflow: WorkflowDefinition, locales: readonly string[]): string[] {
  const out: string[] = [];
  const check = (where: string, texts: Readonly<Record<string, unknown>> | undefined) => {
    if (!texts) return;
    for (const locale of locales) {
      const language = locale.split(/[-_]/)[0] ?? locale;
      const value = texts[locale] ?? texts[language];
      if (value === undefined || value === '') out.push(`${workflow.key}.${where} in ${locale}`);
    }
  };
  check('noun', workflow.noun);
  for (const [key, op] of Object.entries(workflow.operations)) {
    check(`operations.${key}.label`, op.label);
    for (const [field, names] of Object.entries(op.fields ?? {})) check(`operations.${key}.fields.${field}`, names);
    for (const [field, values] of Object.entries(op.choices ?? {})) {
      for (const [value, names] of Object.entries(values)) check(`operations.${key}.choices.${field}.${value}`, names);
    }
  }
  for (const [type, receipt] of Object.entries(workflow.receipts)) check(`receipts.${type}`, receipt);
  for (const obligation of workflow.obligations ?? []) check(`obligations.${obligation.key}.sentence`, obligation.sentence);
  (workflow.nextSteps ?? []).forEach((step, i) => check(`nextSteps[${i}]`, step));
  for (const card of workflow.cards ?? []) {
    check(`cards.${card.key}.title`, card.title);
    for (const button of card.buttons) check(`cards.${card.key}.buttons.${button.key}.label`, button.label);
  }
  for (const submission of workflow.submissions ?? []) check(`submissions.${submission.key}.label`, submission.label);
  for (const [phase, text] of Object.entries(workflow.guidance ?? {})) check(`guidance.${phase}`, text);
  return out;
}
