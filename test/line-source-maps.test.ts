import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMappings, encodeMappings, lineSourceMap, toLines } from '../scripts/line-source-maps.mjs';

/** The source and line a place maps to, as a stack trace reads it: the last segment at or before its column. */
function lookup(lines: number[][][], line: number, column: number): string {
  let found = 'none';
  for (const segment of lines[line] ?? []) {
    if (segment[0]! > column) break;
    found = segment.length >= 4 ? `${segment[1]}:${segment[2]}` : 'none';
  }
  return found;
}

/** Generated lines of segments in column order, mapped (source, line, column, maybe a name) or not. */
const generatedLines = fc.array(
  fc
    .array(
      fc.oneof(
        { weight: 1, arbitrary: fc.tuple(fc.nat(400)) },
        { weight: 6, arbitrary: fc.tuple(fc.nat(400), fc.nat(3), fc.nat(200), fc.nat(120)) },
        { weight: 3, arbitrary: fc.tuple(fc.nat(400), fc.nat(3), fc.nat(200), fc.nat(120), fc.nat(50)) },
      ),
      { maxLength: 40 },
    )
    .map((segments) => {
      const byColumn = new Map(segments.map((s) => [s[0], s as number[]]));
      return [...byColumn.values()].sort((a, b) => a[0]! - b[0]!);
    }),
  { minLength: 1, maxLength: 12 },
);

describe('source maps to the line (scripts/line-source-maps.mjs, which the build applies to every map)', () => {
  it('reads back what it writes, and reads a map the bundler wrote', () => {
    fc.assert(
      fc.property(generatedLines, (lines) => {
        const withoutNames = lines.map((l) => l.map((s) => s.slice(0, 4)));
        expect(decodeMappings(encodeMappings(withoutNames))).toEqual(withoutNames);
      }),
    );
    // From a real map: `AAAA,SAASA` is [0,0,0,0] then [9,0,0,9,0]; `;` starts the next line.
    expect(decodeMappings('AAAA,SAASA;EACA')).toEqual([
      [
        [0, 0, 0, 0],
        [9, 0, 0, 9, 0],
      ],
      [[2, 0, 1, 9]],
    ]);
  });

  it('every place a full map sends to a source line, the map to the line sends to the same one', () => {
    fc.assert(
      fc.property(generatedLines, (lines) => {
        const text = encodeMappings(lines.map((l) => l.map((s) => s.slice(0, 4))));
        const thin = decodeMappings(lineSourceMap({ mappings: text, names: ['x'], sourcesContent: ['…'] }).mappings);
        for (let line = 0; line < lines.length; line++)
          for (const segment of lines[line]!) if (segment.length >= 4) expect(lookup(thin, line, segment[0]!)).toBe(lookup(lines, line, segment[0]!));
        // One segment per run of one source line, never more than the full map has.
        expect(thin.flat().length).toBeLessThanOrEqual(lines.flat().length);
        expect(toLines(thin)).toEqual(thin);
      }),
    );
  });

  it("drops the sources' text and the names, and keeps the rest of the map", () => {
    const map = lineSourceMap({ version: 3, file: 'a.mjs', sources: ['../src/a.ts'], names: ['f'], mappings: 'AAAAA,CAACA', sourcesContent: ['text'] });
    expect(map).toEqual({ version: 3, file: 'a.mjs', sources: ['../src/a.ts'], names: [], mappings: 'AAAA' });
  });

  it('refuses mappings that are not base64 VLQ', () => {
    expect(() => decodeMappings('AA!A')).toThrow(/not a base64 VLQ digit/);
  });
});
