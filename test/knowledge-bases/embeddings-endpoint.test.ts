import { HttpResponse } from 'msw';
import t from 'tap';
import { EMBEDDINGS_BASE_URL, mockEmbeddingsEndpoint } from '../helpers/embeddings-endpoint.js';
import { createActor } from '../helpers/factories.js';
import {
  article,
  createKnowledgeBase,
  dataMessages,
  knowledgeBaseBody,
  knowledgeBasesApi,
} from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** EMBEDDINGS_BASE_URL: knowledge bases embedded by an OpenAI-compatible endpoint (mocked with msw). */

const endpoint = mockEmbeddingsEndpoint();
t.teardown(() => endpoint.close());
const app = await buildTestApp(t, {
  EMBEDDINGS_BASE_URL,
  EMBEDDINGS_API_KEY: 'sk-test',
  EMBEDDINGS_MODEL: 'text-embedding-3-small',
});
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });

t.beforeEach(() => {
  endpoint.requests.length = 0;
  endpoint.setResponder((request) => endpoint.defaultResponse(request));
});

t.test('with EMBEDDINGS_BASE_URL the endpoint is the default provider; local stays selectable', async (t) => {
  const remote = await createKnowledgeBase(app, owner);
  const read = await api.get(owner.headers, remote.id);
  t.match(read.body.data.indexingPreferences, {
    embeddingProvider: 'openai-compatible',
    embeddingModel: 'text-embedding-3-small',
  });
  const local = await createKnowledgeBase(app, owner, { indexingPreferences: { embeddingProvider: 'local' } });
  t.match((await api.get(owner.headers, local.id)).body.data.indexingPreferences, {
    embeddingProvider: 'local',
    embeddingModel: 'quire-lexical-v1',
  });
  await api.bulkUpload(owner.headers, local.id, { documents: [article('l', 'Local', 'only')] });
  t.equal(endpoint.requests.length, 0, 'a local base never calls the endpoint');
});

t.test('bulk upload sends the chunks in batches with the key and the model', async (t) => {
  const kb = await createKnowledgeBase(app, owner, { indexingPreferences: { embeddingModel: 'my-model' } });
  const documents = Array.from({ length: 300 }, (_, i) => article(`d${i}`, `Title ${i}`, `text ${i}`));
  const res = await api.bulkUpload(owner.headers, kb.id, { documents });
  t.match(dataMessages(res.payload).at(-1), { type: 'complete', created: 300 });
  t.same(
    endpoint.requests.map((request) => request.input.length),
    [128, 128, 44],
    'batches of at most 128 inputs',
  );
  for (const request of endpoint.requests) {
    t.equal(request.model, 'my-model');
    t.equal(request.authorization, 'Bearer sk-test');
  }
  t.equal(endpoint.requests[0]?.input[0], 'Title 0\ntext 0\ngeneral', 'the prepared text of the document');
  const [row] = await app
    .db('knowledge_base_documents')
    .where('knowledge_base_id', kb.id)
    .select('embedding_dimensions');
  t.equal(row.embedding_dimensions, 3, "the endpoint's dimension is stored");
  const search = await api.searchPost(owner.headers, kb.id, { query: 'Title 7', limit: 1 });
  t.equal(search.statusCode, 200);
  t.equal(endpoint.requests.at(-1)?.input[0], 'Title 7', 'the query is embedded by the same endpoint');
});

t.test('a failing request is retried', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  endpoint.setResponder((request, attempt) =>
    attempt === 1 ? new HttpResponse(null, { status: 503 }) : endpoint.defaultResponse(request),
  );
  const res = await api.createDocument(owner.headers, kb.id, article('retry', 'Retried', 'once'));
  t.equal(res.statusCode, 201);
  t.equal(endpoint.requests.length, 2, 'one failure, one retry');
});

t.test('an endpoint that keeps failing: 503 for a single document, an error message in the stream', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  endpoint.setResponder(() => new HttpResponse(null, { status: 401 }));
  const single = await api.createDocument(owner.headers, kb.id, article('x', 'T', 'x'));
  t.equal(single.statusCode, 503);
  t.match(single.body.message, /answered 401/);
  t.equal(endpoint.requests.length, 1, '401 is not retried');

  const res = await api.bulkUpload(owner.headers, kb.id, { documents: [article('y', 'T', 'y')] });
  const messages = dataMessages(res.payload);
  const last = messages.at(-1);
  t.match(last, { type: 'error', total: 1, created: 0, failed: 0 });
  t.match(last.message, /embeddings endpoint answered 401/);
  t.notOk(
    messages.some((m) => m.type === 'complete'),
    'no complete message after an error',
  );
  const search = await api.searchPost(owner.headers, kb.id, { query: 'x' });
  t.equal(search.statusCode, 503);
});

t.test('a base on the endpoint answers 503 where EMBEDDINGS_BASE_URL is gone', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const other = await buildTestApp(t);
  // Same stored preferences, on a server without the endpoint.
  const [row] = await app.db('knowledge_bases').where('id', kb.id).select('indexing_preferences');
  const owner2 = await createActor(other.db, { slug: 'acme2' });
  const created = await knowledgeBasesApi(other).create(owner2.headers, knowledgeBaseBody());
  await other
    .db('knowledge_bases')
    .where('id', created.body.data.id)
    .update({
      indexing_preferences: JSON.stringify(row.indexing_preferences),
    });
  const res = await knowledgeBasesApi(other).bulkUpload(owner2.headers, created.body.data.id, {
    documents: [article('a', 'T', 'x')],
  });
  t.equal(res.statusCode, 503);
  t.match(res.body.error, /EMBEDDINGS_BASE_URL is not set/);
});
