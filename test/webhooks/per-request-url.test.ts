import t from 'tap';
import {
  base64Body,
  createProcessingTypes,
  INVOICE_TEXT,
  multipartBody,
  pathOf,
  processingApi,
  waitForTerminal,
} from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep } from '../helpers/steps.js';
import { eventually, setEndpoint, startReceiver, verify } from '../helpers/webhook-receiver.js';

/** A submission's own `webhook_url` (Node SDK, CLI `--webhook-url`): its events go there too. */

const app = await buildTestApp(
  t,
  { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  { workers: true, webhooks: { timeoutMs: 2_000, schedule: { delaysMs: [200, 400], giveUpAfterMs: 86_400_000 } } },
);
const owner = await createActor(app.db);
const { invoice } = await createProcessingTypes(app, owner);
const organizationReceiver = await startReceiver(t);
const ownReceiver = await startReceiver(t);
const secret = await setEndpoint(app, owner, organizationReceiver.url);
const api = processingApi(app, owner);
const step = await createStep(app, owner, { identification: { types: [invoice.codeType] } });

function eventsAt(receiver: Awaited<ReturnType<typeof startReceiver>>, executionId: string) {
  return receiver.received
    .filter((request) => JSON.parse(request.body).execution_id === executionId || request.body.includes(executionId))
    .map((request) => String(request.headers['x-service-event']));
}

t.test('a step run with webhook_url: every event reaches both targets, signed alike, in order', async (t) => {
  const accepted = await api.json(
    `/api/steps-async/${step.id}`,
    base64Body(INVOICE_TEXT, { webhook_url: ownReceiver.url }),
  );
  t.equal(accepted.statusCode, 202);
  const id = accepted.body.id;
  const done = await waitForTerminal(app, owner, pathOf(accepted.body.status_url));
  t.equal(done.body.status, 'SUCCESS', done.payload);
  const expected = ['STEP_STARTED', 'IDENTIFICATION_STARTED', 'IDENTIFICATION_COMPLETED', 'STEP_COMPLETED'];
  await eventually(
    'both targets have every event',
    async () => eventsAt(ownReceiver, id).length >= 4 && eventsAt(organizationReceiver, id).length >= 4,
  );
  t.same(eventsAt(ownReceiver, id), expected, 'the per-request target, in order');
  t.same(eventsAt(organizationReceiver, id), expected, 'the organization endpoint still gets them');
  for (const request of ownReceiver.received) t.ok(verify(secret, request), 'signed with the organization secret');
  const logged = await app.inject({
    method: 'GET',
    url: `/api/webhook-deliveries?executionId=${id}`,
    headers: owner.headers,
  });
  t.equal(logged.body.data.length, 8, 'both targets are in the delivery log');
  t.equal(logged.body.data.filter((delivery: { status: string }) => delivery.status === 'DELIVERED').length, 8);
});

t.test('multipart webhook_url (the CLI) and the identify and convert operations take it too', async (t) => {
  const before = ownReceiver.received.length;
  const form = await api.multipart(
    `/api/steps-async/${step.id}`,
    await multipartBody({ bytes: INVOICE_TEXT }, { webhook_url: ownReceiver.url }),
  );
  t.equal(form.statusCode, 202);
  const identify = await api.json('/api/identify-async', base64Body(INVOICE_TEXT, { webhook_url: ownReceiver.url }));
  t.equal(identify.statusCode, 202);
  const convert = await api.json(
    '/api/convert-async',
    base64Body(INVOICE_TEXT, { webhook_url: ownReceiver.url, document_type_code: invoice.codeType }),
  );
  t.equal(convert.statusCode, 202);
  await eventually('events of all three', async () => {
    const ids = [form.body.id, identify.body.id, convert.body.id];
    return ids.every((id) => eventsAt(ownReceiver, id).some((event) => /COMPLETED|FAILED/.test(event)));
  });
  t.ok(ownReceiver.received.length > before);
});

t.test('a malformed or refused webhook_url is a 400 at submit, and nothing is kept', async (t) => {
  const strict = await buildTestApp(t, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  const someone = await createActor(strict.db);
  await strict.inject({
    method: 'PUT',
    url: '/api/webhook-endpoint',
    headers: someone.headers,
    payload: { url: 'https://hooks.example.com/quire' },
  });
  const strictStep = (
    await strict.inject({ method: 'POST', url: '/api/steps', headers: someone.headers, payload: { name: 's' } })
  ).body.data;
  for (const [url, message] of [
    ['not a url', /webhook_url: must be an absolute http or https URL/],
    ['ftp://example.com/x', /webhook_url: must be an http or https URL/],
    ['https://user:pw@example.com/x', /webhook_url: must not contain a user name or password/],
    ['http://127.0.0.1:9/hook', /webhook_url: 127\.0\.0\.1 is a private or local network address \(loopback\)/],
    ['http://169.254.169.254/latest', /linkLocal/],
    ['http://[::1]/hook', /loopback/],
  ] as const) {
    const res = await strict.inject({
      method: 'POST',
      url: `/api/steps-async/${strictStep.id}`,
      headers: someone.headers,
      payload: base64Body(INVOICE_TEXT, { webhook_url: url }),
    });
    t.equal(res.statusCode, 400, url);
    t.match(res.body.errors.join(' '), message);
  }
  const withoutEndpoint = await createActor(strict.db);
  const ownStep = (
    await strict.inject({ method: 'POST', url: '/api/steps', headers: withoutEndpoint.headers, payload: { name: 's' } })
  ).body.data;
  const res = await strict.inject({
    method: 'POST',
    url: `/api/steps-async/${ownStep.id}`,
    headers: withoutEndpoint.headers,
    // A public address literal: no DNS needed to pass the address policy.
    payload: base64Body(INVOICE_TEXT, { webhook_url: 'https://93.184.215.14/mine' }),
  });
  t.equal(res.statusCode, 400, 'no endpoint, no secret to sign with');
  t.match(res.body.errors.join(' '), /configure an enabled endpoint first/);
  const [row] = await strict.db('executions').count({ count: '*' });
  t.equal(Number(row?.count), 0, 'nothing kept');
});
