/** The segments of a source map's `mappings`, one array per generated line, fields absolute. */
export function decodeMappings(mappings: string): number[][][];
/** `mappings` text for absolute segments without names. */
export function encodeMappings(lines: number[][][]): string;
/** Each generated line's segments, one per run of the same source and line, without names. */
export function toLines(lines: number[][][]): number[][][];
/** A source map mapped to the line, without its sources' text or names. */
export function lineSourceMap<M extends { mappings: string; names?: string[]; sourcesContent?: unknown }>(
  map: M,
): Omit<M, 'sourcesContent'> & { names: string[]; mappings: string };
