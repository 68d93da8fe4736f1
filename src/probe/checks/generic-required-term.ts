import { foldTerm, matchModeOf } from '../../contract/index.js';
import { contractTerms } from '../../contract/reply-contract.js';
import { GENERIC_REPLIES } from '../locales/index.js';
import type { ProbeFinding } from '../probe-finding.js';
import type { ProbeCheck } from './probe-check.js';
import { REQUIRED_LISTS } from './required-lists.js';

/**
 * A required term almost any reply holds guards nothing: one that two or more of the locales'
 * generic replies hold (compared as its list matches), or a single character.
 */
export const genericRequiredTermCheck: ProbeCheck = {
  id: 'generic_required_term',
  describe: 'a required term so generic that unrelated replies hold it guards nothing',
  run(compiled) {
    const c = compiled.contract;
    const out: ProbeFinding[] = [];
    for (const list of REQUIRED_LISTS) {
      const folded = matchModeOf(c, list) === 'folded';
      contractTerms(c, list).forEach((term, i) => {
        const holds = (text: string) => (folded ? foldTerm(text).includes(foldTerm(term)) : text.includes(term));
        const holders = GENERIC_REPLIES.filter(holds);
        if (holders.length < 2 && [...term].length > 1) return;
        out.push({
          kind: 'generic_required_term',
          terms: [term],
          paths: [`${list}[${i}]`],
          candidate: holders[0] ?? term,
          message: `${JSON.stringify(term)} is so generic that ${holders.length} of ${GENERIC_REPLIES.length} unrelated replies hold it; require the words that carry the turn's meaning`,
        });
      });
    }
    return out;
  },
};
