// `npm run bench:queue`: quire's job loop (src/jobs/) against graphile-worker 0.17 on the same
// workload, in one process, on one scratch database (dropped at the end):
//   1. idle latency: enqueue one job and measure until its handler starts, one at a time
//      (BENCH_QUEUE_SAMPLES in all, after a warm-up), reported as p50/p99;
//   2. burn-down: BENCH_QUEUE_JOBS no-op jobs enqueued up front, then workers with the same
//      concurrency start and run them all; jobs per second until the last job is done and
//      deleted (worker start-up included).
// The two systems take turns over BENCH_QUEUE_ROUNDS rounds (order swapped each round) so a
// neighbour's load on a shared machine hits both alike; burn-down rates are the median round,
// latency percentiles are over every sample. Both job tables are vacuumed before each phase:
// otherwise the dead rows of the previous phase slow the next one's scans until autovacuum runs.
// graphile-worker runs with its defaults (no local queue, no batched completion), as `run()`.
//
// Settings (environment): DATABASE_URL (admin URL; default the local server), BENCH_QUEUE_JOBS
// (default 20000), BENCH_QUEUE_SAMPLES (default 1000), BENCH_QUEUE_CONCURRENCY (default 10),
// BENCH_QUEUE_ROUNDS (default 3).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Logger as GraphileLogger, makeWorkerUtils, type Runner, run as runGraphileWorker } from 'graphile-worker';
import { pino } from 'pino';
import { createDb, type Knex } from '../src/db/knex.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { enqueueJob, enqueueJobs, type NewJob } from '../src/jobs/enqueue.js';
import { type JobWorkers, startJobWorkers } from '../src/jobs/worker-pool.js';
import { admin, machineLine, positiveInteger, urlForDatabase } from './bench-support.js';

const jobCount = positiveInteger('BENCH_QUEUE_JOBS', 20_000);
const sampleCount = positiveInteger('BENCH_QUEUE_SAMPLES', 1_000);
const concurrency = positiveInteger('BENCH_QUEUE_CONCURRENCY', 10);
const rounds = positiveInteger('BENCH_QUEUE_ROUNDS', 3);
const WARM_UP = 50;
const ENQUEUE_CHUNK = 2_000;

/** What each system provides to the shared harness. */
interface System {
  readonly name: string;
  readonly table: string;
  enqueueMany(count: number): Promise<void>;
  enqueueOne(): Promise<void>;
  /** Starts workers whose one task, a no-op, calls `onJob`. */
  start(onJob: () => void): Promise<void>;
  stop(): Promise<void>;
}

interface Totals {
  latencies: number[];
  jobsPerSecond: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Resolves when `check` answers true, checking every few milliseconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** "cpu pressure 41%": the share of the last minute some task waited for a CPU (Linux PSI). */
function cpuPressure(): string {
  try {
    const avg60 = /avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1];
    return avg60 ? `, cpu pressure ${avg60}%` : '';
  } catch {
    return '';
  }
}

async function runRound(knex: Knex, system: System, samples: number, totals: Totals): Promise<void> {
  const empty = async () =>
    (await knex.raw(`select not exists (select 1 from ${system.table}) as empty`)).rows[0].empty;
  let ran = 0;
  let onStart: (() => void) | null = null;
  const onJob = () => {
    ran += 1;
    onStart?.();
  };

  await knex.raw(`vacuum analyze ${system.table}`);
  await system.start(onJob);
  for (let i = 0; i < WARM_UP + samples; i++) {
    const handlerStarted = new Promise<number>((resolve) => {
      onStart = () => resolve(performance.now());
    });
    const enqueuedAt = performance.now();
    await system.enqueueOne();
    const latency = (await handlerStarted) - enqueuedAt;
    if (i >= WARM_UP) totals.latencies.push(latency);
    // Each sample starts from an idle queue: the previous job is done and deleted.
    await until(empty);
  }
  onStart = null;
  await system.stop();

  await system.enqueueMany(jobCount);
  await knex.raw(`vacuum analyze ${system.table}`);
  ran = 0;
  const startedAt = performance.now();
  await system.start(onJob);
  await until(async () => ran >= jobCount && (await empty()));
  const seconds = (performance.now() - startedAt) / 1000;
  await system.stop();
  if (ran !== jobCount) throw new Error(`${system.name}: expected ${jobCount} runs, saw ${ran}`);
  totals.jobsPerSecond.push(jobCount / seconds);
  process.stdout.write(`  ${system.name}: ${Math.round(jobCount / seconds)} jobs/s${cpuPressure()}\n`);
}

function quireSystem(databaseUrl: string, knex: Knex): System {
  const job: NewJob = { kind: 'noop', queue: 'io', payload: {} };
  let workers: JobWorkers | null = null;
  return {
    name: 'quire',
    table: 'jobs',
    async enqueueMany(count) {
      for (let done = 0; done < count; done += ENQUEUE_CHUNK) {
        await enqueueJobs(
          knex,
          Array.from({ length: Math.min(ENQUEUE_CHUNK, count - done) }, () => job),
        );
      }
    },
    async enqueueOne() {
      await enqueueJob(knex, job);
    },
    async start(onJob) {
      workers = await startJobWorkers({
        db: knex,
        databaseUrl,
        logger: pino({ level: 'warn' }),
        kinds: { noop: { queue: 'io', maxAttempts: 1, run: async () => onJob() } },
        concurrency: { cpu: 0, io: concurrency },
      });
    },
    stop: () => workers!.stop(5_000),
  };
}

async function graphileSystem(databaseUrl: string): Promise<System & { release(): Promise<void> }> {
  const logger = new GraphileLogger(() => () => {});
  const utils = await makeWorkerUtils({ connectionString: databaseUrl, logger });
  await utils.migrate();
  let runner: Runner | null = null;
  return {
    name: 'graphile-worker',
    table: 'graphile_worker._private_jobs',
    async enqueueMany(count) {
      for (let done = 0; done < count; done += ENQUEUE_CHUNK) {
        const specs = Array.from({ length: Math.min(ENQUEUE_CHUNK, count - done) }, () => ({
          identifier: 'noop',
          payload: {},
        }));
        await utils.addJobs(specs);
      }
    },
    async enqueueOne() {
      await runner!.addJob('noop', {});
    },
    async start(onJob) {
      runner = await runGraphileWorker({
        connectionString: databaseUrl,
        concurrency,
        noHandleSignals: true,
        pollInterval: 1_000,
        logger,
        taskList: { noop: async () => onJob() },
      });
    },
    stop: () => runner!.stop(),
    release: async () => {
      await utils.release();
    },
  };
}

async function main(): Promise<boolean> {
  const databaseName = `quire_bench_queue_${randomBytes(4).toString('hex')}`;
  const databaseUrl = urlForDatabase(databaseName);
  await admin(`create database ${databaseName}`);
  const knex = createDb(databaseUrl, { poolMax: 4 });
  let ok = false;
  try {
    await migrateToLatest(knex);
    process.stdout.write(
      `${machineLine()}${cpuPressure()}; ${jobCount} jobs, concurrency ${concurrency}, ` +
        `${sampleCount} latency samples, ${rounds} rounds\n`,
    );
    const quire = quireSystem(databaseUrl, knex);
    const graphile = await graphileSystem(databaseUrl);
    const totals = new Map<System, Totals>([
      [quire, { latencies: [], jobsPerSecond: [] }],
      [graphile, { latencies: [], jobsPerSecond: [] }],
    ]);
    try {
      for (let round = 0; round < rounds; round++) {
        process.stdout.write(`round ${round + 1}\n`);
        const order = round % 2 === 0 ? [graphile, quire] : [quire, graphile];
        const samples = Math.ceil(sampleCount / rounds);
        for (const system of order) await runRound(knex, system, samples, totals.get(system)!);
      }
    } finally {
      await graphile.release();
    }
    const q = totals.get(quire)!;
    const g = totals.get(graphile)!;
    q.latencies.sort((a, b) => a - b);
    g.latencies.sort((a, b) => a - b);
    const row = (name: string, qv: number, gv: number, digits: number) =>
      `| ${name} | ${qv.toFixed(digits)} | ${gv.toFixed(digits)} | ${(qv / gv).toFixed(2)} |\n`;
    process.stdout.write(
      `\n| measure | quire | graphile-worker | quire/graphile |\n|:--|--:|--:|--:|\n` +
        row(
          `burn-down, jobs/s (concurrency ${concurrency}, median of ${rounds})`,
          median(q.jobsPerSecond),
          median(g.jobsPerSecond),
          0,
        ) +
        row('enqueue-to-start p50, ms', percentile(q.latencies, 50), percentile(g.latencies, 50), 2) +
        row('enqueue-to-start p99, ms', percentile(q.latencies, 99), percentile(g.latencies, 99), 2),
    );
    ok = true;
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).stack}\n`);
  } finally {
    await knex.destroy();
    await admin(`drop database if exists ${databaseName} with (force)`).catch((error) =>
      process.stderr.write(`bench: could not drop ${databaseName}: ${error}\n`),
    );
  }
  return ok;
}

process.exit((await main()) ? 0 : 1);
