import t from 'tap';
import { enqueueJobs } from '../../src/jobs/enqueue.js';
import type { JobKind } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';
import { jobRows, startWorkers, waitFor } from './helpers.js';

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

t.test('two pools on one database: every job runs exactly once, never twice at the same time', async (t) => {
  const JOBS = 500;
  const running = new Set<number>();
  const runs = new Map<number, number>();
  const overlaps: number[] = [];
  const ranBy = { a: 0, b: 0 };
  const kind = (pool: 'a' | 'b'): JobKind<{ n: number }> => ({
    queue: 'io',
    maxAttempts: 3,
    run: async ({ n }) => {
      if (running.has(n)) overlaps.push(n);
      running.add(n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      ranBy[pool] += 1;
      // Hold the job across a few turns of the event loop, as real work would.
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      running.delete(n);
    },
  });
  // Long leases: this test is about claims, not about expiry on a slow machine.
  const options = { leaseMs: 30_000, pollMs: 50, concurrency: { cpu: 1, io: 8 } };
  const a = await startWorkers(database, { count: kind('a') }, { ...options, workerId: 'pool-a' });
  t.teardown(() => a.stop(1000));
  const b = await startWorkers(database, { count: kind('b') }, { ...options, workerId: 'pool-b' });
  t.teardown(() => b.stop(1000));

  // In several statements while both pools claim, so claims race with enqueues too.
  for (let start = 0; start < JOBS; start += 50) {
    await enqueueJobs(
      knex,
      Array.from({ length: 50 }, (_, i) => ({ kind: 'count', queue: 'io' as const, payload: { n: start + i } })),
    );
  }
  await waitFor(() => runs.size === JOBS, 'every job runs');
  await waitFor(async () => (await jobRows(knex)).length === 0, 'every job is completed');
  t.same(overlaps, [], 'no job ran twice at the same time');
  t.equal(
    [...runs.values()].every((count) => count === 1),
    true,
    'every job ran exactly once',
  );
  t.equal(ranBy.a + ranBy.b, JOBS);
  t.ok(ranBy.a > 0 && ranBy.b > 0, `both pools took jobs (a ${ranBy.a}, b ${ranBy.b})`);
});
