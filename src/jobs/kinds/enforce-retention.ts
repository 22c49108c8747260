import { isUniqueViolation } from '../../db/errors.js';
import type { Knex } from '../../db/knex.js';
import type { Logger } from '../../logger.js';
import { enforceRetention } from '../../modules/retention/enforce.js';
import { enqueueJob } from '../enqueue.js';
import { IO_QUEUE, type JobKind } from '../types.js';

/** The kind's name; the migration's unique index `jobs_one_enforce_retention_idx` spells it too. */
export const ENFORCE_RETENTION_JOB = 'enforce-retention';

/** How often each worker process offers a run; one run at a time is queued, whoever offers it. */
export const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * Deletes document bytes and results past their organization's retention
 * (src/modules/retention/enforce.ts). On the `io` queue: it waits on the database. A failed
 * run is retried; the next offer starts a fresh one either way.
 */
export function enforceRetentionJob(knex: Knex): JobKind<Record<string, never>> {
  return {
    queue: IO_QUEUE,
    maxAttempts: 3,
    run: async (_payload, context) => {
      const deleted = await enforceRetention(knex, context.signal);
      if (deleted.documents || deleted.results) context.log.info({ deleted }, 'retention deleted expired content');
    },
  };
}

/** Queues a run unless one is already queued or running (answers false then). */
export async function offerRetentionRun(knex: Knex): Promise<boolean> {
  try {
    await enqueueJob(knex, { kind: ENFORCE_RETENTION_JOB, queue: IO_QUEUE, payload: {} });
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'jobs_one_enforce_retention_idx')) return false;
    throw error;
  }
}

/** Offers a run now and every `everyMs` (jittered ±20 %) until the returned stop is called. */
export function scheduleRetentionRuns(knex: Knex, log: Logger, everyMs = RETENTION_EVERY_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const offer = async () => {
    try {
      await offerRetentionRun(knex);
    } catch (error) {
      log.warn({ err: error }, 'could not queue a retention run');
    }
    if (stopped) return;
    timer = setTimeout(offer, everyMs * (0.8 + Math.random() * 0.4));
    timer.unref();
  };
  void offer();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
