import { DISGUISE_CLASSES } from '../../contract/index.js';
import { DISGUISE_COMBINATIONS, disguiseTerm } from '../disguise-term.js';
import { placeInFallback } from '../place-in-fallback.js';
import type { ProbeFinding } from '../probe-finding.js';
import type { ProbeCheck } from './probe-check.js';

/**
 * A forbidden term the contract accepts in disguise: each disguise class alone and some
 * combinations, the disguised term placed inside the fallback body, reported when the contract
 * passes that candidate.
 */
export const disguiseCheck: ProbeCheck = {
  id: 'disguise',
  describe: 'a forbidden term, disguised (each class alone and some combinations) inside the fallback body, is accepted',
  run(compiled) {
    const c = compiled.contract;
    const out: ProbeFinding[] = [];
    const seen = new Set<string>();
    c.forbiddenTerms.forEach((term, i) => {
      for (const classes of [...DISGUISE_CLASSES.map((d) => [d]), ...DISGUISE_COMBINATIONS]) {
        const disguised = disguiseTerm(term, classes);
        if (disguised === undefined || disguised === term || seen.has(disguised)) continue;
        seen.add(disguised);
        const candidate = placeInFallback(c.fallbackBody, disguised);
        if (!compiled.verify(candidate).passed) continue;
        out.push({
          kind: 'disguise',
          terms: [term],
          paths: [`forbidden_terms[${i}]`],
          candidate,
          disguises: DISGUISE_CLASSES.filter((d) => classes.includes(d)),
          message: `${JSON.stringify(term)} disguised by ${classes.join(' + ')} (${JSON.stringify(disguised)}) inside the fallback body is accepted`,
        });
      }
    });
    return out;
  },
};
