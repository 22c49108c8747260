import type { Knex } from '../../db/knex.js';
import { enqueueDeliveryJob } from '../../jobs/kinds/deliver-webhook-enqueue.js';
import type { JobContext } from '../../jobs/types.js';
import {
  type ClaimedDelivery,
  type DeliveryStatements,
  disableEndpointIfFailingTooLong,
  failUnpostable,
  type NotClaimed,
  recordAttempt,
} from './delivery-repository.js';
import type { WebhookPoster } from './post-webhook.js';
import { nextRetryDelayMs, type RetrySchedule } from './schedule.js';
import { signatureHeader } from './signing.js';

export interface WebhookDeliverySettings {
  readonly poster: WebhookPoster;
  readonly schedule: RetrySchedule;
  /** An endpoint failing with no success for this long is disabled (3 days). */
  readonly disableAfterMs: number;
  /** How long a worker's claim on a delivery lasts: longer than a POST can take. */
  readonly claimMs: number;
}

/**
 * One attempt at one delivery (the `deliver-webhook` job). The retry schedule is the delivery's
 * own, not the job loop's generic backoff: a failed attempt records itself and, in the same
 * transaction that completes this job, enqueues the next attempt's job at the scheduled time
 * (jittered, never sooner than the receiver's Retry-After). So every job of this kind returns
 * normally unless the database fails (then the loop's own retry applies), and a pending delivery
 * always has a job that will look at it.
 */
export async function deliverWebhook(
  knex: Knex,
  settings: WebhookDeliverySettings,
  statements: DeliveryStatements,
  job: { deliveryId: string; executionId: string | null },
  context: JobContext,
): Promise<void> {
  const { deliveryId } = job;
  const delivery = await statements.claim(deliveryId);
  if ('state' in delivery) return waitOrFinish(delivery, job, context);
  if (delivery.url === null || delivery.secret === null) {
    return failUnpostable(knex, deliveryId, 'no webhook endpoint is configured');
  }
  if (delivery.disabled_at !== null) return failUnpostable(knex, deliveryId, 'the webhook endpoint is disabled');

  const result = await settings.poster.post(delivery.url, headersFor(delivery), delivery.body, context.signal);
  const attempt = {
    deliveryId,
    url: delivery.url,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    responseBody: result.responseBody,
    error: result.error,
  };
  if (result.acknowledged) {
    // Not in the job's lease transaction: if this process dies before the job is completed, the
    // job runs again, finds the delivery done, and ends. One statement, then the loop's batched completion.
    await statements.recordDelivered({ ...attempt, outcome: 'DELIVERED', retryInMs: null });
    return;
  }
  const retryInMs = nextRetryDelayMs(
    settings.schedule,
    delivery.failures_since_retry_from + 1,
    delivery.age_ms,
    result.retryAfterMs,
  );
  context.log.info(
    { deliveryId, webhookId: delivery.webhook_id, error: result.error, retryInMs },
    retryInMs === null ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
  );
  // The retry's job replaces this one atomically: complete() deletes this job in the same transaction.
  await context.complete(async (trx) => {
    await recordAttempt(trx, { ...attempt, outcome: retryInMs === null ? 'FAILED' : 'PENDING', retryInMs });
    if (await disableEndpointIfFailingTooLong(trx, delivery.organization_id, settings.disableAfterMs)) {
      context.log.warn(
        { organizationId: delivery.organization_id },
        'webhook endpoint disabled after failing for too long',
      );
    }
  });
}

function headersFor(delivery: ClaimedDelivery): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = delivery.previous_secret ? [delivery.secret!, delivery.previous_secret] : [delivery.secret!];
  return {
    'x-service-event': delivery.event,
    'webhook-id': delivery.webhook_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, delivery.webhook_id, timestamp, delivery.body),
  };
}

/**
 * Not claimable now. Done: nothing to do. Waiting on an earlier delivery of the same execution:
 * this job ends, because the claim recorded this delivery on that one, and whatever finishes it
 * (acknowledged, given up, failed for want of an endpoint, or an internal failure of its job)
 * enqueues a job for every delivery recorded there, in the same statement. Being posted by
 * another job: look again when that claim ends, in case its worker died mid-attempt.
 */
async function waitOrFinish(
  why: NotClaimed,
  job: { deliveryId: string; executionId: string | null },
  context: JobContext,
): Promise<void> {
  if (why.state !== 'attempting') return;
  await context.complete((trx) =>
    enqueueDeliveryJob(trx, {
      deliveryId: job.deliveryId,
      executionId: job.executionId,
      organizationId: why.organizationId,
      runAt: why.until,
    }),
  );
}
