import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import t from 'tap';
import {
  EndpointConfigurationError,
  EndpointRefusedError,
  EndpointUnavailableError,
  openAiCompatibleClient,
  RetryableAnswerError,
} from '../../src/outbound/openai-compatible-client.js';

// The retry loop and error mapping shared by the embeddings and chat-completions clients, on a
// mocked server whose answers each test scripts.

const BASE_URL = 'http://openai-compatible.test/v1';
let answers: (() => Response)[] = [];
let requests = 0;
const server = setupServer(
  http.post(`${BASE_URL}/things`, () => {
    requests++;
    return (answers.shift() ?? (() => HttpResponse.json({ ok: true })))();
  }),
);
server.listen({ onUnhandledRequest: 'error' });
t.teardown(() => server.close());
t.beforeEach(() => {
  answers = [];
  requests = 0;
});

const client = openAiCompatibleClient({
  baseUrl: BASE_URL,
  apiKey: 'sk-test',
  model: 'm',
  subject: 'The test endpoint',
  settings: { baseUrl: 'TEST_BASE_URL', apiKey: 'TEST_API_KEY', model: 'TEST_MODEL' },
  timeoutMs: 5_000,
  maxAttempts: 3,
  retryBaseDelayMs: 1,
  maxRetryDelayMs: 5_000,
});
const post = () => client.postJson('/things', '{}', (answer) => answer);
const failure = () => post().catch((caught: Error) => caught);

t.test('401, 403 and 404 are configuration errors naming the settings, at once', async (t) => {
  for (const status of [401, 403, 404]) {
    requests = 0;
    answers = [() => new HttpResponse(null, { status })];
    const error = await failure();
    t.ok(error instanceof EndpointConfigurationError, `${status}: a configuration error`);
    t.equal((error as EndpointConfigurationError).status, status);
    t.match((error as Error).message, /Check TEST_BASE_URL, TEST_API_KEY and TEST_MODEL \(model "m"\)/);
    t.equal(requests, 1, `${status}: not retried`);
  }
});

t.test('other 4xx and 501 are refusals, at once; 5xx and 429 are retried, then unavailable', async (t) => {
  for (const status of [400, 422, 501]) {
    requests = 0;
    answers = [() => new HttpResponse(null, { status })];
    const error = await failure();
    t.ok(error instanceof EndpointRefusedError, `${status}: refused`);
    t.equal(requests, 1);
  }
  for (const status of [429, 500, 502, 520]) {
    requests = 0;
    answers = [1, 2, 3].map(() => () => new HttpResponse(null, { status }));
    const error = await failure();
    t.ok(error instanceof EndpointUnavailableError, `${status}: unavailable`);
    t.match((error as Error).message, new RegExp(`answered ${status} \\(after 3 attempts\\)`));
    t.equal(requests, 3);
  }
});

t.test('Retry-After counts on 429 and 503 only', async (t) => {
  answers = [() => new HttpResponse(null, { status: 502, headers: { 'retry-after': '3' } })];
  let started = Date.now();
  await post();
  t.ok(Date.now() - started < 1_000, 'a 502 waits its backoff, not its Retry-After');
  answers = [() => new HttpResponse(null, { status: 503, headers: { 'retry-after': '1' } })];
  started = Date.now();
  await post();
  t.ok(Date.now() - started >= 900, 'a 503 waits its Retry-After');
});

t.test('an answer the caller cannot use yet is retried', async (t) => {
  let calls = 0;
  const answer = await client.postJson('/things', '{}', () => {
    calls++;
    if (calls < 3) throw new RetryableAnswerError('no choice yet');
    return 'used';
  });
  t.equal(answer, 'used');
  t.equal(requests, 3);
  answers = [() => new HttpResponse('<html>', { status: 200 })];
  t.equal(await post().then(() => 'answered'), 'answered', 'a page that is not JSON is retried too');
  t.equal(requests, 5);
});
