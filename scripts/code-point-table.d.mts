/** Writes source → targets (each at least one code point) as the compact table `decodeCodePointTable` reads. */
export function encodeCodePointTable(entries: Iterable<readonly [number, readonly number[]]>): string;
