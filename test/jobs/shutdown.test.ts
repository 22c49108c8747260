import t from 'tap';
import { enqueueJob } from '../../src/jobs/enqueue.js';
import { JobHandedBackError, type JobKind } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';
import { deferred, jobRows, startWorkers, waitFor } from './helpers.js';

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

t.test('stop(grace) lets a short job finish and hands a long one back, its attempt not counted', async (t) => {
  const shortStarted = deferred();
  const shortMayFinish = deferred();
  const longStarted = deferred();
  const longAborted = deferred<unknown>();
  const runs: Array<[string, string, number]> = [];
  const kinds = (pool: string): Record<string, JobKind> => ({
    short: {
      queue: 'io',
      maxAttempts: 3,
      run: async (_payload, context) => {
        runs.push([pool, 'short', context.attempt]);
        shortStarted.resolve();
        await shortMayFinish.promise;
      },
    },
    long: {
      queue: 'cpu',
      maxAttempts: 3,
      run: async (_payload, context) => {
        runs.push([pool, 'long', context.attempt]);
        if (pool === 'second') return;
        longStarted.resolve();
        // Runs until told to stop, as a conversion watching its signal would.
        await new Promise<void>((resolve) =>
          context.signal.addEventListener('abort', () => {
            longAborted.resolve(context.signal.reason);
            resolve();
          }),
        );
      },
    },
  });
  const first = await startWorkers(database, kinds('first'), { leaseMs: 30_000 });
  t.teardown(() => first.stop(1000));
  await enqueueJob(knex, { kind: 'short', queue: 'io', payload: {} });
  const longId = await enqueueJob(knex, { kind: 'long', queue: 'cpu', payload: {} });
  await shortStarted.promise;
  await longStarted.promise;

  const stopped = first.stop(3_000);
  // Enqueued after stop() began: the stopping pool must not claim it.
  const lateId = await enqueueJob(knex, { kind: 'short', queue: 'io', payload: {} });
  shortMayFinish.resolve();
  await stopped;

  t.type(await longAborted.promise, JobHandedBackError, 'the long job was aborted as handed back');
  const rows = await jobRows(knex);
  t.same(
    rows.map((row) => String(row.id)),
    [longId, lateId],
    'the short job completed; the long and the late ones wait in the queue',
  );
  t.match(rows[0], { attempts: 0, locked_by: null, lock_token: null, lease_until: null, failed_at: null });
  t.ok((rows[0]!.run_at as Date).getTime() <= Date.now(), 'the handed-back job is due at once');
  t.match(rows[1], { attempts: 0, locked_by: null });

  const second = await startWorkers(database, kinds('second'), { leaseMs: 30_000 });
  t.teardown(() => second.stop(1000));
  await waitFor(async () => (await jobRows(knex)).length === 0, 'the second pool runs the rest');
  t.same(runs.filter(([pool]) => pool === 'second').sort(), [
    ['second', 'long', 1],
    ['second', 'short', 1],
  ]);
  t.equal(runs.filter(([pool]) => pool === 'first').length, 2, 'the stopping pool started nothing new');
});
