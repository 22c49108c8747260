/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so retries of
 * jobs that failed together (a receiver down, the database restarting) spread out instead of
 * returning in lockstep, while each still waits at least half its step.
 * `failures` is 1 after the first failure.
 */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(step / 2 + Math.random() * (step / 2));
}

/** `ms` ± half: timers of many processes started together drift apart instead of firing at once. */
export function jittered(ms: number): number {
  return Math.round(ms * (0.5 + Math.random()));
}
