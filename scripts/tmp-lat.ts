import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { createDb } from '../src/db/knex.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { enqueueJob } from '../src/jobs/enqueue.js';
import { createNotificationListener } from '../src/jobs/notification-listener.js';
import { startJobWorkers } from '../src/jobs/worker-pool.js';
import { admin, urlForDatabase } from './bench-support.js';

const name = `tmp_lat_${randomBytes(3).toString('hex')}`;
await admin(`create database ${name}`);
const url = urlForDatabase(name);
const knex = createDb(url, { poolMax: 4 });
await migrateToLatest(knex);
let onStart: (() => void) | null = null;
let notifiedAt = 0;
const listener = await createNotificationListener(url, pino({ level: 'warn' }));
await listener.subscribe('quire_jobs_io', () => {
  notifiedAt = performance.now();
});
const workers = await startJobWorkers({
  db: knex,
  databaseUrl: url,
  logger: pino({ level: 'warn' }),
  kinds: {
    noop: {
      queue: 'io',
      maxAttempts: 1,
      run: async () => {
        onStart?.();
      },
    },
  },
  concurrency: { cpu: 0, io: 10 },
  listener,
});
const rows: number[][] = [];
for (let i = 0; i < 600; i++) {
  const started = new Promise<number>((r) => {
    onStart = () => r(performance.now());
  });
  const t = performance.now();
  await enqueueJob(knex, { kind: 'noop', queue: 'io', payload: {} });
  const te = performance.now();
  const ts = await started;
  if (i >= 100) rows.push([te - t, notifiedAt - t, ts - t]);
  await new Promise((r) => setTimeout(r, 3));
}
const med = (k: number) => {
  const a = rows.map((r) => r[k]!).sort((x, y) => x - y);
  return a[Math.floor(a.length / 2)]!.toFixed(2);
};
console.log('enqueue returned', med(0), 'notified', med(1), 'handler', med(2));
await workers.stop(1000);
await listener.close();
await knex.destroy();
await admin(`drop database ${name} with (force)`);
