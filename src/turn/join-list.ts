import type { CopyTexts } from '../copy/index.js';

/**
 * «a, b and c» in the turn's language; with `alternatives`, «a, b or c» — for choices such as a
 * card's buttons, where "and" would ask the user to press every one.
 */
export function joinList(items: readonly string[], copy: CopyTexts, { alternatives = false } = {}): string {
  if (items.length <= 1) return items.join('');
  const last = alternatives ? copy.composition.listLastAlternative : copy.composition.listLastSeparator;
  return `${items.slice(0, -1).join(copy.composition.listSeparator)}${last}${items.at(-1)}`;
}
