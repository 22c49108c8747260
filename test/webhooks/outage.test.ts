import t, { type Test } from 'tap';
import { base64Body, createProcessingTypes, INVOICE_TEXT, processingApi } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { deliveriesOf, eventually, setEndpoint, startReceiver, verify } from '../helpers/webhook-receiver.js';

/**
 * A receiver that is down, then up; one that keeps failing until the delivery gives up; and one
 * failing for 3 days, which disables the endpoint. Time is moved in the database, not waited for.
 */

const app = await buildTestApp(
  t,
  { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  {
    workers: true,
    webhooks: { schedule: { delaysMs: [200, 400, 800, 1000], giveUpAfterMs: 3 * 86_400_000 } },
  },
);

async function submitConversions(
  t: Test,
  actor: Awaited<ReturnType<typeof createActor>>,
  count: number,
): Promise<string[]> {
  const { invoice } = await createProcessingTypes(app, actor);
  const api = processingApi(app, actor);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api.json(
      '/api/convert-async',
      base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
    );
    t.equal(res.statusCode, 202);
    ids.push(res.body.id);
  }
  return ids;
}

async function eventsOfOrganization(organizationId: string) {
  const result = await app.db.raw(
    `select id::text as id, execution_id::text as execution_id, event, payload::text as body
     from events where organization_id = ? order by events.id`,
    [organizationId],
  );
  return result.rows as { id: string; execution_id: string; event: string; body: string }[];
}

t.test(
  'receiver down, then up: every event arrives, none lost, duplicates only with the same webhook-id',
  async (t) => {
    const owner = await createActor(app.db);
    const receiver = await startReceiver(t);
    const secret = await setEndpoint(app, owner, receiver.url);
    await receiver.stop();

    const executions = await submitConversions(t, owner, 6);
    await eventually('every delivery failed at least once', async () => {
      const list = await deliveriesOf(app, owner);
      return list.length === executions.length * 2 && list.filter((d) => d.attempts >= 1).length >= executions.length;
    });
    const failed = (await deliveriesOf(app, owner)).find((d) => d.attempts >= 1);
    t.equal(failed.attemptLog[0].error, 'connection refused');
    t.equal(failed.status, 'PENDING');

    await receiver.listen();
    const delivered = await eventually('everything delivered', async () => {
      const list = await deliveriesOf(app, owner);
      return list.length === executions.length * 2 && list.every((d) => d.status === 'DELIVERED') && list;
    });
    t.ok(
      delivered.some((d) => d.attempts > 1),
      'some were retried',
    );

    const events = await eventsOfOrganization(owner.organization.id);
    t.equal(events.length, executions.length * 2);
    const bodies = new Map(events.map((e) => [`msg_${e.id}`, e.body]));
    const arrivedIds = new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    t.same([...arrivedIds].sort(), [...bodies.keys()].sort(), 'every event arrived, nothing else did');
    for (const request of receiver.received) {
      const id = String(request.headers['webhook-id']);
      t.equal(request.body, bodies.get(id), `${id}: a copy carries the same body as its webhook-id`);
      verify(secret, request);
    }
    for (const executionId of executions) {
      const [started, completed] = events.filter((e) => e.execution_id === executionId).map((e) => `msg_${e.id}`);
      const firstCompleted = receiver.received.findIndex((r) => r.headers['webhook-id'] === completed);
      const startedAcknowledged = receiver.received.findIndex(
        (r) => r.headers['webhook-id'] === started && r.answered === 200,
      );
      t.ok(
        startedAcknowledged >= 0 && startedAcknowledged < firstCompleted,
        'STARTED acknowledged before COMPLETED sent',
      );
    }
  },
);

t.test('a delivery still failing 3 days after it began fails for good, and the next one goes on', async (t) => {
  const owner = await createActor(app.db);
  const receiver = await startReceiver(t);
  receiver.answerWith((request) =>
    request.headers['x-service-event'] === 'CONVERSION_STARTED' ? { status: 500 } : { status: 200 },
  );
  await setEndpoint(app, owner, receiver.url);
  const [executionId] = await submitConversions(t, owner, 1);
  const started = await eventually('a failed attempt', async () => {
    const [found] = await deliveriesOf(app, owner, '&event=CONVERSION_STARTED');
    return found?.attempts >= 1 && found;
  });
  // As if the first attempt had been 3 days ago.
  await app
    .db('webhook_deliveries')
    .where({ id: started.id })
    .update({ retry_from: app.db.raw(`now() - interval '3 days'`) });
  const gaveUp = await eventually('given up', async () => {
    const [found] = await deliveriesOf(app, owner, '&event=CONVERSION_STARTED');
    return found.status === 'FAILED' && found;
  });
  t.equal(gaveUp.nextAttemptAt, null);
  t.equal(gaveUp.lastError, 'the receiver answered 500');
  const completed = await eventually('COMPLETED delivered after STARTED gave up', async () => {
    const [found] = await deliveriesOf(app, owner, `&event=CONVERSION_COMPLETED&executionId=${executionId}`);
    return found?.status === 'DELIVERED' && found;
  });
  t.equal(completed.attempts, 1);
  const endpoint = await app.inject({ method: 'GET', url: '/api/webhook-endpoint', headers: owner.headers });
  t.equal(endpoint.body.data.enabled, true, 'a success since: still enabled');
  t.equal(endpoint.body.data.failingSince, null);
  t.ok(endpoint.body.data.lastSuccessAt);
});

t.test('an endpoint failing for 3 days without a success is disabled, says so, and a PUT enables it', async (t) => {
  const owner = await createActor(app.db);
  const receiver = await startReceiver(t);
  receiver.answerWith(() => ({ status: 502 }));
  await setEndpoint(app, owner, receiver.url);
  const [first] = await submitConversions(t, owner, 1);
  await eventually('a failed attempt', async () => {
    const list = await deliveriesOf(app, owner, `&executionId=${first}`);
    return list.some((d) => d.attempts >= 1);
  });
  const failing = await app.inject({ method: 'GET', url: '/api/webhook-endpoint', headers: owner.headers });
  t.ok(failing.body.data.failingSince, 'failingSince set at the first failure');
  await app
    .db('webhook_endpoints')
    .where({ organization_id: owner.organization.id })
    .update({ failing_since: app.db.raw(`now() - interval '3 days 1 minute'`) });

  const disabled = await eventually('disabled', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/webhook-endpoint', headers: owner.headers });
    return res.body.data.enabled === false && res.body.data;
  });
  t.ok(disabled.disabledAt);
  t.match(disabled.disabledReason, /^No delivery was acknowledged since \d{4}-\d\d-\d\dT.*Z; deliveries stopped/);
  const afterDisable = await eventually('pending deliveries failed', async () => {
    const list = await deliveriesOf(app, owner);
    return list.every((d) => d.status === 'FAILED') && list;
  });
  t.ok(afterDisable.some((d) => d.lastError === 'the endpoint was disabled after failing for 3 days'));

  const [second] = await submitConversions(t, owner, 1);
  await eventually('the second conversion finished', async () => {
    const rows = await app.db('events').where({ execution_id: second });
    return rows.length === 2;
  });
  t.same(await deliveriesOf(app, owner, `&executionId=${second}`), [], 'a disabled endpoint gets no deliveries');

  const redeliverWhileDisabled = await app.inject({
    method: 'POST',
    url: `/api/webhook-deliveries/${afterDisable[0].id}/redeliver`,
    headers: owner.headers,
  });
  t.equal(redeliverWhileDisabled.statusCode, 409);

  receiver.answerWith(() => ({ status: 200 }));
  const enabled = await app.inject({
    method: 'PUT',
    url: '/api/webhook-endpoint',
    headers: owner.headers,
    payload: { url: receiver.url },
  });
  t.equal(enabled.statusCode, 200);
  t.equal(enabled.body.data.enabled, true);
  t.equal(enabled.body.data.disabledReason, null);
  t.equal(enabled.body.data.failingSince, null);
  const replay = await app.inject({
    method: 'POST',
    url: `/api/webhook-deliveries/${afterDisable[0].id}/redeliver`,
    headers: owner.headers,
  });
  t.equal(replay.statusCode, 202);
  await eventually('replayed', async () => {
    const list = await deliveriesOf(app, owner, `&executionId=${afterDisable[0].executionId}`);
    return list.find((d) => d.id === afterDisable[0].id)?.status === 'DELIVERED';
  });
});
