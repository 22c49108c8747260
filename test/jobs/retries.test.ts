import t from 'tap';
import { enqueueJob, enqueueJobs } from '../../src/jobs/enqueue.js';
import type { JobKind } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';
import { capturedLogger, jobRows, startWorkers, waitFor } from './helpers.js';

const RETRY_BASE_MS = 200;

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

t.beforeEach(async () => {
  await knex('jobs').delete();
});

t.test('a failing job is retried with growing delays, then fails for good once', async (t) => {
  const attempts: Array<{ attempt: number; maxAttempts: number; startedAt: number; failedAt: number }> = [];
  const terminal: Array<{ message: string; failedAtInTransaction: unknown }> = [];
  const flaky: JobKind<{ executionId: string }> = {
    queue: 'io',
    maxAttempts: 3,
    run: async (_payload, context) => {
      const startedAt = Date.now();
      attempts.push({ attempt: context.attempt, maxAttempts: context.maxAttempts, startedAt, failedAt: Date.now() });
      throw new Error(`receiver answered 503 (attempt ${context.attempt})`);
    },
    onTerminalFailure: async (_payload, error, trx) => {
      // The hook runs in the transaction that records the failure: it sees the row as failed.
      const row = await trx('jobs').first('failed_at');
      terminal.push({ message: error.message, failedAtInTransaction: row?.failed_at });
    },
  };
  const workers = await startWorkers(database, { flaky }, { retryBaseMs: RETRY_BASE_MS });
  t.teardown(() => workers.stop(1000));
  const id = await enqueueJob(knex, { kind: 'flaky', queue: 'io', payload: { executionId: 'e-1' } });

  await waitFor(() => terminal.length === 1, 'the terminal failure');
  t.same(
    attempts.map((a) => [a.attempt, a.maxAttempts]),
    [
      [1, 3],
      [2, 3],
      [3, 3],
    ],
  );
  // Lower bounds only: the n-th retry waits at least half of base * 2^(n-1) (equal jitter).
  t.ok(attempts[1]!.startedAt - attempts[0]!.failedAt >= RETRY_BASE_MS / 2, 'first backoff');
  t.ok(attempts[2]!.startedAt - attempts[1]!.failedAt >= RETRY_BASE_MS, 'second backoff, doubled');
  t.equal(terminal[0]!.message, 'receiver answered 503 (attempt 3)');
  t.ok(terminal[0]!.failedAtInTransaction, 'the hook saw the failure being recorded');

  const [row] = await jobRows(knex);
  t.equal(String(row!.id), id);
  t.ok(row!.failed_at, 'failed_at is set');
  t.equal(row!.last_error, 'receiver answered 503 (attempt 3)');
  t.equal(row!.attempts, 3);
  t.match(row, { locked_by: null, lock_token: null, lease_until: null });
  await workers.stop(1000);
  t.equal(attempts.length, 3, 'a failed job is never claimed again');
  t.equal(terminal.length, 1, 'onTerminalFailure was called once');
});

t.test('a job that succeeds on a retry is completed', async (t) => {
  const attempts: number[] = [];
  const kind: JobKind = {
    queue: 'cpu',
    maxAttempts: 5,
    run: async (_payload, context) => {
      attempts.push(context.attempt);
      if (context.attempt < 2) throw new Error('not yet');
    },
  };
  const workers = await startWorkers(database, { kind }, { retryBaseMs: 20 });
  t.teardown(() => workers.stop(1000));
  await enqueueJob(knex, { kind: 'kind', queue: 'cpu', payload: {} });
  await waitFor(async () => attempts.length === 2 && (await jobRows(knex)).length === 0, 'the retry completes');
  t.same(attempts, [1, 2]);
});

t.test('a failing onTerminalFailure rolls the failure back and is tried again until it succeeds', async (t) => {
  let runs = 0;
  const hookCalls: string[] = [];
  const kind: JobKind = {
    queue: 'io',
    maxAttempts: 1,
    run: async () => {
      runs += 1;
      throw new Error('conversion crashed');
    },
    onTerminalFailure: async (_payload, error, trx) => {
      hookCalls.push(error.message);
      await trx.raw('select 1');
      if (hookCalls.length === 1) throw new Error('the hook failed once');
    },
  };
  const workers = await startWorkers(database, { kind }, { retryBaseMs: 20 });
  t.teardown(() => workers.stop(1000));
  await enqueueJob(knex, { kind: 'kind', queue: 'io', payload: {} });
  await waitFor(async () => (await jobRows(knex))[0]?.failed_at != null, 'the failure is recorded');
  t.equal(runs, 1, 'the handler ran once: the retries only record the failure');
  t.same(hookCalls, ['conversion crashed', 'conversion crashed'], 'the second call succeeded');
  const [row] = await jobRows(knex);
  t.equal(row!.last_error, 'conversion crashed');
});

t.test('a job is claimed only by a process that knows its kind', async (t) => {
  const ran: string[] = [];
  const known: JobKind = {
    queue: 'io',
    maxAttempts: 1,
    run: async () => {
      ran.push('known');
    },
  };
  // One statement, so the first claim (which asks for up to 4 jobs) could see both.
  await enqueueJobs(knex, [
    { kind: 'from-a-newer-release', queue: 'io', payload: {} },
    { kind: 'known', queue: 'io', payload: {} },
  ]);
  const workers = await startWorkers(database, { known });
  t.teardown(() => workers.stop(1000));
  await waitFor(async () => (await jobRows(knex)).length === 1, 'the known job completes');
  t.same(ran, ['known']);
  t.match(await jobRows(knex), [{ kind: 'from-a-newer-release', attempts: 0, locked_by: null }]);
});

t.test("each job logs through a child logger bound to the job and the payload's executionId", async (t) => {
  const captured = capturedLogger();
  const kind: JobKind = {
    queue: 'io',
    maxAttempts: 2,
    run: async (_payload, context) => {
      context.log.info('converting');
    },
  };
  const workers = await startWorkers(database, { convert: kind }, { logger: captured.logger, workerId: 'worker-7' });
  t.teardown(() => workers.stop(1000));
  const id = await enqueueJob(knex, { kind: 'convert', queue: 'io', payload: { executionId: 'exec-42' } });
  await waitFor(() => captured.lines.some((line) => line.msg === 'converting'), 'the handler logs');
  t.match(
    captured.lines.find((line) => line.msg === 'converting'),
    {
      jobId: id,
      kind: 'convert',
      attempt: 1,
      executionId: 'exec-42',
      workerId: 'worker-7',
    },
  );
});
