// Source maps to the line: what the build keeps of each map (see tsdown.config.ts). A stack trace
// under `node --enable-source-maps` needs, for a frame's place in a bundle chunk, the source file
// and line it came from; the bundler's maps say that for every token, with each name, which more
// than doubles what they weigh in the package. The names are worth nothing here (the build renames
// nothing), and within one generated line every place after a line's first token maps back to the
// same source line as that token. So each generated line keeps one segment per run of segments of
// the same source line, at the run's first place: a frame anywhere in that run still names that
// file and line, and its column is where the line's first token of that run starts.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) DIGIT[B64.charCodeAt(i)] = i;

/**
 * The segments of a source map's `mappings`, one array per generated line, each segment with its
 * fields made absolute: `[column]`, or `[column, source, line, column]` and maybe a name index.
 * @param {string} mappings
 * @returns {number[][][]}
 */
export function decodeMappings(mappings) {
  const state = [0, 0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    state[0] = 0;
    const segments = [];
    for (const text of line.split(',')) {
      if (text === '') continue;
      const segment = [];
      let value = 0;
      let shift = 0;
      for (let i = 0; i < text.length; i++) {
        const digit = DIGIT[text.charCodeAt(i)] ?? -1;
        if (digit < 0) throw new Error(`not a base64 VLQ digit in mappings: ${JSON.stringify(text[i])}`);
        value += (digit & 31) * 2 ** shift;
        if (digit & 32) shift += 5;
        else {
          const field = segment.length;
          state[field] += value % 2 === 1 ? -Math.floor(value / 2) : value / 2;
          segment.push(state[field]);
          value = 0;
          shift = 0;
        }
      }
      segments.push(segment);
    }
    return segments;
  });
}

/** @param {number} n */
function vlq(n) {
  let value = n < 0 ? -n * 2 + 1 : n * 2;
  let text = '';
  do {
    let digit = value % 32;
    value = Math.floor(value / 32);
    if (value > 0) digit |= 32;
    text += B64[digit];
  } while (value > 0);
  return text;
}

/**
 * `mappings` text for absolute segments without names (`[column]` or `[column, source, line, column]`).
 * @param {number[][][]} lines
 * @returns {string}
 */
export function encodeMappings(lines) {
  const state = [0, 0, 0, 0];
  return lines
    .map((segments) => {
      state[0] = 0;
      return segments
        .map((segment) =>
          segment
            .map((value, field) => {
              const delta = value - state[field];
              state[field] = value;
              return vlq(delta);
            })
            .join(''),
        )
        .join(',');
    })
    .join(';');
}

/**
 * Each generated line's segments, one per run of segments from the same source and line (the
 * run's first), without names; segments that map to nothing are dropped.
 * @param {number[][][]} lines
 * @returns {number[][][]}
 */
export function toLines(lines) {
  return lines.map((segments) => {
    const kept = [];
    let last = '';
    for (const segment of segments) {
      if (segment.length < 4) continue;
      const key = `${segment[1]}:${segment[2]}`;
      if (key === last) continue;
      kept.push(segment.slice(0, 4));
      last = key;
    }
    return kept;
  });
}

/**
 * A source map (the parsed JSON of a `.map` file) mapped to the line, without its sources' text
 * or names.
 * @param {{ mappings: string, names?: string[], sourcesContent?: unknown }} map
 */
export function lineSourceMap(map) {
  const { sourcesContent: _text, ...rest } = map;
  return { ...rest, names: [], mappings: encodeMappings(toLines(decodeMappings(map.mappings))) };
}
