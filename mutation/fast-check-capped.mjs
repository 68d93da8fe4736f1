/**
 * fast-check as the module's tests see it under `npm run mutate`: the same library, with every
 * property's `numRuns` capped (`WARRANT_MUTATE_PROPERTY_RUNS`, default 300). A mutant costs a run
 * of every test that reaches it, and the contract's properties generate thousands of cases each:
 * uncapped, a run of that module took two hours here. A mutant that a property catches is almost
 * always caught in its first cases; one that only case 4,000 would catch shows up as a survivor,
 * to be killed by a test of its own. `npm test` runs the properties uncapped.
 */
import * as real from 'fast-check-uncapped';

export * from 'fast-check-uncapped';

const cap = Number(process.env.WARRANT_MUTATE_PROPERTY_RUNS ?? 300);

/** `fc.assert` with at most `cap` runs. */
export function assert(property, params) {
  return real.assert(property, { ...params, numRuns: Math.min(params?.numRuns ?? 100, cap) });
}

export default { ...real.default, assert };
