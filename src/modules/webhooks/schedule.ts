/**
 * When a failed delivery is tried again: about 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, then daily, until 3 days after the event. Each delay is jittered by ±20 % so deliveries
 * that failed together (a receiver down) come back spread out, and a receiver's `Retry-After`
 * is honoured by never retrying sooner than it asks (capped at a day, so a huge value cannot
 * park a delivery past its deadline unnoticed).
 */
export interface RetrySchedule {
  /** Delay after the n-th failure (index n-1); past the end, the last one repeats. */
  readonly delaysMs: readonly number[];
  /** No attempt is scheduled later than this after the delivery was created. */
  readonly giveUpAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = Object.freeze({
  delaysMs: Object.freeze([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, DAY]),
  giveUpAfterMs: 3 * DAY,
});

export const MAX_RETRY_AFTER_MS = DAY;

/**
 * The delay before the next attempt after `failures` failures, or null when that attempt would
 * fall after the give-up deadline (the delivery then fails for good).
 */
export function nextRetryDelayMs(
  schedule: RetrySchedule,
  failures: number,
  ageMs: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  const delays = schedule.delaysMs;
  const base = delays[Math.min(failures, delays.length) - 1] ?? delays[0] ?? 0;
  let delay = Math.round(base * (0.8 + 0.4 * random()));
  if (retryAfterMs !== null) delay = Math.max(delay, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  return ageMs + delay > schedule.giveUpAfterMs ? null : delay;
}
