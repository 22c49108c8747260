import type { Db } from '../../db/knex.js';
import { enqueueJob, insertJobsSql } from '../enqueue.js';
import { IO_QUEUE, type JobKindName } from '../types.js';

/**
 * One attempt at one webhook delivery. On the `io` queue: it mostly waits on the receiver.
 * Receiver failures are not job failures (the delivery schedules its own retries); `maxAttempts`
 * only bounds database trouble, after which the delivery fails (and can be replayed).
 */
export const DELIVER_WEBHOOK: JobKindName = Object.freeze({
  name: 'deliver-webhook',
  queue: IO_QUEUE,
  maxAttempts: 10,
});

export interface DeliverWebhookPayload {
  readonly deliveryId: string;
  /** Puts the execution in the job's log lines. */
  readonly executionId: string | null;
}

/**
 * The body of a data-modifying CTE that enqueues a delivery job per row of `from`, whose columns
 * are `delivery_id`, `execution_id`, `organization_id` and `run_at` (null: now). End the
 * statement with `notifyDueSql(<cte name>)`.
 */
export function deliveryJobsSql(from: string): string {
  return insertJobsSql(DELIVER_WEBHOOK, {
    from,
    payload: `jsonb_build_object('deliveryId', delivery_id::text, 'executionId', execution_id::text)`,
    runAt: 'coalesce(run_at, now())',
    fairKey: 'organization_id::text',
  });
}

/** One delivery job, in the caller's transaction. */
export async function enqueueDeliveryJob(
  db: Db,
  job: DeliverWebhookPayload & { organizationId: string; runAt?: Date },
): Promise<void> {
  await enqueueJob(db, {
    kind: DELIVER_WEBHOOK.name,
    queue: DELIVER_WEBHOOK.queue,
    payload: { deliveryId: job.deliveryId, executionId: job.executionId },
    fairKey: job.organizationId,
    ...(job.runAt ? { runAt: job.runAt } : {}),
  });
}
