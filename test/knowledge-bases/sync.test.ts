import t, { type Test } from 'tap';
import { addActor, createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/** POST /api/knowledge-bases/{id}/sync (both SDKs' `knowledgeBases.sync`) and reading a sync back. */

const app = await buildTestApp(t, {}, { workers: true });
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, owner.organization, { role: 'member' });
const kb = await createKnowledgeBase(app, owner);
for (const [index, text] of ['Refunds take five days', 'Reset the password in settings'].entries()) {
  await api.createDocument(owner.headers, kb.id, article(`faq-${index}`, `FAQ ${index}`, text));
}
await api.createDocument(owner.headers, kb.id, {
  ...article('text-only', 'Opening hours', 'Nine to five'),
  generateEmbedding: false,
});

const syncUrl = `/api/knowledge-bases/${kb.id}/sync`;

async function syncToEnd(t: Test, payload?: object) {
  const started = await app.inject({ method: 'POST', url: syncUrl, headers: owner.headers, payload });
  t.equal(started.statusCode, 202);
  t.match(started.body.data, {
    syncId: String,
    status: 'started',
    documentsProcessed: 0,
    embeddingsGenerated: 0,
    errors: [],
    completedAt: null,
  });
  const statusUrl = `${syncUrl}/${started.body.data.syncId}`;
  for (let poll = 0; poll < 150; poll += 1) {
    const read = await app.inject({ method: 'GET', url: statusUrl, headers: member.headers });
    if (read.body.data.status !== 'started') return read.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sync did not end within 15 s');
}

t.test('a first sync re-indexes every document and re-embeds the embedded ones', async (t) => {
  const sync = await syncToEnd(t);
  t.equal(sync.status, 'completed');
  t.equal(sync.documentsProcessed, 3);
  t.equal(sync.embeddingsGenerated, 2, 'a text-only document stays text-only');
  t.ok(Date.parse(sync.completedAt) >= Date.parse(sync.startedAt));
  const found = await api.searchPost(owner.headers, kb.id, { query: 'refunds', similarityThreshold: 0.1 });
  t.equal(found.body.data[0]?.document.documentId, 'faq-0', 'search still finds the documents');
});

t.test('with unchanged embedding settings a sync rebuilds the full-text index only, unless asked', async (t) => {
  const plain = await syncToEnd(t, {});
  t.match(plain, { status: 'completed', documentsProcessed: 3, embeddingsGenerated: 0 });
  const regenerated = await syncToEnd(t, { regenerateEmbeddings: true, syncExternalSources: true });
  t.match(regenerated, { status: 'completed', documentsProcessed: 3, embeddingsGenerated: 2 });
  const forced = await syncToEnd(t, { force: true });
  t.match(forced, { status: 'completed', embeddingsGenerated: 2 });
});

t.test('members read syncs but may not start one; unknown ids are 404', async (t) => {
  const refused = await app.inject({ method: 'POST', url: syncUrl, headers: member.headers });
  t.equal(refused.statusCode, 403);
  const unknown = await app.inject({
    method: 'GET',
    url: `${syncUrl}/00000000-0000-4000-8000-000000000000`,
    headers: owner.headers,
  });
  t.equal(unknown.statusCode, 404);
  t.equal((await app.inject({ method: 'GET', url: `${syncUrl}/nope`, headers: owner.headers })).statusCode, 404);
  const stranger = await createActor(app.db);
  t.equal((await app.inject({ method: 'POST', url: syncUrl, headers: stranger.headers })).statusCode, 404);
  const badBody = await app.inject({ method: 'POST', url: syncUrl, headers: owner.headers, payload: { force: 'yes' } });
  t.equal(badBody.statusCode, 400);
});
