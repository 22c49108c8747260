import { RUN_EXECUTION_JOB } from '../../modules/executions/job-names.js';
import type { RunDependencies } from '../../modules/executions/run.js';
import type { WebhookDeliverySettings } from '../../modules/webhooks/deliver.js';
import { DELIVER_WEBHOOK_JOB } from '../../modules/webhooks/job-names.js';
import type { JobKind } from '../types.js';
import { deliverWebhookJob } from './deliver-webhook.js';
import { ENFORCE_RETENTION_JOB, enforceRetentionJob } from './enforce-retention.js';
import { runExecutionJob } from './run-execution.js';

export interface JobDependencies extends RunDependencies {
  readonly webhooks: WebhookDeliverySettings;
}

/** Every job kind quire runs, by name: what `npm start` and `quire worker` register. */
export function jobKinds(deps: JobDependencies): Record<string, JobKind> {
  return {
    [RUN_EXECUTION_JOB]: runExecutionJob(deps),
    [DELIVER_WEBHOOK_JOB]: deliverWebhookJob(deps.knex, deps.webhooks),
    [ENFORCE_RETENTION_JOB]: enforceRetentionJob(deps.knex),
  };
}
