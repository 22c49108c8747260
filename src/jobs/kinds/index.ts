import type { Config } from '../../config.js';
import { RUN_EXECUTION_JOB } from '../../modules/executions/job-names.js';
import type { RunDependencies } from '../../modules/executions/run.js';
import { SYNC_KNOWLEDGE_BASE_JOB } from '../../modules/knowledge-bases/job-names.js';
import type { WebhookDeliverySettings } from '../../modules/webhooks/deliver.js';
import { DELIVER_WEBHOOK_JOB } from '../../modules/webhooks/job-names.js';
import type { JobKind } from '../types.js';
import { deliverWebhookJob } from './deliver-webhook.js';
import { runExecutionJob } from './run-execution.js';
import { syncKnowledgeBaseJob } from './sync-knowledge-base.js';

export interface JobDependencies extends RunDependencies {
  readonly webhooks: WebhookDeliverySettings;
  /** The embeddings endpoint knowledge-base syncs embed with (null: local embeddings only). */
  readonly embeddings: Config['embeddings'];
}

/** Every job kind quire runs, by name: what `npm start` and `quire worker` register. */
export function jobKinds(deps: JobDependencies): Record<string, JobKind> {
  return {
    [RUN_EXECUTION_JOB]: runExecutionJob(deps),
    [DELIVER_WEBHOOK_JOB]: deliverWebhookJob(deps.knex, deps.webhooks),
    [SYNC_KNOWLEDGE_BASE_JOB]: syncKnowledgeBaseJob({ embeddings: deps.embeddings }),
  };
}
