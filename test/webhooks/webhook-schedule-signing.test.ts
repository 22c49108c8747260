import { Webhook } from 'standardwebhooks';
import t from 'tap';
import { DEFAULT_RETRY_SCHEDULE, nextRetryDelayMs } from '../../src/modules/webhooks/schedule.js';
import { newWebhookSecret, signatureHeader } from '../../src/modules/webhooks/signing.js';
import { parseRetryAfter } from '../../src/outbound/retry-after.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

t.test('the product schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then daily, up to 3 days', async (t) => {
  const middle = () => 0.5; // no jitter
  const delays: number[] = [];
  let age = 0;
  for (let failures = 1; ; failures++) {
    const delay = nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, failures, age, null, middle);
    if (delay === null) break;
    delays.push(delay);
    age += delay;
  }
  t.same(delays, [5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, DAY, DAY]);
  t.ok(age <= 3 * DAY, 'the last attempt is within 3 days');
  t.ok(age + DAY > 3 * DAY, 'and one more day would pass them');
});

t.test('jitter stays within ±20 %; Retry-After is a floor, capped at a day', async (t) => {
  t.equal(
    nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, 1, 0, null, () => 0),
    4_000,
  );
  t.equal(
    nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, 1, 0, null, () => 1),
    6_000,
  );
  t.equal(
    nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, 1, 0, 60_000, () => 0.5),
    60_000,
  );
  t.equal(
    nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, 2, 0, 1_000, () => 0.5),
    300_000,
    'a shorter Retry-After does not hurry',
  );
  t.equal(
    nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, 1, 0, 10 * DAY, () => 0.5),
    DAY,
  );
  t.equal(
    nextRetryDelayMs(DEFAULT_RETRY_SCHEDULE, 1, 3 * DAY - 1_000, null, () => 0.5),
    null,
    'past the deadline',
  );
});

t.test('Retry-After: seconds or an HTTP date', async (t) => {
  t.equal(parseRetryAfter('120'), 120_000);
  const now = Date.parse('2026-01-01T00:00:00Z');
  t.equal(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now), 60_000);
  t.equal(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now), 0);
  t.equal(parseRetryAfter('soon'), null);
  t.equal(parseRetryAfter(null), null);
});

t.test('signatures verify with standardwebhooks, with either secret during a rotation', async (t) => {
  const oldSecret = newWebhookSecret();
  const newSecret = newWebhookSecret();
  const body = '{"b":1,"a":[2,3]}';
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'webhook-id': 'msg_42',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader([newSecret, oldSecret], 'msg_42', timestamp, body),
  };
  t.match(headers['webhook-signature'], /^v1,\S+ v1,\S+$/);
  t.same(new Webhook(newSecret).verify(body, headers), { b: 1, a: [2, 3] });
  t.same(new Webhook(oldSecret).verify(body, headers), { b: 1, a: [2, 3] });
  t.throws(() => new Webhook(newWebhookSecret()).verify(body, headers), 'another secret does not verify');
  t.throws(() => new Webhook(newSecret).verify(`${body} `, headers), 'a changed body does not verify');
});
