import type { CopyTexts } from '../copy/index.js';

/** «a, b and c» in the turn's language. */
export function joinList(items: readonly string[], copy: CopyTexts): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(copy.composition.listSeparator)}${copy.composition.listLastSeparator}${items.at(-1)}`;
}
