import type { RunDependencies } from '../../modules/executions/run.js';
import type { WebhookDeliverySettings } from '../../modules/webhooks/deliver.js';
import type { JobKind } from '../types.js';
import { deliverWebhookJob } from './deliver-webhook.js';
import { DELIVER_WEBHOOK } from './deliver-webhook-enqueue.js';
import { ENFORCE_RETENTION_JOB, enforceRetentionJob } from './enforce-retention.js';
import { runExecutionJob } from './run-execution.js';
import { RUN_EXECUTION } from './run-execution-enqueue.js';

export interface JobDependencies extends RunDependencies {
  readonly webhooks: WebhookDeliverySettings;
}

/** Every job kind quire runs, by name: what `npm start` and `quire worker` register. */
export function jobKinds(deps: JobDependencies): Record<string, JobKind> {
  return {
    [RUN_EXECUTION.name]: runExecutionJob(deps),
    [DELIVER_WEBHOOK.name]: deliverWebhookJob(deps.knex, deps.webhooks),
    [ENFORCE_RETENTION_JOB]: enforceRetentionJob(deps.knex),
  };
}
