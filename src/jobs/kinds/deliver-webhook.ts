import type { Knex } from '../../db/knex.js';
import { deliverWebhook, type WebhookDeliverySettings } from '../../modules/webhooks/deliver.js';
import { batchedDeliveryStatements, failUnpostable } from '../../modules/webhooks/delivery-repository.js';
import type { JobKind } from '../types.js';
import { DELIVER_WEBHOOK, type DeliverWebhookPayload } from './deliver-webhook-enqueue.js';

/** One attempt at one webhook delivery (src/modules/webhooks/deliver.ts). */
export function deliverWebhookJob(knex: Knex, settings: WebhookDeliverySettings): JobKind<DeliverWebhookPayload> {
  const statements = batchedDeliveryStatements(knex, settings.claimMs);
  return {
    queue: DELIVER_WEBHOOK.queue,
    maxAttempts: DELIVER_WEBHOOK.maxAttempts,
    run: (payload, context) => deliverWebhook(knex, settings, statements, payload, context),
    onTerminalFailure: (payload, error, trx) =>
      failUnpostable(trx, payload.deliveryId, `delivery stopped by an internal error: ${error.message}`),
  };
}
