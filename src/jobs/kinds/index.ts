import type { Config } from '../../config.js';
import type { RunDependencies } from '../../modules/executions/run.js';
import type { WebhookDeliverySettings } from '../../modules/webhooks/deliver.js';
import type { JobKind } from '../types.js';
import { deliverWebhookJob } from './deliver-webhook.js';
import { DELIVER_WEBHOOK } from './deliver-webhook-enqueue.js';
import { ENFORCE_RETENTION_JOB, enforceRetentionJob } from './enforce-retention.js';
import { runExecutionJob } from './run-execution.js';
import { RUN_EXECUTION } from './run-execution-enqueue.js';
import { syncKnowledgeBaseJob } from './sync-knowledge-base.js';
import { SYNC_KNOWLEDGE_BASE } from './sync-knowledge-base-enqueue.js';

export interface JobDependencies extends RunDependencies {
  readonly webhooks: WebhookDeliverySettings;
  /** The embeddings endpoint knowledge-base syncs embed with (null: local embeddings only). */
  readonly embeddings: Config['embeddings'];
}

/** Every job kind quire runs, by name: what `npm start` and `quire worker` register. */
export function jobKinds(deps: JobDependencies): Record<string, JobKind> {
  return {
    [RUN_EXECUTION.name]: runExecutionJob(deps),
    [DELIVER_WEBHOOK.name]: deliverWebhookJob(deps.knex, deps.webhooks),
    [ENFORCE_RETENTION_JOB]: enforceRetentionJob(deps.knex),
    [SYNC_KNOWLEDGE_BASE.name]: syncKnowledgeBaseJob({ embeddings: deps.embeddings }),
  };
}
