import { placeInFallback } from '../place-in-fallback.js';
import type { ProbeFinding } from '../probe-finding.js';
import { denialLocaleOf, isAssertion } from '../locales/index.js';
import type { ProbeCheck } from './probe-check.js';

/**
 * A forbidden bare state blocks its own correct denial: "not approved" holds "approved". A bare
 * state is one word, or up to three characters where words are not spaced, with no word that
 * makes it an assertion; longer phrases carry their own claim.
 */
export const blocksDenialCheck: ProbeCheck = {
  id: 'blocks_denial',
  describe: 'a forbidden bare state ("approved") also blocks a correct denial of it ("It has not been approved.")',
  run(compiled) {
    const c = compiled.contract;
    const out: ProbeFinding[] = [];
    c.forbiddenTerms.forEach((term, i) => {
      if (isAssertion(term)) return;
      const locale = denialLocaleOf(term);
      if (locale.words === 'characters' ? [...term].length > 3 : /\s/u.test(term.trim())) return;
      const denial = locale.denial.deny(term);
      const candidate = placeInFallback(c.fallbackBody, denial.replace(/[。.]$/u, ''));
      if (!compiled.verify(candidate).forbiddenTermsPresent.includes(term)) return;
      out.push({
        kind: 'blocks_denial',
        terms: [term],
        paths: [`forbidden_terms[${i}]`],
        candidate,
        message: `${JSON.stringify(term)} also blocks a correct denial (${JSON.stringify(denial)}); forbid the assertion instead (e.g. ${JSON.stringify(locale.denial.assert(term))})`,
      });
    });
    return out;
  },
};
