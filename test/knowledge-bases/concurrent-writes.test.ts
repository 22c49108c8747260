import t from 'tap';
import { prepareText } from '../../src/modules/knowledge-bases/indexer.js';
import { createActor } from '../helpers/factories.js';
import { article, createKnowledgeBase, dataMessages, knowledgeBasesApi } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * Re-indexing (a change of indexingPreferences) while documents are written, updated, deleted
 * and bulk-uploaded: every request succeeds (no deadlock answers 500, no stream ends in error),
 * and afterwards every document is indexed under the base's final preferences.
 */

const app = await buildTestApp(t);
const api = knowledgeBasesApi(app);
const owner = await createActor(app.db);

const articles = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => article(`${prefix}-${i}`, `Article ${i}`, `Body of ${prefix} article ${i}`));

t.test('a concurrent mix of re-indexing and document writes: 0 failures', async (t) => {
  const kb = await createKnowledgeBase(app, owner);
  const seeded = await api.bulkUpload(owner.headers, kb.id, { documents: articles('seed', 70) });
  t.equal(dataMessages(seeded.payload).at(-1)?.type, 'complete');

  const statuses: number[] = [];
  const streamEnds: string[] = [];
  const failures: string[] = [];
  const record = async (request: Promise<{ statusCode: number; payload: string }>) => {
    const res = await request;
    statuses.push(res.statusCode);
    if (res.statusCode >= 300) failures.push(`${res.statusCode} ${res.payload}`);
  };
  const work: Promise<unknown>[] = [];
  for (let round = 0; round < 6; round++) {
    const contentFields = round % 2 ? ['title', 'text'] : ['text'];
    work.push(record(api.update(owner.headers, kb.id, { indexingPreferences: { contentFields } })));
    for (let i = 0; i < 10; i++) {
      const id = `seed-${(round * 10 + i) % 60}`;
      work.push(
        record(api.updateDocument(owner.headers, kb.id, id, { content: { title: `T${round}`, text: `new ${i}` } })),
      );
    }
    work.push(record(api.createDocument(owner.headers, kb.id, article(`single-${round}`, 'One', 'more'))));
    work.push(record(api.removeDocument(owner.headers, kb.id, `seed-${60 + round}`)));
    work.push(
      api.bulkUpload(owner.headers, kb.id, { documents: articles(`bulk${round}`, 120) }).then((res) => {
        statuses.push(res.statusCode);
        if (res.statusCode >= 300) failures.push(`${res.statusCode} ${res.payload}`);
        streamEnds.push(dataMessages(res.payload).at(-1)?.type);
      }),
    );
  }
  await Promise.all(work);

  t.same(failures, [], 'every request succeeded');
  t.equal(statuses.length, 6 * 14);
  t.same(new Set(streamEnds), new Set(['complete']), 'every bulk upload completed');
  const final = (await api.get(owner.headers, kb.id)).body.data;
  t.equal(final.documentCount, 70 + 6 + 6 * 120 - 6);

  const rows = await app.db('knowledge_base_documents').where('knowledge_base_id', kb.id).select('id', 'content');
  const texts = rows.map((row) => prepareText(row.content, final.indexingPreferences).text);
  const stale = await app.db.raw(
    `select count(*)::int as n from knowledge_base_documents d
       join unnest(?::uuid[], ?::text[]) as u(id, text) on u.id = d.id
      where d.search_vector is distinct from to_tsvector('simple', u.text)`,
    [rows.map((row) => row.id), texts],
  );
  t.equal(stale.rows[0].n, 0, 'every document is indexed under the final preferences');
});
