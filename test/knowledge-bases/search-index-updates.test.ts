import t from 'tap';
import { LOCAL_EMBEDDING_DIMENSIONS } from '../../src/modules/embeddings/local-embedding.js';
import type { Principal } from '../../src/modules/identity/principal.js';
import { selectEmbeddingChanges } from '../../src/modules/knowledge-bases/documents-repository.js';
import {
  createSearchIndexes,
  type SearchIndexes,
  searchKnowledgeBase,
} from '../../src/modules/knowledge-bases/search.js';
import { createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, dataMessages, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * Search indexes held in memory follow every kind of document write by reading only the
 * documents written since their version: two "processes" (sets of indexes), one searching after
 * every write and one only now and then, always answer what freshly loaded indexes answer.
 */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db);
const kb = await createKnowledgeBase(app, owner);
const principal: Principal = {
  apiKeyId: owner.keyId,
  userId: owner.user.id,
  email: owner.user.email,
  isPlatformAdmin: false,
  organizationId: owner.organization.id,
  organizationSlug: owner.organization.slug,
  organizationName: owner.organization.name,
  role: 'owner',
};

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'island', 'juniper'];
const articles = Array.from({ length: 30 }, (_, i) =>
  article(`a-${i}`, `Note ${i}`, `${WORDS[i % 10]} ${WORDS[(i * 3) % 10]} and shared words ${i}`),
);
const seeded = await api.bulkUpload(owner.headers, kb.id, { documents: articles });
if (dataMessages(seeded.payload).at(-1)?.type !== 'complete') throw new Error(`seeding failed: ${seeded.payload}`);

const QUERIES = ['amber', 'cedar grove', 'zebra', 'shared words', 'island juniper quokka'];
async function answers(indexes: SearchIndexes) {
  const all = [];
  for (const query of QUERIES) {
    const result = await searchKnowledgeBase(app.db, app.config, indexes, principal, kb.id, {
      query,
      limit: 50,
      similarityThreshold: 0,
      includeMetadata: false,
    });
    all.push(result.data.map((hit) => [hit.document.documentId, hit.similarity]));
  }
  return all;
}

const versionOf = async () =>
  Number((await app.db('knowledge_bases').where('id', kb.id).first('content_version')).content_version);

/** The documents each of a process's indexes holds (its cached entry at the current version), and the stored ones. */
async function heldDocuments(indexes: SearchIndexes) {
  const version = await versionOf();
  const missing = async (): Promise<never> => {
    throw new Error('not cached at the current version');
  };
  const held = (index: { documentIds: readonly (string | undefined)[] }) =>
    index.documentIds.filter((id) => id !== undefined).sort();
  const lexical = held(await indexes.lexical.current(kb.id, version, missing));
  const embeddings = held(await indexes.embeddings.current(`${kb.id}:${LOCAL_EMBEDDING_DIMENSIONS}`, version, missing));
  const stored = (await app.db('knowledge_base_documents').where('knowledge_base_id', kb.id).pluck('id')).sort();
  return { lexical, embeddings, stored };
}

const eager = createSearchIndexes();
const lazy = createSearchIndexes();
await answers(eager);
await answers(lazy);

const writes: [string, () => Promise<unknown>][] = [
  ['create', () => api.createDocument(owner.headers, kb.id, article('new-1', 'Zebra', 'zebra amber quokka'))],
  ['update', () => api.updateDocument(owner.headers, kb.id, 'a-3', { content: { title: 'Moved', text: 'zebra' } })],
  ['delete', () => api.removeDocument(owner.headers, kb.id, 'a-4')],
  [
    'bulk upload replacing and adding',
    () =>
      api.bulkUpload(owner.headers, kb.id, {
        documents: [article('a-5', 'Again', 'cedar zebra'), article('new-2', 'Quokka', 'island quokka')],
      }),
  ],
  ['delete another', () => api.removeDocument(owner.headers, kb.id, 'a-6')],
  ['re-index', () => api.update(owner.headers, kb.id, { indexingPreferences: { contentFields: ['text'] } })],
  [
    'update after re-index',
    () => api.updateDocument(owner.headers, kb.id, 'a-7', { content: { title: 'Amber', text: 'amber' } }),
  ],
];

t.test('after each write, indexes brought up to date answer as fresh ones', async (t) => {
  for (const [index, [name, write]] of writes.entries()) {
    const res = (await write()) as { statusCode: number; payload: string };
    t.ok(res.statusCode < 300, `${name}: ${res.statusCode}`);
    const fresh = await answers(createSearchIndexes());
    t.same(await answers(eager), fresh, `${name}: searched after every write`);
    const held = await heldDocuments(eager);
    t.same(held.lexical, held.stored, `${name}: the full-text index holds exactly the stored documents`);
    t.same(held.embeddings, held.stored, `${name}: so does the embedding index`);
    if (index % 3 === 2) t.same(await answers(lazy), fresh, `${name}: several writes behind`);
  }
  t.same(await answers(lazy), await answers(createSearchIndexes()), 'the lazy one catches up at the end');
  const [zebra] = (await answers(eager)).slice(2, 3);
  t.same(
    (zebra ?? [])
      .slice(0, 3)
      .map(([id]) => id)
      .sort(),
    ['a-3', 'a-5', 'new-1'],
    'the rewritten documents are found by their new words',
  );
});

t.test('a write stamps its documents with the version it bumped to, even among concurrent writers', async (t) => {
  const before = await versionOf();
  const statuses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      api.updateDocument(owner.headers, kb.id, `a-${10 + i}`, {
        content: { title: 'Concurrent', text: `concurrent ${i}` },
      }),
    ),
  );
  t.same(
    statuses.map((res) => res.statusCode),
    new Array(8).fill(200),
  );
  t.equal(await versionOf(), before + 8);
  const stamped = await app
    .db('knowledge_base_documents')
    .where('knowledge_base_id', kb.id)
    .where('content_version', '>', before)
    .orderBy('content_version')
    .select('id', 'content_version');
  t.same(
    stamped.map((row: { content_version: string }) => Number(row.content_version)),
    Array.from({ length: 8 }, (_, i) => before + 1 + i),
    'one document per version, each version once',
  );
  const { dimensions } = await app
    .db('knowledge_base_documents')
    .where('knowledge_base_id', kb.id)
    .whereNotNull('embedding')
    .first({ dimensions: 'embedding_dimensions' });
  const changes = await selectEmbeddingChanges(app.db, kb.id, dimensions, before + 7);
  t.same(
    changes.changed.map((row) => row.id),
    [stamped[7]?.id],
    'an index one version behind reads the one document written since',
  );
  t.equal(
    changes.total,
    Number((await app.db('knowledge_base_documents').where('knowledge_base_id', kb.id).count({ n: '*' }))[0]?.n),
    'and counts every embedded document',
  );
});
