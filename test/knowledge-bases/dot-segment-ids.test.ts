import t from 'tap';
import { createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, dataMessages, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** documentIds a URL cannot carry, dot segments and NUL in paths: refused, never resolved to another resource. */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });

t.test('"." and ".." are refused as documentIds at create, with a 400 naming the problem', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  for (const documentId of ['.', '..']) {
    const res = await api.createDocument(owner.headers, kb.id, article(documentId, 'Dots', 'text'));
    t.equal(res.statusCode, 400, documentId);
    t.match(res.body.errors.join(), new RegExp(`documentId: "${documentId.replace(/\./g, '\\.')}" cannot be used`));
  }
  const dotted = await api.createDocument(owner.headers, kb.id, article('...', 'Three dots', 'text'));
  t.equal(dotted.statusCode, 201, 'three dots are an ordinary segment');
});

t.test('"." and ".." are refused item by item in a bulk upload', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const res = await api.bulkUpload(owner.headers, kb.id, {
    documents: [article('..', 'A', 'x'), article('.', 'B', 'x'), article('fine', 'C', 'x')],
  });
  const errors = dataMessages(res.payload).filter((m) => m.type === 'document_error');
  t.same(
    errors.map((e) => [e.index, e.documentId]),
    [
      [0, '..'],
      [1, '.'],
    ],
  );
  t.match(errors[0].errors.join(), /URLs read "\." and "\.\." as path steps/);
  t.equal((await api.getDocument(owner.headers, kb.id, 'fine')).statusCode, 200);
});

t.test('a path with a dot segment, plain or percent-encoded, answers 400 and deletes nothing', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  await api.createDocument(owner.headers, kb.id, article('kept', 'Kept', 'text'));
  const base = `/api/knowledge-bases/${kb.id}`;
  for (const segment of ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e', '.']) {
    for (const url of [`${base}/documents/${segment}`, `${base}/documents/${segment}/`, `${base}/x/${segment}`]) {
      const res = await app.inject({ method: 'DELETE', url, headers: owner.headers });
      t.equal(res.statusCode, 400, url);
      t.match(res.body.message, /"\." or "\.\." segment/);
    }
  }
  t.equal((await api.get(owner.headers, kb.id)).statusCode, 200, 'the knowledge base is still there');
  t.equal((await api.getDocument(owner.headers, kb.id, 'kept')).statusCode, 200, 'and its document');
});

t.test('NUL in a path parameter answers 400 naming the parameter', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const urls: [string, string][] = [
    [`/api/knowledge-bases/${kb.id}/documents/%00`, 'path.documentId'],
    [`/api/knowledge-bases/${kb.id}/documents/a%00b`, 'path.documentId'],
    ['/api/knowledge-bases/%00', 'path.id'],
    ['/api/document-types/%00', 'path.id'],
    ['/api/steps-async/status/%00', 'path.executionId'],
  ];
  for (const [url, name] of urls) {
    const res = await app.inject({ method: 'GET', url, headers: owner.headers });
    t.equal(res.statusCode, 400, url);
    t.same(res.body.errors, [`${name}: must not contain the NUL character (\\u0000)`], url);
  }
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/knowledge-bases/${kb.id}/documents/%00`,
    headers: owner.headers,
  });
  t.equal(deleted.statusCode, 400);
});
