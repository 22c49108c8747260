import t from 'tap';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { insertExecution, lockWaiters, recordEvent } from '../helpers/webhook-events.js';
import { eventually, setEndpoint, startReceiver } from '../helpers/webhook-receiver.js';
import { deferred, sleep, waitFor } from '../jobs/helpers.js';

/**
 * A delivery waits while an earlier delivery of its execution is pending. However the statement
 * that finishes the earlier one and the claim of the later one interleave, the later one is
 * delivered: neither may end the later one's job counting on the other.
 */

const app = await buildTestApp(
  t,
  { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  { workers: true, webhooks: { timeoutMs: 5_000, schedule: { delaysMs: [200], giveUpAfterMs: 86_400_000 } } },
);
const owner = await createActor(app.db);
const receiver = await startReceiver(t);
await setEndpoint(app, owner, receiver.url);
const organizationId = owner.organization.id;

const arrived = (eventId: string) =>
  receiver.received.some((r) => r.headers['webhook-id'] === `msg_${eventId}` && r.answered === 200);

t.test('the earlier delivery is recorded on a snapshot taken before the later one existed', async (t) => {
  const executionId = await insertExecution(app.db, organizationId);
  const firstArrived = deferred();
  const answerFirst = deferred();
  let firstId = '';
  receiver.answerWith(async (request) => {
    if (request.headers['webhook-id'] !== `msg_${firstId}`) return { status: 200 };
    firstArrived.resolve();
    await answerFirst.promise;
    return { status: 200 };
  });
  t.teardown(() => receiver.answerWith(() => ({ status: 200 })));

  firstId = await recordEvent(app.db, organizationId, executionId, 'CONVERSION_STARTED');
  await firstArrived.promise;
  // The first delivery's row is held, so the statement recording its acknowledgement starts
  // (and takes its snapshot) but waits; only then is the second event written.
  const hold = await app.db.transaction();
  await hold.raw('select 1 from webhook_deliveries where event_id = ? for update', [firstId]);
  answerFirst.resolve();
  await waitFor(async () => (await lockWaiters(app.db)) >= 1, 'the acknowledgement waits on the held row');
  const secondId = await recordEvent(app.db, organizationId, executionId, 'CONVERSION_COMPLETED');
  // The second delivery's job runs while the first is still pending: it either ends (counting on
  // the first one's end) or waits on the first one's row.
  const secondJobs = () =>
    app
      .db('jobs')
      .whereRaw(`payload->>'deliveryId' = (select id::text from webhook_deliveries where event_id = ?)`, [secondId]);
  await waitFor(
    async () => (await secondJobs()).length === 0 || (await lockWaiters(app.db)) >= 2,
    "the second delivery's job has looked at it",
  );
  await hold.rollback();

  const deadline = Date.now() + 15_000;
  while (!arrived(secondId) && Date.now() < deadline) await sleep(50);
  t.ok(arrived(secondId), 'the second event is delivered');
  // The receiver answers before the worker records the acknowledgement.
  const statuses = () =>
    app.db('webhook_deliveries').where({ execution_id: executionId }).orderBy('id').pluck('status');
  await eventually('both recorded', async () => (await statuses()).every((status) => status === 'DELIVERED'));
  t.same(await statuses(), ['DELIVERED', 'DELIVERED']);
});

t.test('many concurrent executions: every event is delivered, in order', async (t) => {
  receiver.answerWith(async () => {
    await sleep(Math.random() * 15);
    return { status: 200 };
  });
  t.teardown(() => receiver.answerWith(() => ({ status: 200 })));
  const events = ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED', 'STEP_COMPLETED'];
  const executions = await Promise.all(Array.from({ length: 40 }, () => insertExecution(app.db, organizationId)));
  const eventIds = new Map<string, string[]>();
  await Promise.all(
    executions.map(async (executionId) => {
      const ids: string[] = [];
      for (const event of events) {
        await sleep(Math.random() * 20);
        ids.push(await recordEvent(app.db, organizationId, executionId, event));
      }
      eventIds.set(executionId, ids);
    }),
  );
  const all = [...eventIds.values()].flat();
  await eventually('every event delivered', async () => all.every(arrived));
  for (const [executionId, ids] of eventIds) {
    const order = receiver.received
      .filter((r) => ids.includes(String(r.headers['webhook-id']).slice(4)) && r.answered === 200)
      .map((r) => String(r.headers['webhook-id']).slice(4));
    t.same(order, ids, `execution ${executionId}: each event once, in order`);
  }
  const notDelivered = async () =>
    Number(
      (
        await app
          .db('webhook_deliveries')
          .whereIn('execution_id', executions)
          .whereNot({ status: 'DELIVERED' })
          .count({ n: '*' })
      )[0]?.n,
    );
  await eventually('every acknowledgement recorded', async () => (await notDelivered()) === 0);
  t.equal(await notDelivered(), 0, 'every delivery is DELIVERED');
});
