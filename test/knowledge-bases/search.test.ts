import t from 'tap';
import { MISSING_ID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** Search, GET and POST: hybrid ranking, bounds, shape, tenancy. */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const outsider = await createActor(app.db, { slug: 'outsider' });
const kb = await createKnowledgeBase(app, owner);

const corpus = [
  article('password', 'Resetting your password', 'Open Settings, then Security, and choose Reset password.'),
  article('invoice', 'Downloading invoices', 'Invoices are listed under Billing; each one downloads as PDF.'),
  article('shipping', 'Shipping times', 'Parcels leave the warehouse within two working days.'),
  article('refund', 'Refunds', 'Money is returned to the original payment method within ten days.'),
  {
    ...article('account', 'Closing an account', 'Account closure removes invoices and settings.'),
    metadata: { lang: 'en' },
  },
];
await api.bulkUpload(owner.headers, kb.id, { documents: corpus });

const ids = (res: { body: { data: { document: { documentId: string } }[] } }) =>
  res.body.data.map((hit) => hit.document.documentId);

t.test('GET answers {data: [{document, similarity}], query, resultsCount}, best first', async (t) => {
  const res = await api.search(member.headers, kb.id, 'query=reset+password');
  t.equal(res.statusCode, 200, 'any member searches');
  t.same(Object.keys(res.body).sort(), ['data', 'query', 'resultsCount']);
  t.equal(res.body.query, 'reset password');
  t.equal(res.body.resultsCount, res.body.data.length);
  t.equal(ids(res)[0], 'password');
  const [hit] = res.body.data;
  t.same(Object.keys(hit).sort(), ['document', 'similarity']);
  t.same(Object.keys(hit.document).sort(), ['content', 'createdAt', 'documentId', 'id', 'metadata', 'updatedAt']);
  t.ok(hit.similarity >= 0.9 && hit.similarity <= 1, 'every query term present scores at least 0.9');
});

t.test('POST takes the same fields in a JSON body', async (t) => {
  const res = await api.searchPost(owner.headers, kb.id, { query: 'invoices', limit: 5, similarityThreshold: 0.5 });
  t.equal(res.statusCode, 200);
  t.same(ids(res).sort(), ['account', 'invoice'], 'both documents that mention invoices');
  const get = await api.search(owner.headers, kb.id, 'query=invoices&limit=5&similarityThreshold=0.5');
  t.same(ids(get), ids(res), 'GET and POST agree');
});

t.test('ranks by similarity: documents with more of the query terms come first', async (t) => {
  const res = await api.searchPost(owner.headers, kb.id, { query: 'invoices billing pdf', similarityThreshold: 0 });
  t.equal(ids(res)[0], 'invoice');
  const similarities = res.body.data.map((hit: { similarity: number }) => hit.similarity);
  t.same(
    similarities,
    [...similarities].sort((a: number, b: number) => b - a),
    'descending',
  );
  t.ok(similarities[0] > similarities[1]);
});

t.test('similarityThreshold filters; limit caps; defaults are 0.7 and 10', async (t) => {
  const all = await api.searchPost(owner.headers, kb.id, { query: 'settings', similarityThreshold: 0 });
  t.equal(all.body.resultsCount, corpus.length, 'threshold 0 returns every document');
  const strict = await api.searchPost(owner.headers, kb.id, { query: 'settings' });
  t.ok(strict.body.resultsCount < corpus.length, 'the default threshold leaves unrelated documents out');
  for (const hit of strict.body.data) t.ok(hit.similarity >= 0.7);
  const capped = await api.searchPost(owner.headers, kb.id, { query: 'settings', similarityThreshold: 0, limit: 2 });
  t.equal(capped.body.resultsCount, 2);
  const none = await api.searchPost(owner.headers, kb.id, { query: 'zebra', similarityThreshold: 0.5 });
  t.same(none.body, { data: [], query: 'zebra', resultsCount: 0 });
});

t.test('includeMetadata: false leaves metadata out', async (t) => {
  const res = await api.search(owner.headers, kb.id, 'query=account+closure&includeMetadata=false');
  t.equal(ids(res)[0], 'account');
  t.notOk('metadata' in res.body.data[0].document);
  const withMetadata = await api.searchPost(owner.headers, kb.id, { query: 'account closure' });
  t.same(withMetadata.body.data[0].document.metadata, { lang: 'en' });
});

t.test('parameters are bounded: query 1-1000 characters, limit 1-50, threshold 0-1', async (t) => {
  for (const query of [
    '',
    'query=',
    `query=${'a'.repeat(1001)}`,
    'query=x&limit=0',
    'query=x&limit=51',
    'query=x&similarityThreshold=1.5',
    'query=x&similarityThreshold=-0.1',
  ]) {
    const res = await api.search(owner.headers, kb.id, query);
    t.equal(res.statusCode, 400, query.slice(0, 40));
    t.equal(res.body.message, 'Validation error');
  }
  t.equal((await api.searchPost(owner.headers, kb.id, {})).statusCode, 400);
  t.equal((await api.searchPost(owner.headers, kb.id, { query: 'x', limit: 51 })).statusCode, 400);
  t.equal((await api.search(owner.headers, kb.id, `query=${'a'.repeat(1000)}&limit=50`)).statusCode, 200);
});

t.test('results follow writes: new, changed and deleted documents', async (t) => {
  const own = await createKnowledgeBase(app, owner);
  await api.bulkUpload(owner.headers, own.id, { documents: [article('w1', 'Warranty', 'two years')] });
  t.same(ids(await api.searchPost(owner.headers, own.id, { query: 'warranty' })), ['w1']);
  await api.createDocument(owner.headers, own.id, article('w2', 'Warranty claims', 'send the receipt'));
  t.same(ids(await api.searchPost(owner.headers, own.id, { query: 'warranty' })).sort(), ['w1', 'w2']);
  await api.removeDocument(owner.headers, own.id, 'w1');
  t.same(ids(await api.searchPost(owner.headers, own.id, { query: 'warranty' })), ['w2']);
  await api.updateDocument(owner.headers, own.id, 'w2', { content: { title: 'Returns', text: 'send it back' } });
  t.same(ids(await api.searchPost(owner.headers, own.id, { query: 'warranty' })), []);
});

t.test('long documents are chunked; the best chunk decides', async (t) => {
  const own = await createKnowledgeBase(app, owner, { indexingPreferences: { chunkSize: 200, chunkOverlap: 20 } });
  const filler = 'lorem ipsum dolor sit amet '.repeat(40);
  await api.bulkUpload(owner.headers, own.id, {
    documents: [article('long', 'Manual', `${filler} the turbine needs oil every spring ${filler}`)],
  });
  const [row] = await app.db('knowledge_base_documents').where('knowledge_base_id', own.id).select('embedding');
  t.ok(row.embedding.length / 4 / 256 > 5, 'several chunk embeddings stored');
  const res = await api.searchPost(owner.headers, own.id, { query: 'turbine oil spring' });
  t.same(ids(res), ['long']);
});

t.test("another organization's base answers 404", async (t) => {
  t.equal((await api.search(outsider.headers, kb.id, 'query=password')).statusCode, 404);
  t.equal((await api.searchPost(outsider.headers, kb.id, { query: 'password' })).statusCode, 404);
  t.equal((await api.search(owner.headers, MISSING_ID, 'query=password')).statusCode, 404);
  t.equal((await api.searchPost(owner.headers, 'not-a-uuid', { query: 'password' })).statusCode, 404);
});

t.test('queries with quotes, backslashes, operators or no words at all are plain text', async (t) => {
  const own = await createKnowledgeBase(app, owner);
  await api.bulkUpload(owner.headers, own.id, {
    documents: [article('quote', "O'Brien's notes", 'path C:\\temp\\files & more | less !not')],
  });
  for (const query of ["O'Brien's", 'C:\\temp\\files', '& | ! ( ) : *', '!!!', '"unterminated']) {
    const res = await api.searchPost(owner.headers, own.id, { query, similarityThreshold: 0 });
    t.equal(res.statusCode, 200, query);
  }
  const found = await api.searchPost(owner.headers, own.id, { query: "o'brien", similarityThreshold: 0.5 });
  t.same(ids(found), ['quote']);
});
