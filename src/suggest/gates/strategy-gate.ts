import { defineGate } from '../gate.js';
import type { Direction } from '../skill-schemas.js';
import type { StrategyProblem } from '../stop-copy.js';
import { stopState } from '../suggestion-result.js';
import { copyBrief } from '../views.js';

/**
 * Strategy gate: a primary move, message architecture, topic plan, pressure level, permitted hook
 * and a diversity plan of at least three eligible directions. The plan is a model skill; the gate
 * holds it to the route (directions the ruleset allows, a hook among the selected facts).
 */
export const strategyGate = defineGate('strategy', async (context) => {
  const { skills, state, calls, copy } = context;
  const route = state.route;
  if (!route || !skills) return { decision: 'needs_model', reason: 'strategy_needs_model' };
  const brief = copyBrief(context, route);
  const { facts } = brief;
  const result = await skills.planStrategy({
    ...brief,
    ruleset: route.ruleset,
    eventState: state.event?.state ?? 'active',
    topics: state.timeline?.reading?.topics ?? [],
    eligibleDirections: route.eligibleDirections,
  });
  calls.push(result.call);
  if (!result.ok) {
    return {
      decision: 'stop',
      reason: 'strategy_failed',
      stop: stopState('hold', copy.skillFailed('strategy', result.reason)),
      detail: { outcome: result.reason },
    };
  }
  const plan = result.value;
  const directions = [...new Set(plan.directions)].filter((d): d is Direction => route.eligibleDirections.includes(d));
  const problems: StrategyProblem[] = [];
  if (directions.length < 3) problems.push({ kind: 'too_few_directions', count: directions.length });
  // After silence or a proposed plan, the next message must not push.
  if ((route.ruleset === 're_entry' || route.ruleset === 'cta_follow_up') && plan.pressure === 'high') {
    problems.push({ kind: 'pressure_after_pause', ruleset: route.ruleset });
  }
  if (plan.hookFactId !== null && !facts.some((f) => f.id === plan.hookFactId)) problems.push({ kind: 'hook_not_selected', hookFactId: plan.hookFactId });
  const detail = {
    primaryMove: plan.primaryMove,
    architecture: plan.architecture,
    topicPlan: plan.topicPlan,
    pressure: plan.pressure,
    hookFactId: plan.hookFactId,
    directions,
    ineligible: plan.directions.filter((d) => !route.eligibleDirections.includes(d)),
  };
  if (problems.length > 0) {
    return { decision: 'stop', reason: 'strategy_incomplete', stop: stopState('hold', copy.strategyIncomplete(problems)), detail: { ...detail, problems } };
  }
  state.strategy = { ...plan, directions };
  return { decision: 'pass', reason: 'strategy_planned', detail };
});
