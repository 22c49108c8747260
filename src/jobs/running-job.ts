import type { Knex } from '../db/knex.js';
import type { Logger } from '../logger.js';
import { DELETE_LEASED_JOB, LOCK_LEASED_JOB, leaseCte, RENEW_LEASED_JOB, runOnKnex } from './sql.js';
import { type JobContext, type LeaseGuard, LeaseLostError, type QueueName } from './types.js';

/** A row as the claim statement returns it. */
export interface ClaimedRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number | null;
  lock_token: string;
  last_error: string | null;
  lease_expired: boolean;
}

/** A job whose lease this process holds: from its claim until its last write (or hand-back). */
export interface RunningJob {
  readonly id: string;
  readonly lockToken: string;
  readonly queue: QueueName;
  readonly kind: string;
  readonly payload: Record<string, unknown>;
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly log: Logger;
  readonly controller: AbortController;
  /** performance.now() after which the lease may have expired in the database, unless renewed. */
  leaseDeadline: number;
  /** Open withLease/complete transactions: their row lock protects the job, so the heartbeat may skip it. */
  transactions: number;
  /** complete() committed: the row is gone. */
  completed: boolean;
  handlerDone: boolean;
  /** stop() returned it to the queue: nothing more is written for it. */
  handedBack: boolean;
}

export function createRunningJob(
  row: ClaimedRow,
  queue: QueueName,
  kindMaxAttempts: number,
  log: Logger,
  leaseDeadline: number,
): RunningJob {
  const executionId = row.payload?.executionId;
  return {
    id: row.id,
    lockToken: row.lock_token,
    queue,
    kind: row.kind,
    payload: row.payload,
    attempt: row.attempts,
    maxAttempts: row.max_attempts ?? kindMaxAttempts,
    log: log.child({
      jobId: row.id,
      kind: row.kind,
      attempt: row.attempts,
      ...(typeof executionId === 'string' ? { executionId } : {}),
    }),
    controller: new AbortController(),
    leaseDeadline,
    transactions: 0,
    completed: false,
    handlerDone: false,
    handedBack: false,
  };
}

/**
 * The handler's view of its job. Its transactions start by row-locking the job under its
 * `lock_token` (complete() by deleting it, which locks it as well): a worker that lost its lease
 * writes nothing, and while the transaction runs no other worker can claim the job.
 */
export function createJobContext(job: RunningJob, db: Knex, leaseMs: number): JobContext {
  const lost = () => new LeaseLostError(`job ${job.id} is no longer leased to this worker`);
  const inLease = async <T>(work: (trx: Knex.Transaction) => Promise<T>, finish: 'renew' | 'delete'): Promise<T> => {
    job.transactions += 1;
    try {
      const sentAt = performance.now();
      const result = await db.transaction(async (trx) => {
        const first = finish === 'delete' ? DELETE_LEASED_JOB : LOCK_LEASED_JOB;
        const held = await runOnKnex(trx, first, [job.id, job.lockToken]);
        if (held.length === 0) throw lost();
        const value = await work(trx);
        if (finish === 'renew') await runOnKnex(trx, RENEW_LEASED_JOB, [job.id, job.lockToken, leaseMs]);
        return value;
      });
      if (finish === 'delete') job.completed = true;
      else job.leaseDeadline = Math.max(job.leaseDeadline, sentAt + leaseMs);
      return result;
    } finally {
      job.transactions -= 1;
    }
  };
  const leased = async <T>(finish: 'renew' | 'delete', work: (db: Knex, guard: LeaseGuard) => Promise<T>) => {
    job.transactions += 1;
    try {
      const sentAt = performance.now();
      let checked = false;
      const guard: LeaseGuard = {
        cte: leaseCte(finish),
        cteWhen: (condition) => leaseCte(finish, condition),
        bindings: finish === 'delete' ? [job.id, job.lockToken] : [leaseMs, job.id, job.lockToken],
        check: (held) => {
          checked = true;
          if (!held) throw lost();
        },
      };
      const result = await work(db, guard);
      if (!checked) throw new Error(`job ${job.id}: leased work returned without checking its lease`);
      if (finish === 'delete') job.completed = true;
      else job.leaseDeadline = Math.max(job.leaseDeadline, sentAt + leaseMs);
      return result;
    } finally {
      job.transactions -= 1;
    }
  };
  return {
    jobId: job.id,
    attempt: job.attempt,
    maxAttempts: job.maxAttempts,
    log: job.log,
    signal: job.controller.signal,
    withLease: (work) => inLease(work, 'renew'),
    complete: (work) => inLease(work, 'delete'),
    leased,
  };
}
