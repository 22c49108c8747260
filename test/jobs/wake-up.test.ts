import pg from 'pg';
import t from 'tap';
import { enqueueJob } from '../../src/jobs/enqueue.js';
import { createNotificationListener } from '../../src/jobs/notification-listener.js';
import type { JobKind } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';
import { capturedLogger, startWorkers, waitFor } from './helpers.js';

// An hour: a job that starts during a test was woken by a notification, never by the poll.
const NO_POLL = 3_600_000;

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

function recordingKind(ran: string[]): JobKind<{ name: string }> {
  return {
    queue: 'io',
    maxAttempts: 1,
    run: async (payload) => {
      ran.push(payload.name);
    },
  };
}

t.test('a notification starts a job without waiting for the poll', async (t) => {
  const ran: string[] = [];
  const workers = await startWorkers(database, { record: recordingKind(ran) }, { pollMs: NO_POLL });
  t.teardown(() => workers.stop(1000));
  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'first' } });
  await waitFor(() => ran.length === 1, 'the first job runs');
  // The loop is idle now (its last claim came back short), so only a notification can start this one.
  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'second' } });
  await waitFor(() => ran.length === 2, 'the second job runs');
  t.same(ran, ['first', 'second']);
});

t.test('without a listener the poll runs the jobs', async (t) => {
  const ran: string[] = [];
  const workers = await startWorkers(database, { record: recordingKind(ran) }, { listener: null, pollMs: 100 });
  t.teardown(() => workers.stop(1000));
  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'polled' } });
  await waitFor(() => ran.length === 1, 'the poll finds the job');
  t.same(ran, ['polled']);
});

t.test('a listener that cannot connect does not block the workers; the poll runs the jobs', async (t) => {
  const captured = capturedLogger();
  // Port 1: nothing listens there, so every connection attempt is refused.
  const broken = await createNotificationListener('postgres://postgres@127.0.0.1:1/none', captured.logger);
  t.teardown(() => broken.close());
  const ran: string[] = [];
  const workers = await startWorkers(database, { record: recordingKind(ran) }, { listener: broken, pollMs: 100 });
  t.teardown(() => workers.stop(1000));
  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'polled' } });
  await waitFor(() => ran.length === 1, 'the poll finds the job');
  await waitFor(
    () => captured.lines.filter((line) => /could not connect/.test(line.msg)).length >= 2,
    'the listener keeps retrying',
  );
  t.pass('the broken listener retried in the background');
});

t.test('the listener reconnects after its connection is killed, and wakes the workers again', async (t) => {
  const captured = capturedLogger();
  const ran: string[] = [];
  const workers = await startWorkers(
    database,
    { record: recordingKind(ran) },
    { pollMs: NO_POLL, logger: captured.logger },
  );
  t.teardown(() => workers.stop(1000));
  const listenerPids = async () =>
    (
      await knex.raw(
        `select pid from pg_stat_activity where datname = current_database() and application_name = 'quire-jobs-listener'`,
      )
    ).rows.map((row: { pid: number }) => row.pid) as number[];
  const [before] = await listenerPids();
  t.ok(before, 'the workers listen on their own connection');
  await knex.raw('select pg_terminate_backend(?)', [before!]);

  await waitFor(
    () => captured.lines.some((line) => line.msg === 'notification listener reconnected'),
    'the listener reconnects',
  );
  const after = await listenerPids();
  t.equal(after.length, 1, 'one listener connection again');
  t.not(after[0], before, 'on a new backend');

  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'first' } });
  await waitFor(() => ran.length === 1, 'the first job after the reconnect runs');
  // As in the first test: with the loop idle and no poll, only a notification starts this one.
  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'second' } });
  await waitFor(() => ran.length === 2, 'a notification after the reconnect starts the second job');
  t.same(ran, ['first', 'second']);
});

t.test('while the database refuses connections the listener keeps retrying, then reconnects', async (t) => {
  const captured = capturedLogger();
  const ran: string[] = [];
  const workers = await startWorkers(
    database,
    { record: recordingKind(ran) },
    { pollMs: NO_POLL, logger: captured.logger },
  );
  t.teardown(() => workers.stop(1000));
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  t.teardown(async () => {
    await admin.query(`alter database ${database.name} allow_connections true`);
    await admin.end();
  });

  await admin.query(`alter database ${database.name} allow_connections false`);
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'quire-jobs-listener'`,
    [database.name],
  );
  const attempts = () => captured.lines.filter((line) => line.msg === 'notification listener reconnecting');
  await waitFor(() => attempts().length >= 3, 'several refused reconnection attempts');
  t.same(
    attempts()
      .slice(0, 3)
      .map((line) => line.attempt),
    [1, 2, 3],
  );
  await admin.query(`alter database ${database.name} allow_connections true`);
  await waitFor(
    () => captured.lines.some((line) => line.msg === 'notification listener reconnected'),
    'the listener reconnects once connections are allowed again',
  );

  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'first' } });
  await waitFor(() => ran.length === 1, 'the first job after the reconnect runs');
  await enqueueJob(knex, { kind: 'record', queue: 'io', payload: { name: 'second' } });
  await waitFor(() => ran.length === 2, 'a notification starts the second job');
  t.same(ran, ['first', 'second']);
});

t.test('a shared listener delivers payloads to every subscriber until it unsubscribes', async (t) => {
  const listener = await createNotificationListener(database.url, capturedLogger().logger);
  t.teardown(() => listener.close());
  const first: string[] = [];
  const second: string[] = [];
  const unsubscribeFirst = await listener.subscribe('execution_finished', (payload) => first.push(payload));
  await listener.subscribe('execution_finished', (payload) => second.push(payload));
  await knex.raw(`select pg_notify('execution_finished', 'e1')`);
  await waitFor(() => first.length === 1 && second.length === 1, 'both subscribers hear e1');
  await unsubscribeFirst();
  await knex.raw(`select pg_notify('execution_finished', 'e2')`);
  await waitFor(() => second.length === 2, 'the remaining subscriber hears e2');
  t.same(first, ['e1']);
  t.same(second, ['e1', 'e2']);
});
