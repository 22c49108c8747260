import t from 'tap';
import { ISO_DATE_TIME, MISSING_ID, UUID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** Documents of a knowledge base one at a time. */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const outsider = await createActor(app.db, { slug: 'outsider' });
const kb = await createKnowledgeBase(app, owner);

const DOCUMENT_KEYS = ['content', 'createdAt', 'documentId', 'id', 'metadata', 'updatedAt'];

t.test('create answers 201 with the document; get by documentId or by id', async (t) => {
  const res = await api.createDocument(owner.headers, kb.id, {
    ...article('faq-1', 'Reset password', 'Open settings'),
    metadata: { source: 'helpdesk' },
  });
  t.equal(res.statusCode, 201);
  const data = res.body.data;
  t.same(Object.keys(data).sort(), DOCUMENT_KEYS);
  t.match(data.id, UUID);
  t.equal(data.documentId, 'faq-1');
  t.same(data.content, { title: 'Reset password', text: 'Open settings', category: 'general' });
  t.same(data.metadata, { source: 'helpdesk' });
  t.match(data.createdAt, ISO_DATE_TIME);
  t.same((await api.getDocument(member.headers, kb.id, 'faq-1')).body.data, data, 'by documentId, as a member');
  t.same((await api.getDocument(owner.headers, kb.id, data.id)).body.data, data, 'by id');
  const noMetadata = await api.createDocument(owner.headers, kb.id, article('faq-2', 'T', 'x'));
  t.same(noMetadata.body.data.metadata, {}, 'metadata defaults to {}');
});

t.test('without documentId quire generates one and answers it (the Node SDK sends none)', async (t) => {
  const { content } = article('ignored', 'Opening hours', 'Nine to five');
  const first = await api.createDocument(owner.headers, kb.id, { content });
  t.equal(first.statusCode, 201);
  t.match(first.body.data.documentId, UUID);
  const second = await api.createDocument(owner.headers, kb.id, { content });
  t.equal(second.statusCode, 201, 'two documents without documentId do not collide');
  t.not(second.body.data.documentId, first.body.data.documentId);
  const read = await api.getDocument(owner.headers, kb.id, first.body.data.documentId);
  t.equal(read.statusCode, 200, 'readable by the generated documentId');
  t.same(read.body.data.content, content);
});

t.test('content is validated against the knowledge base schema', async (t) => {
  const res = await api.createDocument(owner.headers, kb.id, { documentId: 'bad', content: { title: 5 } });
  t.equal(res.statusCode, 400);
  t.equal(res.body.message, 'Validation error');
  t.same(res.body.errors.sort(), ['content.text: is required', 'content.title: must be string']);
  const empty = await api.createDocument(owner.headers, kb.id, { documentId: '', content: { title: 'x', text: 'y' } });
  t.equal(empty.statusCode, 400, 'an empty documentId is refused (a missing one is generated)');
  t.match(empty.body.errors.join(), /documentId/);
  const notObject = await api.createDocument(owner.headers, kb.id, { documentId: 'x', content: 'text' });
  t.equal(notObject.statusCode, 400);
  t.equal((await api.getDocument(owner.headers, kb.id, 'bad')).statusCode, 404, 'nothing stored');
});

t.test('a documentId already stored answers 409', async (t) => {
  await api.createDocument(owner.headers, kb.id, article('dup', 'First', 'one'));
  const again = await api.createDocument(owner.headers, kb.id, article('dup', 'Second', 'two'));
  t.equal(again.statusCode, 409);
  t.match(again.body.message, /documentId "dup" already exists/);
  t.equal((await api.getDocument(owner.headers, kb.id, 'dup')).body.data.content.title, 'First');
});

t.test('list: newest first, search, documentId filter, pagination', async (t) => {
  const own = await createKnowledgeBase(app, owner);
  for (const [id, title] of [
    ['a', 'Alpha invoices'],
    ['b', 'Beta receipts'],
    ['c', 'Gamma invoices'],
  ]) {
    await api.createDocument(owner.headers, own.id, article(id as string, title as string, 'body'));
  }
  const all = await api.listDocuments(member.headers, own.id);
  t.equal(all.statusCode, 200);
  t.same(
    all.body.data.map((d: { documentId: string }) => d.documentId),
    ['c', 'b', 'a'],
  );
  t.same(all.body.pagination, { total: 3, page: 1, limit: 20 });
  t.same(
    (await api.listDocuments(owner.headers, own.id, 'search=INVOICES')).body.data.map(
      (d: { documentId: string }) => d.documentId,
    ),
    ['c', 'a'],
  );
  t.same(
    (await api.listDocuments(owner.headers, own.id, 'documentId=b')).body.data.map(
      (d: { documentId: string }) => d.documentId,
    ),
    ['b'],
  );
  const page = await api.listDocuments(owner.headers, own.id, 'limit=2&page=2');
  t.same(page.body.pagination, { total: 3, page: 2, limit: 2 });
  t.equal(page.body.data.length, 1);
  t.equal((await api.listDocuments(owner.headers, own.id, 'limit=101')).statusCode, 400);
});

t.test('update: new content is validated and re-embedded; metadata replaced', async (t) => {
  const own = await createKnowledgeBase(app, owner);
  await api.createDocument(owner.headers, own.id, article('u1', 'Shipping', 'parcels and couriers'));
  const before = await api.search(owner.headers, own.id, 'query=couriers&similarityThreshold=0.5');
  t.equal(before.body.resultsCount, 1);

  const res = await api.updateDocument(owner.headers, own.id, 'u1', {
    content: { title: 'Refunds', text: 'money back within thirty days' },
  });
  t.equal(res.statusCode, 200);
  t.same(res.body.data.content, { title: 'Refunds', text: 'money back within thirty days' });
  t.ok(Date.parse(res.body.data.updatedAt) >= Date.parse(res.body.data.createdAt));
  t.equal(
    (await api.search(owner.headers, own.id, 'query=couriers&similarityThreshold=0.5')).body.resultsCount,
    0,
    'the old text is no longer found',
  );
  const found = await api.search(owner.headers, own.id, 'query=money+back&similarityThreshold=0.5');
  t.equal(found.body.resultsCount, 1, 'the new text is found');

  const meta = await api.updateDocument(owner.headers, own.id, 'u1', { metadata: { lang: 'en' } });
  t.same(meta.body.data.metadata, { lang: 'en' });
  t.equal(meta.body.data.content.title, 'Refunds', 'content kept');
  const regenerated = await api.updateDocument(owner.headers, own.id, 'u1', { regenerateEmbedding: true });
  t.equal(regenerated.statusCode, 200);

  const invalid = await api.updateDocument(owner.headers, own.id, 'u1', { content: { title: 'no text' } });
  t.equal(invalid.statusCode, 400);
  t.same(invalid.body.errors, ['content.text: is required']);
  const empty = await api.updateDocument(owner.headers, own.id, 'u1', {});
  t.equal(empty.statusCode, 400);
  t.equal((await api.updateDocument(owner.headers, own.id, 'nope', { metadata: {} })).statusCode, 404);
});

t.test('delete removes the document', async (t) => {
  const created = await api.createDocument(owner.headers, kb.id, article('gone', 'T', 'x'));
  const res = await api.removeDocument(owner.headers, kb.id, 'gone');
  t.equal(res.statusCode, 200);
  t.same(res.body, { data: { id: created.body.data.id, deleted: true } });
  t.equal((await api.getDocument(owner.headers, kb.id, 'gone')).statusCode, 404);
  t.equal((await api.removeDocument(owner.headers, kb.id, 'gone')).statusCode, 404);
});

t.test('generateEmbedding: false stores a document found by full-text search only', async (t) => {
  const own = await createKnowledgeBase(app, owner);
  const res = await api.createDocument(owner.headers, own.id, {
    ...article('plain', 'Warranty', 'two years of warranty'),
    generateEmbedding: false,
  });
  t.equal(res.statusCode, 201);
  const [row] = await app.db('knowledge_base_documents').where('id', res.body.data.id).select('embedding');
  t.equal(row.embedding, null, 'no embedding stored');
  const found = await api.search(owner.headers, own.id, 'query=warranty&similarityThreshold=0.5');
  t.equal(found.body.resultsCount, 1);
});

t.test("another organization's documents answer 404; members cannot write", async (t) => {
  await api.createDocument(owner.headers, kb.id, article('private', 'T', 'x'));
  for (const res of [
    await api.getDocument(outsider.headers, kb.id, 'private'),
    await api.listDocuments(outsider.headers, kb.id),
    await api.createDocument(outsider.headers, kb.id, article('x', 'T', 'x')),
    await api.updateDocument(outsider.headers, kb.id, 'private', { metadata: {} }),
    await api.removeDocument(outsider.headers, kb.id, 'private'),
    await api.listDocuments(owner.headers, MISSING_ID),
  ]) {
    t.equal(res.statusCode, 404);
  }
  for (const res of [
    await api.createDocument(member.headers, kb.id, article('m', 'T', 'x')),
    await api.updateDocument(member.headers, kb.id, 'private', { metadata: {} }),
    await api.removeDocument(member.headers, kb.id, 'private'),
  ]) {
    t.equal(res.statusCode, 403);
  }
  t.equal((await api.getDocument(owner.headers, kb.id, 'private')).statusCode, 200, 'untouched');
});
