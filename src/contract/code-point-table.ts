/**
 * Reads a table of code points as the generators write it (scripts/code-point-table.mjs, which
 * also writes it): `;`-separated entries `SOURCE:TARGET TARGET…` of base-36 numbers, sorted by
 * source. Each entry's source is written as its distance from the previous entry's source (empty
 * for 1), its first target as its distance from the previous entry's first target (negative with
 * `-`), any further target as itself; the first entry counts from 0. Neighbouring entries mostly
 * differ by the same small steps (`A`→`a`, `B`→`b`…), so the package's gzip packs the table into
 * about half what hexadecimal code points took.
 *
 * Returns source → its targets as a string, in the table's order.
 */
export function decodeCodePointTable(data: string): Map<number, string> {
  const map = new Map<number, string>();
  let source = 0;
  let first = 0;
  if (data === '') return map;
  for (const entry of data.split(';')) {
    const colon = entry.indexOf(':');
    source += colon === 0 ? 1 : Number.parseInt(entry.slice(0, colon), 36);
    const targets = entry.slice(colon + 1).split(' ');
    first += Number.parseInt(targets[0]!, 36);
    let text = String.fromCodePoint(first);
    for (let i = 1; i < targets.length; i++) text += String.fromCodePoint(Number.parseInt(targets[i]!, 36));
    map.set(source, text);
  }
  return map;
}
