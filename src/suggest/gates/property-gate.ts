import { defineGate, type PropertyInterpretation } from '../gate.js';

/** Strings compare trimmed and case-insensitively; numbers and booleans exactly, never across types. */
function sameValue(a: string | number | boolean, b: string | number | boolean): boolean {
  return typeof a === 'string' && typeof b === 'string' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b;
}

/**
 * Property gate: resolves each Wiki path against the Match's exact observed value. Only the path,
 * the value and whether the label applies enter the pipeline state; the user's wording stays in
 * the Wiki, apart from Match data, and never reaches a skill or copy (W7).
 */
export const propertyGate = defineGate('property', ({ match, wiki, state }) => {
  const interpretations: PropertyInterpretation[] = wiki.entries.map((entry) => {
    const key = entry.path.slice('details.'.length);
    const observed = Object.hasOwn(match.details, key) ? (match.details[key] ?? null) : null;
    const applies = observed !== null && (entry.value === null || sameValue(entry.value, observed));
    return { path: entry.path, observed, label: entry.label, applies };
  });
  state.propertyInterpretations = interpretations;
  const applying = interpretations.filter((i) => i.applies);
  return {
    decision: 'pass',
    reason: applying.length > 0 ? 'interpretations_resolved' : 'no_interpretation_applies',
    detail: {
      resolved: applying.map((i) => ({ path: i.path, observed: i.observed, label: i.label })),
      notObserved: interpretations.filter((i) => !i.applies).map((i) => i.path),
    },
  };
});
