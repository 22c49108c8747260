import type { Knex } from '../db/knex.js';
import type { Logger } from '../logger.js';

/** `cpu`: document conversion and other CPU-heavy work; `io`: webhook delivery and other waiting. */
export const QUEUE_NAMES = ['cpu', 'io'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
export const [CPU_QUEUE, IO_QUEUE] = QUEUE_NAMES;

/**
 * Claim order: within a queue, higher first. A caller waiting on the answer (a synchronous
 * request) goes ahead of background work.
 */
export const JOB_PRIORITY = Object.freeze({ background: 0, callerWaits: 1 });

/** What a job kind fixes for every job of it: its name, its queue and how many attempts it gets. */
export interface JobKindName {
  readonly name: string;
  readonly queue: QueueName;
  /** Used unless the job was enqueued with its own `maxAttempts`. */
  readonly maxAttempts: number;
}

export interface JobContext {
  readonly jobId: string;
  /** 1-based; an attempt handed back at shutdown is not counted. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** pino child logger bound to `jobId`, `kind`, `attempt` and the payload's `executionId`. */
  readonly log: Logger;
  /** Aborted when the lease is lost or shutdown hands the job back. */
  readonly signal: AbortSignal;
  /** Runs work in a transaction that first checks (and row-locks) this claim; throws LeaseLostError when the claim is no longer ours (nothing is written). */
  withLease<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /** Like withLease, and deletes the job in the same transaction: the domain result and the completion commit together or not at all. */
  complete<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /**
   * withLease (`renew`) or complete (`delete`) for work that makes its change in one statement,
   * or opens its own transaction, so the lease check costs no round trip of its own: `work`
   * puts `guard.cte` (with `guard.bindings`) as a CTE of its first statement, writes nothing
   * unless that CTE returned a row, and calls `guard.check(held)` with whether it did (which
   * throws LeaseLostError when not) before anything else.
   */
  leased<T>(finish: 'renew' | 'delete', work: (db: Knex, guard: LeaseGuard) => Promise<T>): Promise<T>;
}

/** A job's lease check as a CTE of the caller's statement (JobContext.leased). */
export interface LeaseGuard {
  /** The body of the CTE: renews the lease or deletes the job while the claim is ours, returning its id. */
  readonly cte: string;
  /** Its knex `?` bindings, in order. */
  readonly bindings: readonly (string | number)[];
  /**
   * `cte` that also requires `condition` (SQL whose `?` bindings follow `bindings`): when it does
   * not hold, nothing changes and `check(false)` throws as for a lost lease, so the job is left
   * to run again once its lease runs out.
   */
  cteWhen(condition: string): string;
  /** Whether the CTE returned a row; throws LeaseLostError when it did not. */
  check(held: boolean): void;
}

export interface JobKind<P = any> {
  readonly queue: QueueName;
  /** Used unless the job was enqueued with its own `maxAttempts`. */
  readonly maxAttempts: number;
  /** Returning = success (the loop completes the job unless complete() was called); throwing = retry or terminal failure. */
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once, after the last attempt failed, in the transaction that records the job's failure. */
  onTerminalFailure?(payload: P, error: Error, trx: Knex.Transaction, log: Logger): Promise<void>;
}

/** The claim is no longer ours: its lease expired and another worker may be running the job. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** The abort reason of a job that shutdown handed back to the queue before it finished. */
export class JobHandedBackError extends Error {
  override name = 'JobHandedBackError';
}
