import { contractTerms } from '../../contract/reply-contract.js';
import type { ProbeFinding } from '../probe-finding.js';
import type { ProbeCheck } from './probe-check.js';
import { REQUIRED_LISTS } from './required-lists.js';

/** True when `text` holds `term` somewhere not inside a longer word. */
function holdsAsWord(text: string, term: string): boolean {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const before = /[\p{L}\p{M}]$/u.test(text.slice(0, at));
    const after = /^[\p{L}\p{M}]/u.test(text.slice(at + term.length)) && /[\p{L}\p{M}]$/u.test(term);
    if (!before && !after) return true;
  }
  return false;
}

/**
 * A required term the fallback holds only inside a longer word ("art" in "start"): a reply could
 * satisfy it the same way without saying it. Only terms that start with a letter of a script
 * with words to tell (not Han).
 */
export const accidentalFallbackTermCheck: ProbeCheck = {
  id: 'accidental_fallback_term',
  describe: 'a required term the fallback holds only inside a longer word',
  run(compiled) {
    const c = compiled.contract;
    const text = c.fallbackBody;
    const out: ProbeFinding[] = [];
    for (const list of REQUIRED_LISTS) {
      contractTerms(c, list).forEach((term, i) => {
        if (!/^[\p{L}\p{M}]/u.test(term) || /\p{Script=Han}/u.test(term)) return;
        if (!text.includes(term) || holdsAsWord(text, term)) return;
        out.push({
          kind: 'accidental_fallback_term',
          terms: [term],
          paths: [`${list}[${i}]`],
          candidate: text,
          message: `the fallback holds ${JSON.stringify(term)} only inside a longer word; a reply could satisfy it the same way without saying it`,
        });
      });
    }
    return out;
  },
};
