import t from 'tap';
import {
  base64Body,
  createProcessingTypes,
  INVOICE_TEXT,
  pathOf,
  processingApi,
  waitForTerminal,
} from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';
import { deliveriesOf, eventually, setEndpoint, startReceiver, verify } from '../helpers/webhook-receiver.js';

/** Delivery to a real local receiver: headers, signature, body, ordering, acknowledgement. */

const app = await buildTestApp(
  t,
  { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  { workers: true, webhooks: { timeoutMs: 2_000, schedule: { delaysMs: [300, 600], giveUpAfterMs: 3 * 86_400_000 } } },
);
const owner = await createActor(app.db);
const { invoice, receipt } = await createProcessingTypes(app, owner);
const receiver = await startReceiver(t);
const secret = await setEndpoint(app, owner, receiver.url);
const api = processingApi(app, owner);

async function eventRows(executionId: string) {
  const result = await app.db.raw(
    `select id::text as id, event, payload::text as body from events where execution_id = ? order by events.id`,
    [executionId],
  );
  return result.rows as { id: string; event: string; body: string }[];
}

t.test('a step run: every event arrives once, signed, in order, its body exactly the stored payload', async (t) => {
  const step = await createStep(app, owner, { identification: { types: [invoice.codeType, receipt.codeType] } });
  const accepted = await api.json(`/api/steps-async/${step.id}`, base64Body(INVOICE_TEXT));
  t.equal(accepted.statusCode, 202);
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS');
  const events = await eventRows(accepted.body.id);
  t.same(
    events.map((e) => e.event),
    ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED', 'STEP_COMPLETED'],
  );
  const ids = new Set(events.map((e) => `msg_${e.id}`));
  const mine = () => receiver.received.filter((r) => ids.has(String(r.headers['webhook-id'])));
  await eventually('every delivery', async () => mine().length >= events.length);

  const requests = mine();
  t.equal(requests.length, events.length, 'no request twice after a 2xx');
  t.same(
    requests.map((r) => r.headers['x-service-event']),
    events.map((e) => e.event),
    'in order',
  );
  for (const [index, request] of requests.entries()) {
    const event = events[index]!;
    t.equal(request.body, event.body, `${event.event}: the body is the payload as stored`);
    t.equal(request.headers['webhook-id'], `msg_${event.id}`);
    t.equal(request.headers['content-type'], 'application/json');
    t.match(String(request.headers['user-agent']), /^quire-webhook\/\d+\.\d+\.\d+$/);
    t.match(String(request.headers['webhook-timestamp']), /^\d+$/);
    t.match(String(request.headers['webhook-signature']), /^v1,[A-Za-z0-9+/=]+$/);
    t.same(verify(secret, request), JSON.parse(event.body), 'verifies with standardwebhooks');
  }
  const completed = JSON.parse(requests.at(-1)!.body);
  t.equal(completed.step_execution_id, accepted.body.id);
  t.equal(completed.status, 'SUCCESS');
  t.equal(completed.data.invoice_number, 'INV-2024-001');

  const log = await eventually('deliveries marked delivered', async () => {
    const list = await deliveriesOf(app, owner, `&executionId=${accepted.body.id}`);
    return list.length === events.length && list.every((d) => d.status === 'DELIVERED') && list;
  });
  for (const delivery of log) {
    t.equal(delivery.attempts, 1);
    t.equal(delivery.attemptLog.length, 1);
    t.equal(delivery.attemptLog[0].statusCode, 200);
    t.equal(delivery.attemptLog[0].responseBody, 'ok');
    t.equal(delivery.attemptLog[0].error, null);
    t.equal(delivery.attemptLog[0].url, receiver.url);
    t.ok(delivery.deliveredAt);
  }
  t.notMatch(JSON.stringify(log), secret.slice(6), 'the secret is not in the log');
});

t.test('a 500 is retried, and STARTED is acknowledged before COMPLETED is sent', async (t) => {
  const failuresLeft = new Map<string, number>();
  receiver.answerWith((request) => {
    if (request.headers['x-service-event'] !== 'CONVERSION_STARTED') return { status: 204 };
    const id = String(request.headers['webhook-id']);
    const left = failuresLeft.get(id) ?? 2;
    failuresLeft.set(id, left - 1);
    return left > 0 ? { status: 500, body: 'receiver broke' } : { status: 200 };
  });
  t.teardown(() => receiver.answerWith(() => ({ status: 200 })));
  const accepted = await api.json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
  );
  t.equal(accepted.statusCode, 202);
  const events = await eventually('both events', async () => {
    const rows = await eventRows(accepted.body.id);
    return rows.length === 2 && rows;
  });
  const [started, completed] = events.map((e) => `msg_${e.id}`);
  const arrivals = () =>
    receiver.received.filter((r) => [started, completed].includes(String(r.headers['webhook-id'])));
  await eventually('COMPLETED delivered', async () =>
    arrivals().some((r) => r.headers['webhook-id'] === completed && r.answered === 204),
  );
  const seen = arrivals().map((r) => `${r.headers['x-service-event']}:${r.answered}`);
  t.same(seen, [
    'CONVERSION_STARTED:500',
    'CONVERSION_STARTED:500',
    'CONVERSION_STARTED:200',
    'CONVERSION_COMPLETED:204',
  ]);
  const startedRequests = arrivals().filter((r) => r.headers['webhook-id'] === started);
  t.equal(new Set(startedRequests.map((r) => r.body)).size, 1, 'the same body every time');
  for (const request of startedRequests) t.ok(verify(secret, request), 'each retry is signed afresh');

  const [log] = await deliveriesOf(app, owner, `&executionId=${accepted.body.id}&event=CONVERSION_STARTED`);
  t.equal(log.status, 'DELIVERED');
  t.equal(log.attempts, 3);
  t.same(
    log.attemptLog.map((a: any) => [a.statusCode, a.error, a.responseBody]),
    [
      [500, 'the receiver answered 500', 'receiver broke'],
      [500, 'the receiver answered 500', 'receiver broke'],
      [200, null, 'ok'],
    ],
  );
});

t.test('a receiver that does not answer in time is retried', async (t) => {
  let first = true;
  receiver.answerWith((request) => {
    if (request.headers['x-service-event'] !== 'CONVERSION_COMPLETED' || !first) return { status: 200 };
    first = false;
    return 'hang';
  });
  t.teardown(() => receiver.answerWith(() => ({ status: 200 })));
  const accepted = await api.json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
  );
  const delivery = await eventually('COMPLETED delivered', async () => {
    const [found] = await deliveriesOf(app, owner, `&executionId=${accepted.body.id}&event=CONVERSION_COMPLETED`);
    return found?.status === 'DELIVERED' && found;
  });
  t.equal(delivery.attempts, 2);
  t.equal(delivery.attemptLog[0].statusCode, null);
  t.equal(delivery.attemptLog[0].error, 'timed out after 2000 ms');
  t.ok(delivery.attemptLog[0].latencyMs >= 1900);
  t.equal(delivery.attemptLog[1].statusCode, 200);
});

t.test('Retry-After is honoured; a redirect is not followed', async (t) => {
  const answers: Array<{ status: number; headers?: Record<string, string> }> = [
    { status: 503, headers: { 'retry-after': '2' } },
    { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } },
  ];
  receiver.answerWith((request) =>
    request.headers['x-service-event'] === 'CONVERSION_STARTED'
      ? (answers.shift() ?? { status: 200 })
      : { status: 200 },
  );
  t.teardown(() => receiver.answerWith(() => ({ status: 200 })));
  const accepted = await api.json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
  );
  const delivery = await eventually('STARTED delivered', async () => {
    const [found] = await deliveriesOf(app, owner, `&executionId=${accepted.body.id}&event=CONVERSION_STARTED`);
    return found?.status === 'DELIVERED' && found;
  });
  const [unavailable, redirected, ok] = delivery.attemptLog;
  t.equal(unavailable.statusCode, 503);
  t.ok(
    Date.parse(redirected.attemptedAt) - Date.parse(unavailable.attemptedAt) >= 1_900,
    'waited for Retry-After (2 s) rather than the 300 ms of the schedule',
  );
  t.equal(redirected.statusCode, 302);
  t.equal(redirected.error, 'redirect not followed (302 to http://127.0.0.1:1/elsewhere)');
  t.equal(ok.statusCode, 200);
});

t.test('redeliver: the same webhook-id again; a pending delivery or a stranger cannot', async (t) => {
  const [delivered] = await deliveriesOf(app, owner, '&status=DELIVERED&event=CONVERSION_COMPLETED');
  const before = receiver.received.filter((r) => r.headers['webhook-id'] === delivered.webhookId).length;
  const res = await app.inject({
    method: 'POST',
    url: `/api/webhook-deliveries/${delivered.id}/redeliver`,
    headers: owner.headers,
  });
  t.equal(res.statusCode, 202);
  t.equal(res.body.data.status, 'PENDING');
  await eventually('the replay', async () => {
    const [again] = await deliveriesOf(app, owner, `&executionId=${delivered.executionId}&event=CONVERSION_COMPLETED`);
    return again.status === 'DELIVERED' && again.attempts === delivered.attempts + 1;
  });
  const copies = receiver.received.filter((r) => r.headers['webhook-id'] === delivered.webhookId);
  t.equal(copies.length, before + 1);
  t.equal(copies.at(-1)!.body, copies[0]!.body);

  const member = await createActor(app.db, { role: 'member' });
  const forbidden = await app.inject({
    method: 'POST',
    url: `/api/webhook-deliveries/${delivered.id}/redeliver`,
    headers: member.headers,
  });
  t.equal(forbidden.statusCode, 403);
  const stranger = await createActor(app.db);
  const hidden = await app.inject({
    method: 'POST',
    url: `/api/webhook-deliveries/${delivered.id}/redeliver`,
    headers: stranger.headers,
  });
  t.equal(hidden.statusCode, 404);
  t.same(await deliveriesOf(app, stranger), [], "another organization's log is empty");
  const unknown = await app.inject({
    method: 'POST',
    url: '/api/webhook-deliveries/abc/redeliver',
    headers: owner.headers,
  });
  t.equal(unknown.statusCode, 404);

  await app.db('webhook_deliveries').where({ id: delivered.id }).update({ status: 'PENDING' });
  const pending = await app.inject({
    method: 'POST',
    url: `/api/webhook-deliveries/${delivered.id}/redeliver`,
    headers: owner.headers,
  });
  t.equal(pending.statusCode, 409);
  await app.db('webhook_deliveries').where({ id: delivered.id }).update({ status: 'DELIVERED' });
});

t.test('filters and pagination of the log', async (t) => {
  const all = await deliveriesOf(app, owner);
  t.ok(all.length >= 8);
  const ids = all.map((d) => Number(d.id));
  t.same(
    ids,
    [...ids].sort((a, b) => b - a),
    'newest first',
  );
  const res = await app.inject({
    method: 'GET',
    url: '/api/webhook-deliveries?limit=2&page=2',
    headers: owner.headers,
  });
  t.equal(res.body.data.length, 2);
  t.same(res.body.pagination, { total: all.length, page: 2, limit: 2 });
  const started = await deliveriesOf(app, owner, '&event=STEP_STARTED');
  t.ok(started.length >= 1 && started.every((d) => d.event === 'STEP_STARTED'));
  const bad = await app.inject({ method: 'GET', url: '/api/webhook-deliveries?status=LOST', headers: owner.headers });
  t.equal(bad.statusCode, 400);
  const badId = await app.inject({
    method: 'GET',
    url: '/api/webhook-deliveries?executionId=nope',
    headers: owner.headers,
  });
  t.equal(badId.statusCode, 400);
});

t.test('an organization without an endpoint records its events and delivers nothing', async (t) => {
  const quiet = await createActor(app.db);
  const types = await createProcessingTypes(app, quiet);
  const accepted = await processingApi(app, quiet).json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: types.invoice.codeType }),
  );
  await waitForTerminal(app, quiet, pathOf(accepted.body.status_url));
  t.equal((await eventRows(accepted.body.id)).length, 2, 'events recorded');
  t.same(await deliveriesOf(app, quiet), [], 'no delivery');
});

t.test('after a rotation both the old and the new secret verify deliveries', async (t) => {
  const rotated = await app.inject({
    method: 'POST',
    url: '/api/webhook-endpoint/rotate-secret',
    headers: owner.headers,
  });
  t.equal(rotated.statusCode, 200);
  const newSecret = rotated.body.data.secret;
  const accepted = await api.json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
  );
  const [event] = await eventually('the STARTED event', async () => {
    const rows = await eventRows(accepted.body.id);
    return rows.length > 0 && rows;
  });
  const request = await eventually('its delivery', async () =>
    receiver.received.find((r) => r.headers['webhook-id'] === `msg_${event!.id}`),
  );
  t.match(String(request.headers['webhook-signature']), /^v1,\S+ v1,\S+$/, 'two signatures');
  t.ok(verify(newSecret, request), 'the new secret verifies');
  t.ok(verify(secret, request), 'the old secret still verifies');
});
