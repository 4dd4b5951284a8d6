/**
 * The loads the shard ramp runs (bench/shard-ramp/shard-ramp.ts): one
 * organisation's orders a second over time, and the Lambda environments its
 * orders are spread over.
 */

export interface RampPlan {
  /** The load in words, for the table's title. */
  shape: string;
  seconds: number;
  /** Rows of the table: one per this many seconds. */
  rowSeconds: number;
  environments: number;
  ordersPerSecond(second: number): number;
  /** When the load leaves the rate the layout was raised for (the step's start), if it does: throttling is timed from it. */
  changeAt?: number;
}

/** From 10 to 1,000 orders a second over 30 minutes, the same factor every second (1.36x in a raise delay), then held 5 minutes. */
export function rampPlan(environments: number): RampPlan {
  const [from, to, rampSeconds, holdSeconds] = [10, 1_000, 30 * 60, 5 * 60];
  return {
    shape: `from ${from} to ${to} orders a second over ${rampSeconds / 60} min (the same factor every second), held ${holdSeconds / 60} min`,
    seconds: rampSeconds + holdSeconds,
    rowSeconds: 5 * 60,
    environments,
    ordersPerSecond: (second) => (second >= rampSeconds ? to : from * (to / from) ** (second / rampSeconds)),
  };
}

/** 50 orders a second for 5 minutes (the layout raised for it), then up to 1,000 within one minute, held 10 minutes. */
export function stepPlan(environments: number): RampPlan {
  const [from, to, settleSeconds, stepSeconds, holdSeconds] = [50, 1_000, 5 * 60, 60, 10 * 60];
  return {
    shape: `${from} orders a second for ${settleSeconds / 60} min, then up to ${to} within ${stepSeconds} s (the same factor every second), held ${holdSeconds / 60} min`,
    seconds: settleSeconds + stepSeconds + holdSeconds,
    rowSeconds: 60,
    environments,
    ordersPerSecond: (second) =>
      second < settleSeconds ? from : second >= settleSeconds + stepSeconds ? to : from * (to / from) ** ((second - settleSeconds) / stepSeconds),
    changeAt: settleSeconds,
  };
}
