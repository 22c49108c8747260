import type { Config } from './config.js';
import { connectionStringOf, type Knex } from './db/knex.js';
import { jobKinds } from './jobs/kinds/index.js';
import { type JobWorkers, startJobWorkers } from './jobs/worker-pool.js';
import type { Logger } from './logger.js';
import type { WebhookDeliverySettings } from './modules/webhooks/deliver.js';
import type { RetrySchedule } from './modules/webhooks/schedule.js';
import { createWebhookDeliverySettings } from './modules/webhooks/settings.js';
import { PipelineWorkers } from './pipeline/stages/bounded-stages.js';
import { understandingEngineFor } from './pipeline/understanding-engine.js';
import { postgresDocumentStorage } from './storage/postgres-document-storage.js';

/** What `composeJobWorkers` may be given instead of building it from the configuration (tests). */
export interface JobWorkerOverrides {
  /** Document threads to share (tests keep one pool across apps); built from the configuration otherwise. */
  readonly pipeline?: PipelineWorkers;
  /** Shorter webhook timeouts and schedules, so retries and give-ups take milliseconds. */
  readonly webhooks?: { timeoutMs?: number; schedule?: RetrySchedule; disableAfterMs?: number };
  readonly concurrency?: { cpu: number; io: number };
}

export interface ComposedJobWorkers {
  readonly workers: JobWorkers;
  readonly pipeline: PipelineWorkers;
  readonly webhooks: WebhookDeliverySettings;
}

/** The document threads the configuration asks for, their failures logged. */
export function pipelineWorkersFor(config: Config, logger: Logger): PipelineWorkers {
  return new PipelineWorkers({
    timeoutMs: config.pipelineStageTimeoutMs,
    memoryMb: config.pipelineStageMemoryMb,
    threads: config.workerCpuConcurrency,
    threadIdleMs: config.pipelineThreadIdleMs,
    ocrLanguages: config.ocrLanguages,
    ocrRecyclePages: config.ocrRecyclePages,
    ocrIdleMs: config.ocrIdleMs,
    onThreadError: (error) => logger.error({ err: error, component: 'pipeline' }, 'pipeline worker thread failed'),
  });
}

/**
 * The job side of a process, built in one place for `npm start`, `quire worker` and the tests:
 * webhook delivery settings, the document threads, the understanding engine over them, every job
 * kind and the workers that claim them. The caller stops `workers`, then closes `pipeline` and
 * `webhooks.poster`.
 */
export async function composeJobWorkers(
  config: Config,
  db: Knex,
  logger: Logger,
  overrides: JobWorkerOverrides = {},
): Promise<ComposedJobWorkers> {
  const webhooks = createWebhookDeliverySettings({
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    ...overrides.webhooks,
  });
  const pipeline = overrides.pipeline ?? pipelineWorkersFor(config, logger);
  const workers = await startJobWorkers({
    db,
    databaseUrl: connectionStringOf(db),
    logger: logger.child({ component: 'jobs' }),
    kinds: jobKinds({
      knex: db,
      storage: postgresDocumentStorage,
      webhooks,
      engine: understandingEngineFor(config.llm, pipeline),
      pipeline,
      embeddings: config.embeddings,
    }),
    concurrency: overrides.concurrency ?? {
      cpu: config.workerCpuConcurrency * config.workerCpuJobsPerThread,
      io: config.workerConcurrency,
    },
    leaseMs: config.jobLeaseMs,
    pollMs: config.jobPollMs,
  });
  return { workers, pipeline, webhooks };
}
