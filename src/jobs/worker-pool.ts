import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import type { Knex } from '../db/knex.js';
import type { Logger } from '../logger.js';
import { channelForQueue } from './enqueue.js';
import { type JobLoopQuery, startLeaseKeeper } from './lease-keeper.js';
import { createNotificationListener, type NotificationListener } from './notification-listener.js';
import { createOutcomeRecorder } from './outcome-recorder.js';
import { QueueRunner } from './queue-runner.js';
import { type ClaimedRow, createJobContext, createRunningJob, type RunningJob } from './running-job.js';
import { CLAIM_JOBS, HAND_BACK_JOBS } from './sql.js';
import { JobHandedBackError, type JobKind, QUEUE_NAMES, type QueueName } from './types.js';

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
  const query: JobLoopQuery = (sql, values) => pool.query({ name: sql.name, text: sql.text, values });

  const held = new Map<string, RunningJob>();
  const runners = new Map<QueueName, QueueRunner>();
  let handlersRunning = 0;
  let onIdle: (() => void) | null = null;
  let stopping: Promise<void> | null = null;

  const outcomes = createOutcomeRecorder({
    db,
    pool,
    query,
    kinds,
    retryBaseMs,
    retryMaxMs,
    log,
    release: (job) => held.delete(job.id),
  });

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
    outcomes.record(job, failed, failure);
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

  const leases = startLeaseKeeper(held, query, leaseMs, log);

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
    await outcomes.drain();
    leases.stop();
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
