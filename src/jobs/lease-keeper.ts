import type pg from 'pg';
import type { Logger } from '../logger.js';
import type { RunningJob } from './running-job.js';
import { EXTEND_LEASES, type Statement } from './sql.js';
import { LeaseLostError } from './types.js';

/** A prepared statement on the job loop's own pool. */
export type JobLoopQuery = <Row extends pg.QueryResultRow>(
  sql: Statement,
  values: unknown[],
) => Promise<pg.QueryResult<Row>>;

export interface LeaseKeeper {
  /** Stops the heartbeats. */
  stop(): void;
}

/**
 * Keeps the leases of the jobs this process holds: every third of a lease, one statement
 * extends them all. A job whose lease was not extended (taken over, or the job removed), or
 * whose heartbeats failed until its lease expired, is aborted with a LeaseLostError, unless its
 * handler has finished, holds a transaction (which re-checks the lease itself) or completed.
 */
export function startLeaseKeeper(
  held: ReadonlyMap<string, RunningJob>,
  query: JobLoopQuery,
  leaseMs: number,
  log: Logger,
): LeaseKeeper {
  let beating = false;

  function abortLost(job: RunningJob, why: string): void {
    if (job.controller.signal.aborted) return;
    job.log.warn(`lease lost: ${why}`);
    job.controller.abort(new LeaseLostError(`job ${job.id}: lease lost (${why})`));
  }

  async function heartbeat(): Promise<void> {
    if (beating || held.size === 0) return;
    beating = true;
    const jobs = [...held.values()].filter((job) => !job.handedBack);
    const lost = (job: RunningJob) => !job.handlerDone && job.transactions === 0 && !job.completed;
    const sentAt = performance.now();
    try {
      const result = await query<{ id: string }>(EXTEND_LEASES, [
        leaseMs,
        jobs.map((job) => job.id),
        jobs.map((job) => job.lockToken),
      ]);
      const extended = new Set(result.rows.map((row) => row.id));
      for (const job of jobs) {
        if (extended.has(job.id)) job.leaseDeadline = sentAt + leaseMs;
        else if (lost(job)) abortLost(job, 'its lease was taken over or the job was removed');
      }
    } catch (error) {
      log.warn({ err: error }, 'heartbeat failed');
      const now = performance.now();
      for (const job of jobs)
        if (lost(job) && now > job.leaseDeadline) abortLost(job, 'heartbeats failed until it expired');
    } finally {
      beating = false;
    }
  }

  const timer = setInterval(() => void heartbeat(), Math.max(100, Math.floor(leaseMs / 3)));
  return { stop: () => clearInterval(timer) };
}
