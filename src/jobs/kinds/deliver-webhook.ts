import type { Knex } from '../../db/knex.js';
import { deliverWebhook, type WebhookDeliverySettings } from '../../modules/webhooks/deliver.js';
import { batchedDeliveryStatements, failUnpostable } from '../../modules/webhooks/delivery-repository.js';
import type { JobKind } from '../types.js';

export interface DeliverWebhookPayload {
  readonly deliveryId: string;
  readonly executionId: string | null;
}

/**
 * One attempt at one webhook delivery (src/modules/webhooks/deliver.ts). On the `io` queue: it
 * mostly waits on the receiver. Receiver failures are not job failures (the delivery schedules
 * its own retries); `maxAttempts` only bounds database trouble, after which the delivery fails (and
 * can be replayed).
 */
export function deliverWebhookJob(knex: Knex, settings: WebhookDeliverySettings): JobKind<DeliverWebhookPayload> {
  const statements = batchedDeliveryStatements(knex, settings.claimMs);
  return {
    queue: 'io',
    maxAttempts: 10,
    run: (payload, context) => deliverWebhook(knex, settings, statements, payload, context),
    onTerminalFailure: (payload, error, trx) =>
      failUnpostable(trx, payload.deliveryId, `delivery stopped by an internal error: ${error.message}`),
  };
}
