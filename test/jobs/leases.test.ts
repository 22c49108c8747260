import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import t, { type Test } from 'tap';
import { enqueueJob } from '../../src/jobs/enqueue.js';
import { type JobKind, type LeaseGuard, LeaseLostError } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';
import { deferred, jobRows, sleep, startWorkers, waitFor } from './helpers.js';

const LEASE_MS = 1500;

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;
await knex.schema.createTable('job_effects', (table) => {
  table.text('job_id').notNullable();
  table.text('worker').notNullable();
});

t.beforeEach(async () => {
  await knex('jobs').delete();
});

const effects = (jobId: string) => knex('job_effects').where({ job_id: jobId }).select('worker');

/** A worker pool in its own process (fixtures/worker-process.ts), as on another machine. */
async function spawnWorkerProcess(t: Test) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'worker-process.ts')],
    {
      env: { ...process.env, DATABASE_URL: database.url, LEASE_MS: String(LEASE_MS) },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  });
  const messages: Array<Record<string, any>> = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => messages.push(JSON.parse(line)));
  await waitFor(() => messages.some((message) => message.ready), 'the worker process is ready');
  return {
    child,
    messages,
    exited,
    send: (command: object) => child.stdin!.write(`${JSON.stringify(command)}\n`),
    saw: (match: (message: Record<string, any>) => boolean) => messages.find(match),
  };
}

t.test(
  'a frozen worker loses its lease: another pool re-runs the job, and the frozen one writes nothing',
  async (t) => {
    const other = await spawnWorkerProcess(t);
    const id = await enqueueJob(knex, { kind: 'stall', queue: 'io', payload: {} });
    await waitFor(() => Boolean(other.saw((m) => m.started === id)), 'the other process starts the job');
    t.equal(other.saw((m) => m.started === id)!.attempt, 1);
    other.child.kill('SIGSTOP');

    const attempts: number[] = [];
    const stall: JobKind = {
      queue: 'io',
      maxAttempts: 3,
      run: async (_payload, context) => {
        attempts.push(context.attempt);
        await context.complete((trx) => trx('job_effects').insert({ job_id: context.jobId, worker: 'parent' }));
      },
    };
    const workers = await startWorkers(database, { stall }, { leaseMs: LEASE_MS, pollMs: 100 });
    t.teardown(() => workers.stop(1000));
    await waitFor(async () => attempts.length === 1 && (await jobRows(knex)).length === 0, 'the re-run completes');
    t.same(attempts, [2], 'the re-run is the second attempt');

    other.child.kill('SIGCONT');
    other.send({ go: id });
    await waitFor(() => Boolean(other.saw((m) => m.failedToComplete === id)), 'the thawed worker tries to complete');
    t.match(
      other.saw((m) => m.failedToComplete === id),
      { error: 'LeaseLostError' },
    );
    t.same(await effects(id), [{ worker: 'parent' }], 'only the re-run wrote its result');
  },
);

t.test('a killed worker: its jobs are reclaimed, and one on its last attempt fails for good', async (t) => {
  const other = await spawnWorkerProcess(t);
  const retried = await enqueueJob(knex, { kind: 'stall', queue: 'io', payload: { name: 'retried' } });
  const last = await enqueueJob(knex, { kind: 'stall', queue: 'io', payload: { name: 'last' }, maxAttempts: 1 });
  await waitFor(
    () => Boolean(other.saw((m) => m.started === retried) && other.saw((m) => m.started === last)),
    'the other process starts both jobs',
  );
  other.child.kill('SIGKILL');
  await other.exited;

  const runs: Array<[string, number]> = [];
  const terminal: Array<[string, string]> = [];
  const stall: JobKind<{ name: string }> = {
    queue: 'io',
    maxAttempts: 3,
    run: async (payload, context) => {
      runs.push([payload.name, context.attempt]);
    },
    onTerminalFailure: async (payload, error) => {
      terminal.push([payload.name, error.message]);
    },
  };
  const workers = await startWorkers(database, { stall }, { leaseMs: LEASE_MS, pollMs: 100 });
  t.teardown(() => workers.stop(1000));
  await waitFor(() => runs.length === 1 && terminal.length === 1, 'both jobs are reclaimed');
  t.same(runs, [['retried', 2]], 'the job with attempts left runs again');
  t.equal(terminal.length, 1);
  t.match(terminal[0], ['last', /lease expired/]);
  await waitFor(async () => (await jobRows(knex)).length === 1, 'the retried job is completed');
  const [failed] = await jobRows(knex);
  t.equal(String(failed!.id), last);
  t.ok(failed!.failed_at, 'the terminal failure is recorded');
  t.match(failed!.last_error, /lease expired/);
  t.equal(failed!.locked_by, null);
});

t.test('heartbeats keep a long job leased: no other pool takes it', async (t) => {
  const runs: string[] = [];
  const kind = (pool: string): JobKind => ({
    queue: 'cpu',
    maxAttempts: 3,
    run: async () => {
      runs.push(pool);
      // Several lease lengths: without heartbeats the other pool would reclaim it meanwhile.
      await sleep(LEASE_MS * 4);
    },
  });
  const first = await startWorkers(database, { long: kind('first') }, { leaseMs: LEASE_MS, pollMs: 100 });
  t.teardown(() => first.stop(1000));
  await enqueueJob(knex, { kind: 'long', queue: 'cpu', payload: {} });
  await waitFor(() => runs.length === 1, 'the first pool starts the job');
  const second = await startWorkers(database, { long: kind('second') }, { leaseMs: LEASE_MS, pollMs: 100 });
  t.teardown(() => second.stop(1000));
  await waitFor(async () => (await jobRows(knex)).length === 0, 'the job completes');
  t.same(runs, ['first']);
});

t.test('a worker whose claim was taken over gets LeaseLostError, writes nothing, and is aborted', async (t) => {
  const started = deferred<string>();
  const proceed = deferred();
  const outcome: Record<string, unknown> = {};
  const kind: JobKind = {
    queue: 'io',
    maxAttempts: 3,
    run: async (_payload, context) => {
      started.resolve(context.jobId);
      await proceed.promise;
      const write = (trx: any) => trx('job_effects').insert({ job_id: context.jobId, worker: 'parent' });
      outcome.withLease = await context.withLease(write).then(
        () => 'written',
        (error) => error,
      );
      outcome.complete = await context.complete(write).then(
        () => 'written',
        (error) => error,
      );
      // The same check as a CTE of the work's own statement.
      const leasedWrite = async (db: any, guard: LeaseGuard) => {
        const { rows } = await db.raw(
          `with lease as (${guard.cte}), written as (
             insert into job_effects (job_id, worker) select ?, 'parent' where exists (select 1 from lease)
           ) select exists (select 1 from lease) as held`,
          [...guard.bindings, context.jobId],
        );
        guard.check(rows[0].held);
      };
      for (const finish of ['renew', 'delete'] as const) {
        outcome[`leased ${finish}`] = await context.leased(finish, leasedWrite).then(
          () => 'written',
          (error) => error,
        );
      }
      // The next heartbeat finds the lease gone and aborts the signal.
      await waitFor(() => context.signal.aborted, 'the signal is aborted');
      outcome.reason = context.signal.reason;
    },
  };
  const workers = await startWorkers(database, { takeover: kind }, { leaseMs: LEASE_MS, pollMs: 100 });
  t.teardown(() => workers.stop(1000));
  const id = await enqueueJob(knex, { kind: 'takeover', queue: 'io', payload: {} });
  await started.promise;
  // What a reclaim by another worker does to the row.
  await knex('jobs')
    .where({ id })
    .update({ locked_by: 'another-worker', lock_token: knex.raw('gen_random_uuid()') });
  proceed.resolve();
  await waitFor(() => 'reason' in outcome, 'the handler finishes');
  t.type(outcome.withLease, LeaseLostError);
  t.type(outcome.complete, LeaseLostError);
  t.type(outcome['leased renew'], LeaseLostError);
  t.type(outcome['leased delete'], LeaseLostError);
  t.type(outcome.reason, LeaseLostError);
  t.same(await effects(id), [], 'nothing was written');
  // The loop's own completion of the returned handler is guarded too (stop() waits for it).
  await workers.stop(1000);
  const row = await knex('jobs').where({ id }).first();
  t.equal(row?.locked_by, 'another-worker', "the new holder's row is untouched");
});

t.test('leased work: its statement renews the lease, then one deletes the job with its write', async (t) => {
  const done = deferred();
  const kind: JobKind = {
    queue: 'io',
    maxAttempts: 3,
    run: async (_payload, context) => {
      const leasedWrite = (worker: string) => async (db: any, guard: LeaseGuard) => {
        const { rows } = await db.raw(
          `with lease as (${guard.cte}), written as (
             insert into job_effects (job_id, worker) select ?, ? where exists (select 1 from lease)
           ) select exists (select 1 from lease) as held`,
          [...guard.bindings, context.jobId, worker],
        );
        guard.check(rows[0].held);
      };
      await context.leased('renew', leasedWrite('renewed'));
      await context.leased('delete', leasedWrite('completed'));
      done.resolve();
    },
  };
  const workers = await startWorkers(database, { leased: kind }, { leaseMs: LEASE_MS, pollMs: 100 });
  t.teardown(() => workers.stop(1000));
  const id = await enqueueJob(knex, { kind: 'leased', queue: 'io', payload: {} });
  await done.promise;
  t.same((await effects(id)).map((row) => row.worker).sort(), ['completed', 'renewed']);
  t.same(await jobRows(knex), [], 'the job was deleted with its last write');
});
