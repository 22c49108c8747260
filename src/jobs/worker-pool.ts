import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import type { Knex } from '../db/knex.js';
import type { Logger } from '../logger.js';
import { backoffMs } from './backoff.js';
import { CompletionBatcher } from './completion-batcher.js';
import { channelForQueue } from './enqueue.js';
import { createNotificationListener, type NotificationListener } from './notification-listener.js';
import { QueueRunner } from './queue-runner.js';
import { type ClaimedRow, createJobContext, createRunningJob, type RunningJob } from './running-job.js';
import { CLAIM_JOBS, EXTEND_LEASES, FAIL_JOB, HAND_BACK_JOBS, RETRY_JOB, runOnKnex, type Statement } from './sql.js';
import { JobHandedBackError, type JobKind, LeaseLostError, QUEUE_NAMES, type QueueName } from './types.js';

export interface JobWorkerOptions {
  /** For the handlers' transactions (withLease, complete) and terminal failures. */
  db: Knex;
  /** The claim loop's own small pool and, unless `listener` is given, the LISTEN connection. */
  databaseUrl: string;
  logger: Logger;
  kinds: Record<string, JobKind>;
  /** Jobs run at once per queue by this process; 0 leaves a queue to other processes. */
  concurrency: Record<QueueName, number>;
  leaseMs?: number;
  pollMs?: number;
  workerId?: string;
  /** A shared listener (not closed by stop()); null runs on the poll alone. Default: one of its own. */
  listener?: NotificationListener | null;
  /** First retry delay; doubles per attempt, jittered (default 1000). */
  retryBaseMs?: number;
  /** Longest retry delay (default one hour). */
  retryMaxMs?: number;
}

export interface JobWorkers {
  readonly workerId: string;
  /** Stops claiming, lets running jobs finish for up to `graceMs`, then hands the rest back (their attempt not counted) and aborts their signals. */
  stop(graceMs: number): Promise<void>;
}

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

export async function startJobWorkers(options: JobWorkerOptions): Promise<JobWorkers> {
  const leaseMs = options.leaseMs ?? 15_000;
  const pollMs = options.pollMs ?? 1_000;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const log = options.logger.child({ workerId });
  const kindNames = Object.keys(options.kinds);
  const { db, kinds } = options;

  // The hot loop's statements go through a small pg pool of its own, prepared once per
  // connection, without knex's pool and query layers (measured at about half the round-trip
  // time of an unprepared knex.raw). Its commits are asynchronous
  // (synchronous_commit=off): a claim, heartbeat, completion, retry or hand-back does not wait
  // for its WAL flush, which on a busy machine is most of a claim's latency. A database crash
  // can then forget the last fraction of a second of them, which the lease design already
  // survives: a forgotten claim makes the job claimable again (the old holder's guarded writes
  // and heartbeats then fail, so it stops), a forgotten completion or retry runs the job again
  // (at-least-once). Enqueues, handlers' transactions and terminal failures go through knex and
  // stay durable, and a durable commit also flushes every earlier asynchronous one.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 6,
    application_name: 'quire-jobs',
    options: '-c synchronous_commit=off',
  });
  pool.on('error', (error) => log.warn({ err: error }, 'an idle job-loop connection failed'));
  const query = <Row extends pg.QueryResultRow>(sql: Statement, values: unknown[]) =>
    pool.query<Row>({ name: sql.name, text: sql.text, values });

  const held = new Map<string, RunningJob>();
  const pendingWrites = new Set<Promise<void>>();
  const runners = new Map<QueueName, QueueRunner>();
  let handlersRunning = 0;
  let onIdle: (() => void) | null = null;
  let stopping: Promise<void> | null = null;

  const track = (write: Promise<void>) => {
    pendingWrites.add(write);
    void write.finally(() => pendingWrites.delete(write));
  };
  const release = (job: RunningJob) => held.delete(job.id);
  const completions = new CompletionBatcher(pool, log, release);

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

  async function run(job: RunningJob, row: ClaimedRow): Promise<void> {
    const kind = kinds[job.kind]!;
    let failure: unknown = null;
    let failed = false;
    try {
      if (job.attempt > job.maxAttempts) {
        // The last attempt's worker died (its lease expired), or recording the failure failed.
        failed = true;
        failure = new Error(
          row.lease_expired
            ? 'the last attempt did not finish: its lease expired (the worker stopped or lost the database)'
            : (row.last_error ?? 'the job failed'),
        );
      } else {
        job.log.debug('job started');
        await kind.run(job.payload, createJobContext(job, db, leaseMs));
      }
    } catch (error) {
      failed = true;
      failure = error;
    }
    job.handlerDone = true;
    handlersRunning -= 1;
    runners.get(job.queue)!.jobFinished();
    if (handlersRunning === 0) onIdle?.();

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
  }

  function start(queue: QueueName, row: ClaimedRow, sentAt: number): void {
    const kind = kinds[row.kind]!;
    const job = createRunningJob(row, queue, kind.maxAttempts, log, sentAt + leaseMs);
    if (row.lease_expired) job.log.warn('reclaimed a job whose lease expired');
    held.set(job.id, job);
    handlersRunning += 1;
    void run(job, row);
  }

  for (const queue of QUEUE_NAMES) {
    const concurrency = options.concurrency[queue];
    if (!(concurrency >= 1)) continue;
    const runner = new QueueRunner({
      queue,
      concurrency,
      pollMs,
      log,
      claim: async (limit) => (await query<ClaimedRow>(CLAIM_JOBS, [queue, kindNames, limit, workerId, leaseMs])).rows,
      start: (row, sentAt) => start(queue, row, sentAt),
      returnUnstarted: async (rows) => {
        await query(HAND_BACK_JOBS, [rows.map((row) => row.id), rows.map((row) => row.lock_token)]).catch((error) =>
          log.error({ err: error }, 'handing back unstarted jobs failed; they run again when their leases expire'),
        );
      },
    });
    runners.set(queue, runner);
  }

  /** One statement extends every lease held; a job whose lease could not be extended is aborted. */
  let beating = false;
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
  function abortLost(job: RunningJob, why: string): void {
    if (job.controller.signal.aborted) return;
    job.log.warn(`lease lost: ${why}`);
    job.controller.abort(new LeaseLostError(`job ${job.id}: lease lost (${why})`));
  }
  const heartbeatTimer = setInterval(() => void heartbeat(), Math.max(100, Math.floor(leaseMs / 3)));

  const listener =
    options.listener === undefined
      ? await createNotificationListener(options.databaseUrl, log, { applicationName: 'quire-jobs-listener' })
      : options.listener;
  const unsubscribes: Array<() => Promise<void>> = [];
  let unregisterReconnect = () => {};
  if (listener) {
    for (const runner of runners.values()) {
      unsubscribes.push(await listener.subscribe(channelForQueue(runner.queue), () => runner.wake()));
    }
    unregisterReconnect = listener.onReconnect(() => {
      for (const runner of runners.values()) runner.wake();
    });
  }
  for (const runner of runners.values()) {
    runner.startPolling();
    runner.wake();
  }
  log.info({ concurrency: options.concurrency, kinds: kindNames, leaseMs, pollMs }, 'job workers started');

  async function handBack(): Promise<void> {
    const running = [...held.values()].filter((job) => !job.handlerDone);
    if (running.length === 0) return;
    for (const job of running) job.handedBack = true;
    let handed = new Set<string>();
    try {
      const result = await query<{ id: string }>(HAND_BACK_JOBS, [
        running.map((job) => job.id),
        running.map((job) => job.lockToken),
      ]);
      handed = new Set(result.rows.map((row) => row.id));
    } catch (error) {
      log.error({ err: error }, 'handing jobs back failed; they run again when their leases expire');
    }
    for (const job of running) {
      if (handed.has(job.id)) job.log.warn('shutdown: job handed back to the queue');
      else job.log.warn('shutdown: job could not be handed back; it runs again when its lease expires');
      job.controller.abort(new JobHandedBackError(`job ${job.id} was handed back: the worker is stopping`));
      held.delete(job.id);
    }
  }

  async function stop(graceMs: number): Promise<void> {
    log.info({ graceMs, running: handlersRunning }, 'job workers stopping');
    // Claiming stops at once (each runner's stop() flags it before awaiting a claim in flight).
    const claimsStopped = Promise.all([...runners.values()].map((runner) => runner.stop()));
    unregisterReconnect();
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe().catch(() => {})));
    await claimsStopped;
    if (handlersRunning > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          onIdle = resolve;
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      onIdle = null;
    }
    await handBack();
    await completions.drain();
    await Promise.allSettled([...pendingWrites]);
    clearInterval(heartbeatTimer);
    if (options.listener === undefined) await listener?.close();
    await pool.end();
    log.info('job workers stopped');
  }

  return {
    workerId,
    stop(graceMs) {
      stopping ??= stop(graceMs);
      return stopping;
    },
  };
}
