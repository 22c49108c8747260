import t from 'tap';
import { base64Body, createProcessingTypes, INVOICE_TEXT, processingApi } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { deliveriesOf, eventually, setEndpoint, startReceiver } from '../helpers/webhook-receiver.js';

/** Without WEBHOOK_ALLOW_PRIVATE_TARGETS, loopback and other private targets are refused at delivery time. */

const app = await buildTestApp(
  t,
  {},
  { workers: true, webhooks: { schedule: { delaysMs: [60_000], giveUpAfterMs: 3 * 86_400_000 } } },
);
const receiver = await startReceiver(t);

for (const [name, url] of [
  ['an IP literal (127.0.0.1)', () => receiver.url],
  ['a name that resolves to loopback (localhost)', () => `http://localhost:${receiver.port}/hook`],
  ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
  ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${receiver.port}/hook`],
] as const) {
  t.test(`${name} is refused, and the attempt says why`, async (t) => {
    const owner = await createActor(app.db);
    const { invoice } = await createProcessingTypes(app, owner);
    await setEndpoint(app, owner, url());
    const accepted = await processingApi(app, owner).json(
      '/api/convert-async',
      base64Body(INVOICE_TEXT, { document_type_code: invoice.codeType }),
    );
    t.equal(accepted.statusCode, 202);
    const [delivery] = await eventually('a failed attempt', async () => {
      const list = await deliveriesOf(app, owner, '&event=CONVERSION_STARTED');
      return list[0]?.attempts >= 1 && list;
    });
    t.equal(delivery.status, 'PENDING', 'retried later, in case the setting changes');
    t.ok(delivery.nextAttemptAt);
    const [attempt] = delivery.attemptLog;
    t.equal(attempt.statusCode, null);
    t.match(
      attempt.error,
      /^refused: .* resolves to a private or local network address \(.+\); set WEBHOOK_ALLOW_PRIVATE_TARGETS=true to allow it$/,
    );
    if (name.includes('localhost')) {
      t.match(attempt.error, /^refused: localhost resolves to .*\(loopback\)/);
      t.notMatch(attempt.error, /127\.0\.0\.1/, 'the range is named, not the resolved address');
    }
  });
}

t.test('nothing reached the receiver', async (t) => {
  t.equal(receiver.received.length, 0);
});
