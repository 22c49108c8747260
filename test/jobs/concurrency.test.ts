import t from 'tap';
import { enqueueJobs } from '../../src/jobs/enqueue.js';
import type { JobKind, QueueName } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';
import { deferred, jobRows, startWorkers, waitFor } from './helpers.js';

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

t.test('each queue runs at most its own concurrency, independently of the other', async (t) => {
  const limits: Record<QueueName, number> = { cpu: 2, io: 3 };
  const inFlight: Record<QueueName, number> = { cpu: 0, io: 0 };
  const maxInFlight: Record<QueueName, number> = { cpu: 0, io: 0 };
  const gate = deferred();
  let finished = 0;
  const kind = (queue: QueueName): JobKind => ({
    queue,
    maxAttempts: 1,
    run: async () => {
      inFlight[queue] += 1;
      maxInFlight[queue] = Math.max(maxInFlight[queue], inFlight[queue]);
      await gate.promise;
      // Yield between finishing jobs, so the loop gets chances to overfill a queue.
      await new Promise((resolve) => setImmediate(resolve));
      inFlight[queue] -= 1;
      finished += 1;
    },
  });
  await enqueueJobs(knex, [
    ...Array.from({ length: 20 }, () => ({ kind: 'convert', queue: 'cpu' as const, payload: {} })),
    ...Array.from({ length: 30 }, () => ({ kind: 'deliver', queue: 'io' as const, payload: {} })),
  ]);
  const workers = await startWorkers(
    database,
    { convert: kind('cpu'), deliver: kind('io') },
    { concurrency: limits, pollMs: 50 },
  );
  t.teardown(() => workers.stop(1000));

  // Both queues full at once: the cpu queue being full does not hold back the io queue.
  await waitFor(() => inFlight.cpu === limits.cpu && inFlight.io === limits.io, 'both queues fill up');
  gate.resolve();
  await waitFor(() => finished === 50, 'every job runs');
  await waitFor(async () => (await jobRows(knex)).length === 0, 'every job is completed');
  t.same(maxInFlight, limits, 'never more in flight than the queue allows');
});
