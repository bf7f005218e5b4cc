import type { ResolvedSettings } from "./resolve.ts";

/**
 * Goal tracking (issue 12 §6): an actual ACoS against its goal, the same rule in Hangar, the
 * product list, the drawer and collections. Within ON_TARGET_POINTS ACoS points of the goal is
 * on target; above spends more per sale than the goal allows; below leaves room to grow.
 */
export const ON_TARGET_POINTS = 2;

export const GOAL_STATUSES = ["onTarget", "above", "below"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** `targetPercent` as settings hold it (30 = 30 %), `actualFraction` as metrics do (0.3). */
export function goalStatus(targetPercent: number, actualFraction: number): GoalStatus {
  const actual = actualFraction * 100;
  if (Math.abs(actual - targetPercent) <= ON_TARGET_POINTS) return "onTarget";
  return actual > targetPercent ? "above" : "below";
}

/** What a product's goal is tracked on: ACoS, or TACoS when the goal is a target TACoS. */
export interface TrackedGoal {
  metric: "acos" | "tacos";
  /** Percent; null when unknown (relative to a break-even that is not known). */
  target: number | null;
}

/**
 * The goal to track from resolved settings: a target-TACoS goal is tracked on TACoS, every other
 * goal (target ACoS, maximise sales within a budget) on the effective target ACoS.
 */
export function trackedGoal(resolved: ResolvedSettings): TrackedGoal {
  if (resolved.values.goalType.value === "targetTacos")
    return { metric: "tacos", target: resolved.values.targetTacos.value ?? null };
  return { metric: "acos", target: resolved.effectiveTargetAcos };
}
