import t from 'tap';
import { enqueueJob } from '../../src/jobs/enqueue.js';
import { createTestDatabase } from '../helpers/database.js';
import { startWorkers, waitFor } from './helpers.js';

t.test('smoke', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const ran: string[] = [];
  const workers = await startWorkers(
    database,
    {
      hello: {
        queue: 'io',
        maxAttempts: 3,
        run: async (payload: { n: number }, ctx) => {
          ran.push(`${payload.n}:${ctx.attempt}`);
        },
      },
    },
    { pollMs: 3_600_000 },
  );
  for (let n = 0; n < 20; n++) await enqueueJob(database.knex, { kind: 'hello', queue: 'io', payload: { n } });
  await waitFor(() => ran.length === 20, '20 jobs');
  await workers.stop(1000);
  t.equal((await database.knex('jobs').count('* as c'))[0]!.c, 0);
});
