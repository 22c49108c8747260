import { HttpResponse } from 'msw';
import t, { type Test } from 'tap';
import { EmbeddingError } from '../../src/modules/embeddings/embedding-provider.js';
import {
  LOCAL_EMBEDDING_DIMENSIONS,
  localEmbedding,
  localEmbeddingProvider,
} from '../../src/modules/embeddings/local-embedding.js';
import {
  type OpenAiCompatibleOptions,
  openAiCompatibleEmbeddings,
} from '../../src/modules/embeddings/openai-compatible-embedding.js';
import { decodeVectors, encodeVectors } from '../../src/modules/embeddings/vectors.js';
import { chunkText, documentText } from '../../src/modules/knowledge-bases/prepare-text.js';
import { hybridSimilarity } from '../../src/modules/knowledge-bases/search.js';
import { EMBEDDINGS_BASE_URL, mockEmbeddingsEndpoint } from '../helpers/embeddings-endpoint.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * (b[i] as number), 0);

t.test('the local embedding is deterministic, 256-dimensional and normalised', async (t) => {
  const a = localEmbedding('Invoices are listed under Billing');
  t.equal(a.length, LOCAL_EMBEDDING_DIMENSIONS);
  t.equal(LOCAL_EMBEDDING_DIMENSIONS, 256);
  t.same(Array.from(a), Array.from(localEmbedding('Invoices are listed under Billing')));
  t.ok(Math.abs(dot(a, a) - 1) < 1e-5, 'unit length');
  t.same(Array.from(localEmbedding('')), new Array(256).fill(0), 'an empty text is the zero vector');
  const [viaProvider] = await localEmbeddingProvider.embed(['Invoices are listed under Billing']);
  t.same(Array.from(viaProvider as Float32Array), Array.from(a));
});

t.test('the local embedding puts shared words and word forms close', async (t) => {
  const query = localEmbedding('invoice');
  const related = dot(query, localEmbedding('Downloading invoices from billing'));
  const unrelated = dot(query, localEmbedding('Parcels leave the warehouse'));
  t.ok(related > unrelated + 0.1, `${related} > ${unrelated} + 0.1`);
  t.ok(dot(localEmbedding('Café crème'), localEmbedding('CAFE CREME')) > 0.99, 'case and accents do not matter');
});

t.test('vectors survive the bytea encoding', async (t) => {
  const vectors = [localEmbedding('one'), localEmbedding('two')];
  t.same(Array.from(decodeVectors(encodeVectors(vectors))), [...vectors[0]!, ...vectors[1]!]);
});

t.test('documentText takes the listed fields in order, or every field', async (t) => {
  const content = { title: 'T', body: { text: 'B', pages: [1, 2] }, tags: ['x', ''], empty: null, flag: true };
  t.equal(documentText(content, null), 'T\nB\n1\n2\nx\ntrue');
  t.equal(documentText(content, ['body.text', 'title', 'missing', 'title.deeper']), 'B\nT');
});

t.test('chunkText cuts overlapping chunks at word boundaries', async (t) => {
  t.same(chunkText('short', 100, 10), ['short']);
  t.same(chunkText('', 100, 10), ['']);
  const text = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
  const chunks = chunkText(text, 100, 20);
  t.ok(chunks.length > 1);
  for (const chunk of chunks) t.ok(chunk.length <= 100);
  t.equal(chunks[0]?.endsWith(' '), false);
  t.ok(
    chunks.every((chunk, i) => i === 0 || !/^\d/.test(chunk)),
    'no chunk starts inside a word',
  );
  t.ok(text.endsWith(chunks.at(-1) as string), 'the end is covered');
  const tail = (chunks[0] as string).slice(-10);
  t.ok((chunks[1] as string).includes(tail), 'consecutive chunks overlap');
});

t.test('hybridSimilarity: either signal alone counts, all query terms score at least 0.9', async (t) => {
  t.equal(hybridSimilarity(0, 0, 0), 0);
  t.equal(hybridSimilarity(1, 0, 0), 1);
  t.ok(hybridSimilarity(0.1, 1, 1) >= 0.9);
  t.ok(hybridSimilarity(0.3, 1, 0.5) > hybridSimilarity(0.2, 1, 0.5));
  t.equal(hybridSimilarity(-0.5, 0, 0), 0, 'negative cosine counts as 0');
});

t.test('the OpenAI-compatible client retries, then gives up with a clear error', async (t) => {
  const { endpoint, client } = clientOnMockedEndpoint(t, { batchSize: 2, maxAttempts: 3 });
  const vectors = await client.embed(['a', 'b', 'c']);
  t.equal(vectors.length, 3);
  t.same(
    endpoint.requests.map((r) => r.input),
    [['a', 'b'], ['c']],
  );
  t.equal(endpoint.requests[0]?.authorization, null, 'no key, no authorization header');
  t.ok(Math.abs(dot(vectors[0]!, vectors[0]!) - 1) < 1e-5, 'normalised');

  endpoint.requests.length = 0;
  endpoint.setResponder(() => new HttpResponse(null, { status: 429 }));
  await t.rejects(client.embed(['a']), /answered 429 \(after 3 attempts\)/);
  t.equal(endpoint.requests.length, 3);

  endpoint.setResponder(() => HttpResponse.json({ data: [{ index: 0, embedding: ['x'] }] }));
  await t.rejects(client.embed(['a']), /not a list of numbers/);
  endpoint.setResponder(() => HttpResponse.json({ data: [] }));
  await t.rejects(client.embed(['a']), /returned 0 embeddings for 1 inputs/);
  endpoint.setResponder(() => new HttpResponse('<html>', { status: 200 }));
  await t.rejects(client.embed(['a']), /not JSON/);
  endpoint.setResponder((request) =>
    HttpResponse.json({
      data: [
        { index: 1, embedding: [0, 1] },
        { index: 0, embedding: [1, 0] },
      ].slice(0, request.input.length),
    }),
  );
  const ordered = await client.embed(['first', 'second']);
  t.same(Array.from(ordered[0]!), [1, 0], 'answers are put back in input order');
});

/** A mocked endpoint and an OpenAI-compatible embeddings client on it (no key, 1 ms backoff). */
function clientOnMockedEndpoint(t: Test, overrides: Partial<OpenAiCompatibleOptions> = {}) {
  const endpoint = mockEmbeddingsEndpoint();
  t.teardown(() => endpoint.close());
  const client = openAiCompatibleEmbeddings({
    baseUrl: EMBEDDINGS_BASE_URL,
    apiKey: null,
    model: 'm',
    retryBaseDelayMs: 1,
    ...overrides,
  });
  return { endpoint, client };
}

t.test('the OpenAI-compatible client waits out Retry-After, in seconds or as a date', async (t) => {
  const { endpoint, client } = clientOnMockedEndpoint(t);
  // 429 asks for one second; 503 for a date 3 s ahead, at least 2 s once rounded to whole seconds.
  let dateAsked = 0;
  endpoint.setResponder((request, attempt) => {
    if (attempt === 1) return new HttpResponse(null, { status: 429, headers: { 'retry-after': '1' } });
    if (attempt === 2) {
      const date = new Date(Date.now() + 3_000).toUTCString();
      dateAsked = Date.parse(date) - Date.now();
      return new HttpResponse(null, { status: 503, headers: { 'retry-after': date } });
    }
    return endpoint.defaultResponse(request);
  });
  const started = Date.now();
  const vectors = await client.embed(['a']);
  const waited = Date.now() - started;
  t.equal(vectors.length, 1, 'the third attempt answers');
  t.equal(endpoint.requests.length, 3);
  t.ok(dateAsked >= 1_900, 'the date lies about 2 s or more ahead', { dateAsked });
  t.ok(waited >= 900 + dateAsked - 100, 'waited what both answers asked for, not the 1 ms backoff', {
    waited,
    dateAsked,
  });
});

t.test('the OpenAI-compatible client: a Retry-After beyond the cap waits the cap', async (t) => {
  const { endpoint, client } = clientOnMockedEndpoint(t, { maxRetryDelayMs: 300 });
  endpoint.setResponder((request, attempt) =>
    attempt === 1
      ? new HttpResponse(null, { status: 429, headers: { 'retry-after': '3600' } })
      : endpoint.defaultResponse(request),
  );
  const started = Date.now();
  await client.embed(['a']);
  const waited = Date.now() - started;
  t.ok(waited >= 250 && waited < 3_000, 'waited the 300 ms cap, not an hour', { waited });
});

t.test('the OpenAI-compatible client: a wrong key names the settings to check, never the key', async (t) => {
  const { endpoint, client } = clientOnMockedEndpoint(t, { apiKey: 'sk-wrong' });
  endpoint.setResponder(() => HttpResponse.json({ error: { message: 'Incorrect key sk-wrong' } }, { status: 401 }));
  const error = await client.embed(['a']).catch((caught: Error) => caught);
  t.ok(error instanceof EmbeddingError, 'an EmbeddingError (503 for the request that needed it)');
  t.match((error as Error).message, /^The embeddings endpoint answered 401: Incorrect key \[EMBEDDINGS_API_KEY\]/);
  t.match((error as Error).message, /Check EMBEDDINGS_BASE_URL, EMBEDDINGS_API_KEY and/);
  t.notMatch((error as Error).message, /sk-wrong/);
  t.equal(endpoint.requests.length, 1, 'not retried');
});
