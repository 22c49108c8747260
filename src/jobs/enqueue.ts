import type { Db } from '../db/knex.js';
import { ENQUEUE_JOB, ENQUEUE_JOBS, NOTIFY_CHANNEL_PREFIX, runOnKnex } from './sql.js';
import { JOB_PRIORITY, type JobKindName, type QueueName } from './types.js';

export interface NewJob {
  kind: string;
  queue: QueueName;
  payload: object;
  /** Overrides the kind's `maxAttempts` for this job. */
  maxAttempts?: number;
  runAt?: Date;
  /** Default JOB_PRIORITY.background. */
  priority?: number;
  /** Who the job works for (an organization): claims share a queue's slots fairly between keys. */
  fairKey?: string;
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
    job.priority ?? JOB_PRIORITY.background,
    job.fairKey ?? null,
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
    priority: job.priority ?? null,
    fair_key: job.fairKey ?? null,
  }));
  await runOnKnex(db, ENQUEUE_JOBS, [JSON.stringify(rows)]);
}

/** SQL expressions, over the rows of `from`, that make one job each. */
export interface JobRowsSql {
  /** A table, CTE or parenthesised subquery with its alias. */
  readonly from: string;
  /** A jsonb expression. */
  readonly payload: string;
  /** A timestamptz expression; default now(). */
  readonly runAt?: string;
  /** A text expression; default '' (nobody in particular). */
  readonly fairKey?: string;
  /** A smallint expression; default JOB_PRIORITY.background. */
  readonly priority?: string;
}

/**
 * The body of a data-modifying CTE that enqueues one job of `kind` per row of `rows.from`, so a
 * statement that changes domain rows enqueues their jobs in the same statement. It returns
 * `queue, run_at`: end the statement with `notifyDueSql(<cte name>)` to announce them.
 */
export function insertJobsSql(kind: JobKindName, rows: JobRowsSql): string {
  return `insert into jobs (queue, kind, payload, run_at, fair_key, priority)
    select '${kind.queue}', '${kind.name}', ${rows.payload}, ${rows.runAt ?? 'now()'}, ${rows.fairKey ?? "''"},
      ${rows.priority ?? JOB_PRIORITY.background}
    from ${rows.from}
    returning queue, run_at`;
}
