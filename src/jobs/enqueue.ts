import type { Db } from '../db/knex.js';
import { ENQUEUE_JOB, ENQUEUE_JOBS, NOTIFY_CHANNEL_PREFIX, runOnKnex } from './sql.js';
import type { QueueName } from './types.js';

export interface NewJob {
  kind: string;
  queue: QueueName;
  payload: object;
  /** Overrides the kind's `maxAttempts` for this job. */
  maxAttempts?: number;
  runAt?: Date;
}

/** The LISTEN channel that announces new work on `queue`. */
export function channelForQueue(queue: QueueName): string {
  return `${NOTIFY_CHANNEL_PREFIX}${queue}`;
}

/**
 * Inserts a job and announces it. Pass the transaction that writes the domain row: the job and
 * its notification then commit with it, or neither exists. Answers the job's id.
 */
export async function enqueueJob(db: Db, job: NewJob): Promise<string> {
  const [row] = await runOnKnex<{ id: string }>(db, ENQUEUE_JOB, [
    job.queue,
    job.kind,
    JSON.stringify(job.payload),
    job.maxAttempts ?? null,
    job.runAt ?? null,
  ]);
  return row!.id;
}

/** Inserts many jobs in one statement, with one notification per queue. */
export async function enqueueJobs(db: Db, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((job) => ({
    queue: job.queue,
    kind: job.kind,
    payload: job.payload,
    max_attempts: job.maxAttempts ?? null,
    run_at: job.runAt?.toISOString() ?? null,
  }));
  await runOnKnex(db, ENQUEUE_JOBS, [JSON.stringify(rows)]);
}
