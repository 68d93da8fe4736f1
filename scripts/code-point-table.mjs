/**
 * Writes a table of code points in the form src/contract/code-point-table.ts reads
 * (`decodeCodePointTable`, where the form is described): for the generated data of the contract
 * layer (regenerate-folding-data.mjs, regenerate-han-variants.mjs).
 *
 * @param {Iterable<readonly [number, readonly number[]]>} entries source → targets (at least one), any order
 * @returns {string}
 */
export function encodeCodePointTable(entries) {
  const sorted = [...entries].sort((a, b) => a[0] - b[0]);
  let source = 0;
  let first = 0;
  return sorted
    .map(([from, to]) => {
      if (to.length === 0) throw new Error(`code point ${from.toString(16)} has no target`);
      const step = from - source;
      const text = `${step === 1 ? '' : step.toString(36)}:${[to[0] - first, ...to.slice(1)].map((n) => n.toString(36)).join(' ')}`;
      source = from;
      first = to[0];
      return text;
    })
    .join(';');
}
