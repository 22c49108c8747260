import t from 'tap';
import { base64Body, createProcessingTypes, INVOICE_TEXT, processingApi } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { childEnv, sleep, start } from '../helpers/processes.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';
import { setEndpoint, startReceiver } from '../helpers/webhook-receiver.js';

/*
 * The chaos test: concurrent executions run by two `quire worker` processes, one of which is
 * killed with SIGKILL while runs are in the middle, then replaced. Every execution ends, once
 * (one terminal event), and every event reaches the webhook receiver (at least once; in order
 * of first arrival per execution). About a minute on an idle machine.
 */

const LEASE_MS = 2000;
const EXECUTIONS = 12;

// The API process here runs no workers: only the child processes do.
const app = await buildTestApp(t, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
const owner = await createActor(app.db);
const { invoice } = await createProcessingTypes(app, owner);
const step = await createStep(app, owner, { identification: { types: [invoice.codeType] } });
const receiver = await startReceiver(t);
await setEndpoint(app, owner, receiver.url);
const api = processingApi(app, owner);

const workerEnv = childEnv({
  DATABASE_URL: app.config.databaseUrl as string,
  JOB_LEASE_MS: String(LEASE_MS),
  JOB_POLL_MS: '200',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  LOG_LEVEL: 'warn',
});

const children: ReturnType<typeof start>[] = [];
function startWorker() {
  const child = start(['bin/quire.js', 'worker'], workerEnv);
  children.push(child);
  t.teardown(async () => {
    if (!child.hasExited()) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  });
  return child;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      const executions = await app.db('executions').select('status').count({ n: '*' }).groupBy('status');
      const jobs = await app.db('jobs').select('kind', 'attempts', 'run_at', 'lease_until', 'failed_at', 'last_error');
      const output = children.map((child) => (child.stdout() + child.stderr()).slice(-3000));
      throw new Error(`timed out waiting until ${what}: ${JSON.stringify({ executions, jobs, output })}`);
    }
    await sleep(100);
  }
}

const countWhere = async (status: string[]) =>
  Number((await app.db('executions').whereIn('status', status).count({ n: '*' }))[0]?.n);

t.test('executions with a worker killed mid-run: each ends once, every event arrives', async (t) => {
  const ids: string[] = [];
  for (let i = 0; i < EXECUTIONS; i++) {
    const accepted = await api.json(`/api/steps-async/${step.id}`, base64Body(INVOICE_TEXT));
    t.equal(accepted.statusCode, 202);
    ids.push(accepted.body.id);
  }

  // The first worker alone takes runs, so the one it is in the middle of when killed is its own.
  const doomed = startWorker();
  await until(
    'the first worker is in the middle of a run',
    async () => (await countWhere(['PROCESSING'])) >= 1,
    60_000,
  );
  const survivor = startWorker();
  await sleep(500);
  doomed.process.kill('SIGKILL');
  t.equal((await doomed.exited).signal, 'SIGKILL');
  const replacement = startWorker();

  // The deadlines only turn a hang into a failure: about a minute is enough on an idle machine.
  await until('every execution ended', async () => (await countWhere(['ENQUEUED', 'PROCESSING'])) === 0, 240_000);
  const events = await app
    .db('events')
    .whereIn('execution_id', ids)
    .orderBy('id')
    .select('id', 'execution_id', 'event');
  const arrived = (eventId: string) =>
    receiver.received.some((r) => r.headers['webhook-id'] === `msg_${eventId}` && r.answered === 200);
  await until('every event arrived', async () => events.every((e) => arrived(String(e.id))), 120_000);

  for (const id of ids) {
    const own = events.filter((e) => e.execution_id === id);
    const names = own.map((e) => e.event);
    t.equal(names.filter((n) => n === 'STEP_COMPLETED' || n === 'STEP_FAILED').length, 1, `${id} ended once`);
    const ownIds = new Set(own.map((e) => `msg_${e.id}`));
    const firstArrivals = [...new Set(receiver.received.map((r) => String(r.headers['webhook-id'])))].filter((w) =>
      ownIds.has(w),
    );
    t.same(firstArrivals, [...ownIds], `${id}: its events arrived in order`);
  }
  t.equal(await countWhere(['SUCCESS']), EXECUTIONS, 'every run succeeded');
  await until('no job is left', async () => Number((await app.db('jobs').count({ n: '*' }))[0]?.n) === 0, 30_000);

  for (const child of [survivor, replacement]) child.process.kill('SIGTERM');
  t.same(
    (await Promise.all([survivor.exited, replacement.exited])).map((exit) => exit.code),
    [0, 0],
    'the others stop cleanly',
  );
});
