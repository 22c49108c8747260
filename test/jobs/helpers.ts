import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Knex } from '../../src/db/knex.js';
import type { JobKind, QueueName } from '../../src/jobs/types.js';
import { type JobWorkerOptions, type JobWorkers, startJobWorkers } from '../../src/jobs/worker-pool.js';
import type { Logger } from '../../src/logger.js';
import type { TestDatabase } from '../helpers/database.js';

/** What the job-loop tests share: a captured logger, waiting without timed assertions, a pool on a test database. */

export interface CapturedLogger {
  logger: Logger;
  lines: Array<Record<string, any>>;
}

/** A pino logger whose lines are kept (parsed) for assertions; LOG_JOBS=1 also prints them. */
export function capturedLogger(): CapturedLogger {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        lines.push(JSON.parse(line));
        if (process.env.LOG_JOBS) process.stderr.write(`${line}\n`);
      }
      callback();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `condition` holds. The deadline only turns a hang into a readable failure; it is
 * far above anything the condition should need, even on a busy machine.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = 60_000,
): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > deadlineMs) throw new Error(`gave up waiting for: ${what}`);
    await sleep(20);
  }
}

export function startWorkers(
  database: TestDatabase,
  kinds: Record<string, JobKind>,
  options: Partial<JobWorkerOptions> = {},
): Promise<JobWorkers> {
  return startJobWorkers({
    db: database.knex,
    databaseUrl: database.url,
    logger: pino({ level: process.env.LOG_JOBS ? 'debug' : 'silent' }),
    kinds,
    concurrency: { cpu: 2, io: 4 } satisfies Record<QueueName, number>,
    leaseMs: 2000,
    pollMs: 200,
    retryBaseMs: 50,
    ...options,
  });
}

export async function jobRows(knex: Knex): Promise<Array<Record<string, any>>> {
  return knex('jobs').select('*').orderBy('id');
}
