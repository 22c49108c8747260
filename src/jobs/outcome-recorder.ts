import type pg from 'pg';
import type { Knex } from '../db/knex.js';
import type { Logger } from '../logger.js';
import { backoffMs } from './backoff.js';
import { CompletionBatcher } from './completion-batcher.js';
import type { JobLoopQuery } from './lease-keeper.js';
import type { RunningJob } from './running-job.js';
import { FAIL_JOB, RETRY_JOB, runOnKnex } from './sql.js';
import { type JobKind, LeaseLostError } from './types.js';

const MAX_ERROR_TEXT = 4000;

/** `last_error`: the message, prefixed by the error's name unless it is a plain Error (so a message read back and stored again stays the same). */
function errorText(error: unknown): string {
  const text =
    error instanceof Error
      ? error.name === 'Error'
        ? error.message
        : `${error.name}: ${error.message}`
      : String(error);
  return text.slice(0, MAX_ERROR_TEXT);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

export interface OutcomeRecorderOptions {
  readonly db: Knex;
  readonly pool: pg.Pool;
  readonly query: JobLoopQuery;
  readonly kinds: Record<string, JobKind>;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly log: Logger;
  /** Called for every job once its outcome is written (or could not be): the process stops holding it. */
  readonly release: (job: RunningJob) => void;
}

export interface OutcomeRecorder {
  /** Records how a job's handler ended: `failure` is what it threw, when `failed`. */
  record(job: RunningJob, failed: boolean, failure: unknown): void;
  /** Waits for every outcome still being written. */
  drain(): Promise<void>;
}

/**
 * Writes the end of each run: a completion (batched), a retry with backoff, or the terminal
 * failure with the kind's onTerminalFailure hook. Nothing is written for a job handed back, a
 * job that completed itself, or a job whose lease was lost (the new holder owns the row).
 */
export function createOutcomeRecorder(options: OutcomeRecorderOptions): OutcomeRecorder {
  const { db, query, kinds, retryBaseMs, retryMaxMs, release } = options;
  const completions = new CompletionBatcher(options.pool, options.log, release);
  const pendingWrites = new Set<Promise<void>>();

  const track = (write: Promise<void>) => {
    pendingWrites.add(write);
    void write.finally(() => pendingWrites.delete(write));
  };

  /** Back to the queue after `delayMs`, its attempt counted. Answers false when the lease was already lost. */
  async function releaseForRetry(job: RunningJob, error: unknown, delayMs: number): Promise<boolean> {
    const result = await query(RETRY_JOB, [job.id, job.lockToken, delayMs, errorText(error)]);
    return result.rowCount !== 0;
  }

  async function retry(job: RunningJob, error: unknown): Promise<void> {
    const delay = backoffMs(job.attempt, retryBaseMs, retryMaxMs);
    try {
      if (await releaseForRetry(job, error, delay))
        job.log.warn({ err: error, retryInMs: delay }, 'job failed; will retry');
      else job.log.warn({ err: error }, 'job failed after its lease was lost; the retry was not recorded');
    } catch (writeError) {
      job.log.error({ err: writeError }, 'recording the retry failed; the job runs again when its lease expires');
    }
  }

  /**
   * The failure and the kind's onTerminalFailure commit together. If the hook (or the write)
   * fails, both roll back and the job is released with a backoff; its attempts already spent,
   * it comes straight back to this path without running again: the hook is called until it
   * succeeds, and not after.
   */
  async function failForGood(job: RunningJob, error: Error): Promise<void> {
    const kind = kinds[job.kind]!;
    try {
      const recorded = await db.transaction(async (trx) => {
        const rows = await runOnKnex(trx, FAIL_JOB, [job.id, job.lockToken, errorText(error)]);
        if (rows.length === 0) return false;
        await kind.onTerminalFailure?.(job.payload, error, trx, job.log);
        return true;
      });
      if (recorded) job.log.error({ err: error }, 'job failed on its last attempt');
      else job.log.warn({ err: error }, 'job failed after its lease was lost; the failure was not recorded');
    } catch (hookError) {
      const delay = backoffMs(job.attempt, retryBaseMs, retryMaxMs);
      job.log.error({ err: hookError, retryInMs: delay }, 'recording the terminal failure failed; trying again later');
      await releaseForRetry(job, error, delay).catch((writeError) =>
        job.log.error({ err: writeError }, 'releasing the job failed; it comes back when its lease expires'),
      );
    }
  }

  return {
    record(job, failed, failure) {
      if (job.handedBack) return;
      if (job.completed) {
        if (failed) job.log.warn({ err: failure }, 'job threw after complete(); it stays completed');
        release(job);
        return;
      }
      if (!failed) {
        completions.add(job);
        return;
      }
      // Whatever it threw (LeaseLostError, or an AbortError of work it tied to the signal), a job
      // that lost its lease has nothing to record: the new holder owns the row.
      if (failure instanceof LeaseLostError || job.controller.signal.reason instanceof LeaseLostError) {
        job.log.warn({ err: failure }, 'job stopped: its lease was lost');
        release(job);
        return;
      }
      const write = job.attempt >= job.maxAttempts ? failForGood(job, asError(failure)) : retry(job, failure);
      track(write.finally(() => release(job)));
    },
    async drain() {
      await completions.drain();
      await Promise.allSettled([...pendingWrites]);
    },
  };
}
