import t from 'tap';
import { enqueueJob, enqueueJobs, type NewJob } from '../../src/jobs/enqueue.js';
import { CLAIM_JOBS, EXTEND_LEASES, HAND_BACK_JOBS, runOnKnex } from '../../src/jobs/sql.js';
import { JOB_PRIORITY } from '../../src/jobs/types.js';
import { createTestDatabase } from '../helpers/database.js';

/**
 * The order in which the claim statement hands out due jobs, driven directly (no workers, no
 * timing): callers that wait first, then fair shares between organizations, then oldest first;
 * a job whose lease expired keeps its place.
 */

const database = await createTestDatabase();
t.teardown(() => database.drop());
const { knex } = database;

t.beforeEach(async () => {
  await knex('jobs').delete();
});

interface Claimed {
  id: string;
  payload: { n: number };
  lock_token: string;
  lease_expired: boolean;
}

const claim = (limit: number, leaseMs = 60_000) =>
  runOnKnex<Claimed>(knex, CLAIM_JOBS, ['cpu', ['work'], limit, 'test-worker', leaseMs]);
const claimed = async (limit: number, leaseMs?: number) => (await claim(limit, leaseMs)).map((row) => row.payload.n);
const job = (n: number, extra: Partial<NewJob> = {}): NewJob => ({
  kind: 'work',
  queue: 'cpu',
  payload: { n },
  ...extra,
});
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);

t.test('a job whose caller waits is claimed ahead of older background jobs', async (t) => {
  await enqueueJobs(
    knex,
    [1, 2, 3].map((n) => job(n, { runAt: secondsAgo(10 - n) })),
  );
  await enqueueJob(knex, job(4, { priority: JOB_PRIORITY.callerWaits }));
  t.same(await claimed(1), [4]);
  t.same(await claimed(3), [1, 2, 3], 'then the rest, oldest first');
});

t.test("an organization's backlog delays another organization's single job by one slot at most", async (t) => {
  const busy = Array.from({ length: 1000 }, (_, i) => job(i, { fairKey: 'org-busy', runAt: secondsAgo(1000 - i) }));
  await enqueueJobs(knex, busy);
  t.same(await claimed(2), [0, 1], 'only the busy organization has work: it gets every slot');
  await enqueueJob(knex, job(5000, { fairKey: 'org-quiet' }));
  t.same(await claimed(1), [5000], 'the next free slot goes to the organization with nothing running');
  await enqueueJobs(knex, [job(5001, { fairKey: 'org-quiet' }), job(5002, { fairKey: 'org-quiet' })]);
  // Turns: running jobs plus rank. Busy has 2 running (turns 3, 4, ...), quiet 1 (turns 2, 3).
  t.same(await claimed(4), [5001, 2, 5002, 3], 'then they alternate, by each job turn within its organization');
});

t.test('in one claim of many slots, organizations take turns', async (t) => {
  await enqueueJobs(knex, [
    ...[1, 2, 3, 4].map((n) => job(n, { fairKey: 'a', runAt: secondsAgo(100 - n) })),
    ...[11, 12].map((n) => job(n, { fairKey: 'b', runAt: secondsAgo(50 - n) })),
  ]);
  t.same(await claimed(4), [1, 11, 2, 12]);
});

t.test('a job whose lease expired is reclaimed in its place, not behind the queue', async (t) => {
  await enqueueJobs(
    knex,
    [1, 2, 3].map((n) => job(n, { runAt: secondsAgo(10 - n) })),
  );
  const [first] = await claim(1, 60_000);
  t.equal(first?.payload.n, 1);
  // A heartbeat (the worker alive) keeps it out of other claims...
  await runOnKnex(knex, EXTEND_LEASES, [60_000, [first!.id], [first!.lock_token]]);
  t.same(await claimed(1), [2]);
  // ...and once its worker is gone and the lease has run out, it comes back first.
  await knex('jobs')
    .whereIn('id', [first!.id])
    .update({ lease_until: knex.raw(`now() - interval '1 second'`) });
  const [again] = await claim(1);
  t.equal(again?.payload.n, 1, 'the crashed job keeps its place');
  t.equal(again?.lease_expired, true);
  t.same(await claimed(1), [3]);
});

t.test('a job handed back at shutdown keeps its place', async (t) => {
  await enqueueJobs(
    knex,
    [1, 2].map((n) => job(n, { runAt: secondsAgo(10 - n) })),
  );
  const [first] = await claim(1);
  await runOnKnex(knex, HAND_BACK_JOBS, [[first!.id], [first!.lock_token]]);
  t.same(await claimed(2), [1, 2]);
});
