import type { ProbeFinding } from '../probe-finding.js';
import type { ProbeCheck } from './probe-check.js';
import { sameSidePairs } from './term-pairs.js';

/**
 * A term on the same side as one it holds: a forbidden term inside another already forbids it;
 * a required term inside another is already required by it.
 */
export const overlappingTermsCheck: ProbeCheck = {
  id: 'overlapping_terms',
  describe: 'a term holds another on the same side, which already forbids or requires it',
  run(compiled) {
    const out: ProbeFinding[] = [];
    for (const [x, y] of sameSidePairs(compiled.contract)) {
      if (x.key === y.key || !(x.key.includes(y.key) || y.key.includes(x.key))) continue;
      const [outer, inner] = x.key.includes(y.key) ? [x, y] : [y, x];
      out.push({
        kind: 'overlapping_terms',
        terms: [outer.term, inner.term],
        paths: [outer.path, inner.path],
        candidate: outer.term,
        message:
          x.list === 'forbidden_terms'
            ? `${inner.path} ${JSON.stringify(inner.term)} already forbids ${outer.path} ${JSON.stringify(outer.term)}, which holds it`
            : `${outer.path} ${JSON.stringify(outer.term)} already requires ${inner.path} ${JSON.stringify(inner.term)}, which it holds`,
      });
    }
    return out;
  },
};
