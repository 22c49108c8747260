import t from 'tap';
import { createApiKey } from '../../src/modules/identity/service.js';
import { MISSING_ID } from '../helpers/document-types.js';
import { addActor, createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, dataMessages, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** Bulk upload with a streamed answer. */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const outsider = await createActor(app.db, { slug: 'outsider' });

const STAGES = ['validation', 'preparation', 'embedding', 'insertion'];

function articles(count: number, prefix = 'doc') {
  return Array.from({ length: count }, (_, i) => article(`${prefix}-${i}`, `Article ${i}`, `Body of article ${i}`));
}

async function storedCount(knowledgeBaseId: string): Promise<number> {
  const [row] = await app.db('knowledge_base_documents').where('knowledge_base_id', knowledgeBaseId).count({ n: '*' });
  return Number(row?.n);
}

t.test('the stream: connected, progress per stage and batch, complete with counts', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const res = await api.bulkUpload(owner.headers, kb.id, { documents: articles(1001) });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/event-stream/);
  t.match(res.payload, /^data: \{"type":"connected"/, 'the first line is the connected message');
  const messages = dataMessages(res.payload);

  const [connected] = messages;
  t.same(Object.keys(connected).sort(), ['message', 'timestamp', 'type']);
  t.equal(connected.type, 'connected');
  t.equal(connected.message, 'Connected to bulk upload stream');
  t.ok(!Number.isNaN(Date.parse(connected.timestamp)) && connected.timestamp.endsWith('Z'), 'ISO 8601 timestamp');

  const progress = messages.filter((m) => m.type === 'progress');
  const expected = [1, 2, 3].flatMap((batch) =>
    STAGES.map((stage) => ({
      type: 'progress',
      stage,
      batch,
      batches: 3,
      processed: Math.min(batch * 500, 1001),
      total: 1001,
    })),
  );
  // Batch i+1 may be embedded while batch i is inserted, so only these orders are fixed.
  const key = (m: { stage: string; batch: number }) => `${m.batch}:${m.stage}`;
  t.same(progress.map(key).sort(), expected.map(key).sort(), 'every stage of every batch, once');
  t.same(
    progress.filter((m) => m.batch === 2),
    expected.filter((m) => m.batch === 2),
    'each field as documented',
  );
  for (const batch of [1, 2, 3]) {
    t.same(
      progress.filter((m) => m.batch === batch).map((m) => m.stage),
      STAGES,
      `batch ${batch}: its stages in order`,
    );
  }
  t.same(
    progress.filter((m) => m.stage === 'insertion').map((m) => m.batch),
    [1, 2, 3],
    'batches are inserted in order',
  );

  const last = messages.at(-1);
  t.equal(last.type, 'complete', 'complete is last');
  t.same(
    { ...last, durationMs: 0 },
    { type: 'complete', total: 1001, created: 1001, updated: 0, failed: 0, durationMs: 0 },
  );
  t.ok(Number.isInteger(last.durationMs) && last.durationMs >= 0);
  t.equal(messages.filter((m) => m.type === 'complete').length, 1);
  t.equal(await storedCount(kb.id), 1001);
});

t.test('each rejected document gets a document_error; the others are stored', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const documents = [
    article('good-1', 'Fine', 'text'),
    { documentId: 'schema', content: { title: 7 } },
    { content: { title: 'no id', text: 'x' } },
    { documentId: '', content: { title: 'blank id', text: 'x' } },
    { documentId: 'x'.repeat(256), content: { title: 'long id', text: 'x' } },
    { documentId: 'no-content' },
    { documentId: 'bad-meta', content: { title: 'T', text: 'x' }, metadata: 'nope' },
    article('good-1', 'Again', 'repeated in the same request'),
    { ...article('good-2', 'Fine too', 'text'), metadata: { lang: 'en' } },
  ];
  const res = await api.bulkUpload(owner.headers, kb.id, { documents });
  const messages = dataMessages(res.payload);
  const errors = messages.filter((m) => m.type === 'document_error');
  t.same(
    errors.map((e) => [e.index, e.documentId]),
    [
      [1, 'schema'],
      [2, null],
      [3, ''],
      [4, 'x'.repeat(256)],
      [5, 'no-content'],
      [6, 'bad-meta'],
      [7, 'good-1'],
    ],
  );
  const byIndex = new Map(errors.map((e) => [e.index, e.errors.join(' | ')]));
  t.match(byIndex.get(1), /content\.text: is required/);
  t.match(byIndex.get(1), /content\.title: must be string/);
  t.match(byIndex.get(2), /documentId: is required/);
  t.match(byIndex.get(3), /documentId: is required/);
  t.match(byIndex.get(4), /at most 255/);
  t.match(byIndex.get(5), /content: is required/);
  t.match(byIndex.get(6), /metadata: must be an object/);
  t.match(byIndex.get(7), /appears earlier in this request \(document 0\)/);
  const complete = messages.at(-1);
  t.same(
    { ...complete, durationMs: 0 },
    { type: 'complete', total: 9, created: 2, updated: 0, failed: 7, durationMs: 0 },
  );
  t.equal(await storedCount(kb.id), 2);
  const stored = await api.getDocument(owner.headers, kb.id, 'good-1');
  t.equal(stored.body.data.content.title, 'Fine', 'the first occurrence is the one stored');
  t.same((await api.getDocument(owner.headers, kb.id, 'good-2')).body.data.metadata, { lang: 'en' });
});

t.test('a re-sent documentId updates that document', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  await api.bulkUpload(owner.headers, kb.id, {
    documents: [{ ...article('a', 'Old', 'old text'), metadata: { v: 1 } }, article('b', 'B', 'b')],
  });
  const before = (await api.getDocument(owner.headers, kb.id, 'a')).body.data;
  const res = await api.bulkUpload(owner.headers, kb.id, {
    documents: [article('a', 'New', 'new text'), article('c', 'C', 'c')],
  });
  const complete = dataMessages(res.payload).at(-1);
  t.match(complete, { type: 'complete', total: 2, created: 1, updated: 1, failed: 0 });
  const after = (await api.getDocument(owner.headers, kb.id, 'a')).body.data;
  t.equal(after.id, before.id, 'same document');
  t.equal(after.content.title, 'New');
  t.same(after.metadata, {}, 'absent metadata replaced by {}');
  t.equal(after.createdAt, before.createdAt);
  t.ok(Date.parse(after.updatedAt) >= Date.parse(before.updatedAt));
  t.equal(await storedCount(kb.id), 3);
  const found = await api.search(owner.headers, kb.id, 'query=new+text&similarityThreshold=0.5');
  t.same(
    found.body.data.map((hit: { document: { documentId: string } }) => hit.document.documentId),
    ['a'],
    'the index follows the update',
  );
});

t.test('at least one document, each an object: else 400 {error, details}', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  for (const payload of [{ documents: [] }, {}, { documents: 'many' }, { documents: [1, 2] }]) {
    const res = await api.bulkUpload(owner.headers, kb.id, payload);
    t.equal(res.statusCode, 400, JSON.stringify(payload));
    t.equal(res.body.error, 'Invalid request data');
    t.ok(Array.isArray(res.body.details) && res.body.details.length > 0);
    t.match(res.body.details.join(), /documents/);
    t.notOk('message' in res.body, 'no {message} shape here');
  }
  const malformed = await app.inject({
    method: 'POST',
    url: `/api/knowledge-bases/${kb.id}/documents/bulk-upload`,
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: '{"documents": [',
  });
  t.equal(malformed.statusCode, 400);
  t.same(Object.keys(malformed.body), ['error'], 'malformed JSON answers {error}');
});

t.test('more than 10,000 documents: 413 {error}; 10,000 are accepted', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const tiny = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ documentId: `t${i}`, content: { title: 't', text: 't' } }));
  const res = await api.bulkUpload(owner.headers, kb.id, { documents: tiny(10_001) });
  t.equal(res.statusCode, 413);
  t.match(res.body.error, /at most 10000 documents/);
  t.equal(await storedCount(kb.id), 0, 'nothing stored');
  const max = await api.bulkUpload(owner.headers, kb.id, { documents: tiny(10_000) });
  t.equal(max.statusCode, 200);
  t.match(dataMessages(max.payload).at(-1), { type: 'complete', created: 10_000 });
});

t.test('401, 403 and 404 answer {error} before any stream', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const body = { documents: articles(1) };
  const anonymous = await api.bulkUpload({}, kb.id, body);
  t.equal(anonymous.statusCode, 401);
  t.same(Object.keys(anonymous.body), ['error']);
  const forbidden = await api.bulkUpload(member.headers, kb.id, body);
  t.equal(forbidden.statusCode, 403);
  t.match(forbidden.body.error, /owner or admin/);
  for (const res of [
    await api.bulkUpload(outsider.headers, kb.id, body),
    await api.bulkUpload(owner.headers, MISSING_ID, body),
  ]) {
    t.equal(res.statusCode, 404);
    t.same(res.body, { error: 'Knowledge base not found' });
  }
  t.equal(await storedCount(kb.id), 0);
});

t.test('a body that is not JSON answers 415 {error}; a key without an organization 403 {error}', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const text = await app.inject({
    method: 'POST',
    url: `/api/knowledge-bases/${kb.id}/documents/bulk-upload`,
    headers: { ...owner.headers, 'content-type': 'text/plain' },
    payload: 'documents',
  });
  t.equal(text.statusCode, 415);
  t.same(Object.keys(text.body), ['error']);
  const key = await createApiKey(app.db, owner.user.email, null, null);
  const res = await api.bulkUpload({ authorization: `Bearer ${key.key}` }, kb.id, { documents: articles(1) });
  t.equal(res.statusCode, 403);
  t.same(Object.keys(res.body), ['error']);
});
