import { Writable } from 'node:stream';
import { pino } from 'pino';
import t from 'tap';
import { createDb } from '../../src/db/knex.js';
import { createTestDatabase } from '../helpers/database.js';

t.test('a pooled connection dropped by PostgreSQL is reported as a JSON log line, not console text', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const printed: unknown[] = [];
  const { log, warn, error } = console;
  console.log = console.warn = console.error = (...args: unknown[]) => printed.push(args);
  t.teardown(() => Object.assign(console, { log, warn, error }));
  const knex = createDb(database.url, { poolMax: 1, logger: pino({ level: 'warn' }, sink) });
  t.teardown(() => knex.destroy());

  const { rows } = await knex.raw<{ rows: { pid: number }[] }>('select pg_backend_pid() as pid');
  // What a PostgreSQL restart does to every idle pooled connection.
  await database.knex.raw('select pg_terminate_backend(?)', [rows[0]?.pid ?? 0]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = await knex.raw<{ rows: { ok: number }[] }>('select 1 as ok');
  t.equal(after.rows[0]?.ok, 1, 'the next query gets a fresh connection');

  t.same(printed, [], 'nothing printed to the console');
  const entries = lines.map((line) => JSON.parse(line) as { msg: string; component?: string; level: number });
  const dropped = entries.find((entry) => /Connection Error/.test(entry.msg));
  t.ok(dropped, `the dropped connection is logged (${lines.join(' | ')})`);
  t.equal(dropped?.component, 'db');
});
