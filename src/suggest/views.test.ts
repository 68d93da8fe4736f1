import { describe, expect, it } from 'vitest';
import { auditContextOf, draftingPlan } from './drafting-plan.js';
import type { Route } from './gate.js';
import type { ProfileFact } from './profile.js';
import { testContext, testMatch, testMessage as msg } from './testing.js';
import { copyBrief } from './views.js';

const fact = (id: string, topic: string): ProfileFact => ({
  id,
  statement: `fact ${id}`,
  verified: true,
  disclosable: true,
  topics: [topic],
  supports: [`about ${topic}`],
  doesNotSupport: [],
});
const route: Route = {
  task: 'reply',
  language: 'en',
  effort: 'light',
  ruleset: 'reply',
  obligations: [],
  boundaries: [],
  eligibleDirections: ['direct_answer_and_callback'],
};

describe('what drafting sees', () => {
  it('profile: drafting is shown the relevant facts only, and only those back a claim in the audits', () => {
    const context = testContext(testMatch([msg('a', 'match', 0, 'Do you hike?')]), 1);
    context.state.profile = { selected: [fact('hiking', 'hiking'), fact('work', 'work')], relevant: ['hiking'], excluded: [] };
    expect(copyBrief(context, route).facts.map((f) => f.id)).toEqual(['hiking']);
    context.state.route = route;
    context.state.strategy = {
      analysisSummary: 's',
      primaryMove: 'm',
      architecture: 'a',
      topicPlan: [],
      pressure: 'low',
      hookFactId: null,
      directions: ['direct_answer_and_callback', 'playful_shared_premise', 'optional_social_exchange'],
    };
    const plan = draftingPlan({ ...context, skills: {} as never }, false)!;
    expect(auditContextOf(plan, []).selectedFacts.map((f) => f.id)).toEqual(['hiking']);
  });
});
