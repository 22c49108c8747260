import t from 'tap';
import { channelForQueue, enqueueJob, enqueueJobs } from '../../src/jobs/enqueue.js';
import { createNotificationListener } from '../../src/jobs/notification-listener.js';
import { createTestDatabase } from '../helpers/database.js';
import { capturedLogger, jobRows, waitFor } from './helpers.js';

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

t.beforeEach(async () => {
  await knex('jobs').delete();
});

t.test('a job commits with the transaction that enqueued it, or not at all', async (t) => {
  const listener = await createNotificationListener(database.url, capturedLogger().logger);
  t.teardown(() => listener.close());
  const notifications: string[] = [];
  await listener.subscribe(channelForQueue('io'), () => notifications.push('io'));

  await t.rejects(
    knex.transaction(async (trx) => {
      await enqueueJob(trx, { kind: 'deliver', queue: 'io', payload: { n: 1 } });
      throw new Error('the domain write failed');
    }),
    /the domain write failed/,
  );
  t.same(await jobRows(knex), [], 'a rolled-back enqueue leaves no job');

  const id = await knex.transaction((trx) => enqueueJob(trx, { kind: 'deliver', queue: 'io', payload: { n: 2 } }));
  // Notifications arrive in commit order: had the rolled-back one been sent, it would be here first.
  await waitFor(() => notifications.length >= 1, 'the committed job is announced');
  t.same(notifications, ['io'], 'only the committed enqueue notified');
  const rows = await jobRows(knex);
  t.equal(rows.length, 1);
  t.equal(String(rows[0]!.id), id, 'enqueueJob answers the job id');
  t.match(rows[0], {
    kind: 'deliver',
    queue: 'io',
    payload: { n: 2 },
    attempts: 0,
    max_attempts: null,
    locked_by: null,
  });
});

t.test('enqueueJobs inserts many in one statement and announces each due queue once', async (t) => {
  const listener = await createNotificationListener(database.url, capturedLogger().logger);
  t.teardown(() => listener.close());
  const notifications: string[] = [];
  await listener.subscribe(channelForQueue('io'), () => notifications.push('io'));
  await listener.subscribe(channelForQueue('cpu'), () => notifications.push('cpu'));

  const later = new Date(Date.now() + 3_600_000);
  await enqueueJobs(knex, [
    { kind: 'convert', queue: 'cpu', payload: { n: 1 }, maxAttempts: 2 },
    { kind: 'convert', queue: 'cpu', payload: { n: 2 } },
    { kind: 'deliver', queue: 'io', payload: { n: 3 }, runAt: later },
  ]);
  await enqueueJobs(knex, []);
  // A marker committed afterwards: every notification of the first statement arrives before it.
  await enqueueJob(knex, { kind: 'marker', queue: 'io', payload: {} });
  await waitFor(() => notifications.includes('io'), 'the marker is announced');
  t.same(notifications, ['cpu', 'io'], 'one notification for cpu; none for the io job due later');

  const rows = await jobRows(knex);
  t.equal(rows.length, 4);
  t.match(rows[0], { kind: 'convert', queue: 'cpu', payload: { n: 1 }, max_attempts: 2 });
  t.match(rows[1], { kind: 'convert', queue: 'cpu', payload: { n: 2 }, max_attempts: null });
  t.equal((rows[2]!.run_at as Date).getTime(), later.getTime(), 'runAt is kept');
});
