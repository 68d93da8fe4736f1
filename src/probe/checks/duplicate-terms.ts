import type { ProbeCheck } from './probe-check.js';
import { sameSidePairs } from './term-pairs.js';

/** Two terms on the same side that are one term as their lists match them: one of them checks nothing. */
export const duplicateTermsCheck: ProbeCheck = {
  id: 'duplicate_terms',
  describe: 'two terms on the same side are the same term as matched',
  run(compiled) {
    return sameSidePairs(compiled.contract)
      .filter(([x, y]) => x.key === y.key)
      .map(([x, y]) => ({
        kind: 'duplicate_terms',
        terms: [x.term, y.term],
        paths: [x.path, y.path],
        candidate: y.term,
        message: `${x.path} ${JSON.stringify(x.term)} and ${y.path} ${JSON.stringify(y.term)} are the same term as matched; one of them checks nothing`,
      }));
  },
};
