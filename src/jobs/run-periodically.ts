import type { Logger } from '../logger.js';

/**
 * Runs `work` every `everyMs` (jittered ±20 %, so processes drift apart) until the returned stop
 * is called. A failure is logged and the next run comes on schedule. For idempotent upkeep that
 * every worker process may run at once.
 */
export function runPeriodically(what: string, everyMs: number, log: Logger, work: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, everyMs * (0.8 + Math.random() * 0.4));
    timer.unref();
  };
  const run = async () => {
    try {
      await work();
    } catch (error) {
      log.warn({ err: error }, `could not ${what}`);
    }
    schedule();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
