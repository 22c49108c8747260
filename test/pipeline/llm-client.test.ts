import { delay, HttpResponse } from 'msw';
import t from 'tap';
import { parseRetryAfter } from '../../src/outbound/retry-after.js';
import { createChatCompletionsClient, describeEndpoint } from '../../src/pipeline/llm/chat-completions-client.js';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { chatAnswer, LLM_BASE_URL, mockLlmEndpoint } from '../helpers/llm-endpoint.js';

const SCHEMA = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
const REQUEST = {
  messages: [{ role: 'user' as const, content: 'hello' }],
  schemaName: 'test_schema',
  schema: SCHEMA,
  stage: 'extraction' as const,
};

function client(overrides: Partial<Parameters<typeof createChatCompletionsClient>[0]> = {}) {
  return createChatCompletionsClient({
    baseUrl: LLM_BASE_URL,
    apiKey: 'sk-secret-key',
    model: 'test-model',
    retryBaseDelayMs: 1,
    maxRetryDelayMs: 2_000,
    ...overrides,
  });
}

t.test('the request: model, messages, temperature 0, strict json_schema response format, bearer key', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer({ a: 'x' }));
  t.teardown(endpoint.close);
  const answer = await client().complete(REQUEST);
  t.same(answer, { content: '{"a":"x"}', finishReason: 'stop', refusal: null });
  const [request] = endpoint.requests;
  t.equal(request?.authorization, 'Bearer sk-secret-key');
  t.equal(request?.body.model, 'test-model');
  t.equal(request?.body.temperature, 0);
  t.same(request?.body.messages, REQUEST.messages);
  t.same(request?.body.response_format, {
    type: 'json_schema',
    json_schema: { name: 'test_schema', schema: SCHEMA, strict: true },
  });
});

t.test('without a key there is no Authorization header', async (t) => {
  const endpoint = mockLlmEndpoint(() => chatAnswer({ a: 'x' }));
  t.teardown(endpoint.close);
  await client({ apiKey: null }).complete(REQUEST);
  t.equal(endpoint.requests[0]?.authorization, null);
});

t.test('429 with Retry-After is waited out, then the answer is used', async (t) => {
  const endpoint = mockLlmEndpoint((_request, attempt) =>
    attempt === 1
      ? HttpResponse.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': '1' } })
      : chatAnswer({ a: 'x' }),
  );
  t.teardown(endpoint.close);
  const started = Date.now();
  const answer = await client().complete(REQUEST);
  t.equal(answer.content, '{"a":"x"}');
  t.equal(endpoint.requests.length, 2);
  t.ok(Date.now() - started >= 900, 'waited about the second Retry-After asked for');
});

t.test('Retry-After in seconds or as a date', async (t) => {
  t.equal(parseRetryAfter('3'), 3000);
  t.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
  t.equal(parseRetryAfter('soon'), null);
  t.equal(parseRetryAfter(null), null);
});

t.test('messages name the endpoint without credentials or query', async (t) => {
  t.equal(describeEndpoint('https://user:secret@llm.example/v1/?key=abc'), 'https://llm.example/v1');
  t.equal(describeEndpoint('http://127.0.0.1:11434/v1'), 'http://127.0.0.1:11434/v1');
});

t.test('5xx until the attempts run out: a plain Error, so the job loop retries the run', async (t) => {
  const endpoint = mockLlmEndpoint(() => HttpResponse.json({ error: { message: 'overloaded' } }, { status: 503 }));
  t.teardown(endpoint.close);
  const error = await client({ maxAttempts: 3 })
    .complete(REQUEST)
    .catch((caught: Error) => caught);
  t.ok(error instanceof Error);
  t.notOk(error instanceof PipelineError, 'not the document’s fault');
  t.match((error as Error).message, /answered 503: overloaded \(after 3 attempts\)/);
  t.equal(endpoint.requests.length, 3);
});

t.test('connection errors and timeouts are retried', async (t) => {
  const endpoint = mockLlmEndpoint(async (_request, attempt) => {
    if (attempt === 1) return HttpResponse.error();
    if (attempt === 2) await delay(5_000);
    return chatAnswer({ a: 'x' });
  });
  t.teardown(endpoint.close);
  const answer = await client({ timeoutMs: 1_500 }).complete(REQUEST);
  t.equal(answer.content, '{"a":"x"}');
  t.equal(endpoint.requests.length, 3);
});

t.test('401 is a PipelineError naming LLM_BASE_URL and the model, never the key; not retried', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    HttpResponse.json({ error: { message: 'Key sk-secret-key is not valid' } }, { status: 401 }),
  );
  t.teardown(endpoint.close);
  const error = await client()
    .complete(REQUEST)
    .catch((caught: Error) => caught);
  t.ok(error instanceof PipelineError);
  t.equal((error as PipelineError).stage, 'extraction');
  t.match((error as Error).message, /http:\/\/llm\.test\/v1 answered 401: Key \[LLM_API_KEY\] is not valid/);
  t.match((error as Error).message, /LLM_BASE_URL, LLM_API_KEY and LLM_MODEL \(model "test-model"\)/);
  t.notMatch((error as Error).message, /sk-secret-key/);
  t.equal(endpoint.requests.length, 1);
});

t.test('a 400 to json_schema falls back to json_object with the schema in the prompt, and stays there', async (t) => {
  const endpoint = mockLlmEndpoint((request) =>
    request.body.response_format?.type === 'json_schema'
      ? HttpResponse.json({ error: { message: 'response_format json_schema is not supported' } }, { status: 400 })
      : chatAnswer({ a: 'x' }),
  );
  t.teardown(endpoint.close);
  const llm = client();
  t.equal((await llm.complete(REQUEST)).content, '{"a":"x"}');
  t.equal((await llm.complete(REQUEST)).content, '{"a":"x"}');
  t.same(
    endpoint.requests.map((request) => request.body.response_format?.type),
    ['json_schema', 'json_object', 'json_object'],
  );
  const fallback = endpoint.requests[1]?.body.messages.at(-1)?.content ?? '';
  t.match(fallback, /follows this JSON Schema/);
  t.ok(fallback.includes(JSON.stringify(SCHEMA)));
});

t.test('a server that knows neither response format gets the schema in the prompt alone', async (t) => {
  const endpoint = mockLlmEndpoint((request) =>
    request.body.response_format === undefined
      ? chatAnswer({ a: 'x' })
      : HttpResponse.json({ error: { message: "unknown field 'response_format'" } }, { status: 400 }),
  );
  t.teardown(endpoint.close);
  const llm = client();
  t.equal((await llm.complete(REQUEST)).content, '{"a":"x"}');
  await llm.complete(REQUEST);
  t.same(
    endpoint.requests.map((request) => request.body.response_format?.type ?? 'none'),
    ['json_schema', 'json_object', 'none', 'none'],
  );
  t.match(endpoint.requests[2]?.body.messages.at(-1)?.content, /follows this JSON Schema/);
});

t.test('a 400 about temperature drops the parameter and keeps structured output', async (t) => {
  const endpoint = mockLlmEndpoint((request) =>
    request.body.temperature === undefined
      ? chatAnswer({ a: 'x' })
      : HttpResponse.json(
          { error: { message: "Unsupported value: 'temperature' does not support 0 with this model." } },
          { status: 400 },
        ),
  );
  t.teardown(endpoint.close);
  const llm = client();
  await llm.complete(REQUEST);
  await llm.complete(REQUEST);
  t.same(
    endpoint.requests.map((request) => [request.body.response_format?.type, request.body.temperature]),
    [
      ['json_schema', 0],
      ['json_schema', undefined],
      ['json_schema', undefined],
    ],
  );
});

t.test('a 400 at every level is a PipelineError with the server’s message, and changes nothing', async (t) => {
  const endpoint = mockLlmEndpoint(() =>
    HttpResponse.json({ error: { message: 'This model’s maximum context length is 8192 tokens' } }, { status: 400 }),
  );
  t.teardown(endpoint.close);
  const llm = client();
  const error = await llm.complete(REQUEST).catch((caught: Error) => caught);
  t.ok(error instanceof PipelineError);
  t.match((error as Error).message, /answered 400: This model’s maximum context length is 8192 tokens/);
  t.equal(endpoint.requests.length, 3);
  endpoint.setResponder(() => chatAnswer({ a: 'x' }));
  await llm.complete(REQUEST);
  t.equal(endpoint.requests[3]?.body.response_format?.type, 'json_schema', 'structured output is still tried first');
});
