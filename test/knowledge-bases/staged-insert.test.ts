import t from 'tap';
import { encodeVectors } from '../../src/modules/embeddings/vectors.js';
import {
  type IndexedDocument,
  insertDocuments,
  insertStagedDocuments,
  stageDocuments,
} from '../../src/modules/knowledge-bases/documents-repository.js';
import { writeDocuments } from '../../src/modules/knowledge-bases/write-documents.js';
import { createActor } from '../helpers/factories.js';
import { createKnowledgeBase } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * A bulk upload's batch parsed before its transaction locks the base (staged) is stored exactly
 * as a direct insertion stores it, is stamped with the version its lock bumped, and the staging
 * table is gone at commit so the connection's next transaction stages again.
 */

const app = await buildTestApp(t);
const owner = await createActor(app.db);

const documentsOf = (prefix: string): IndexedDocument[] =>
  ['Invoice INVOICE total due', `O'Brien's back\\slash {braces}, "quoted"`, 'résumé café straße'].map((text, i) => ({
    documentId: `${prefix}-${i}`,
    content: { text },
    metadata: { n: i },
    text,
    embedding: i === 2 ? null : encodeVectors([Float32Array.from([i, 0.5, -1, 2])]),
    embeddingDimensions: i === 2 ? null : 4,
  }));

const stored = (knowledgeBaseId: string) =>
  app
    .db('knowledge_base_documents')
    .where('knowledge_base_id', knowledgeBaseId)
    .orderBy('document_id')
    .select(
      'document_id',
      'content',
      'metadata',
      app.db.raw('search_vector::text as v'),
      'embedding',
      'embedding_dimensions',
    );

t.test('staged and direct insertions store the same rows, stamped with the bumped version', async (t) => {
  const staged = await createKnowledgeBase(app, owner);
  const direct = await createKnowledgeBase(app, owner);
  for (const round of [1, 2]) {
    // The same documents again: the second round updates them, staging again on a fresh table.
    const answers = await writeDocuments(
      app.db,
      staged.id,
      (trx) => insertStagedDocuments(trx, staged.id),
      (trx) => stageDocuments(trx, documentsOf('doc')),
    );
    t.same(
      answers.map((row) => row.inserted),
      [round === 1, round === 1, round === 1],
      `round ${round}`,
    );
    await writeDocuments(app.db, direct.id, (trx) => insertDocuments(trx, direct.id, documentsOf('doc'), 'update'));
  }
  t.same(await stored(staged.id), await stored(direct.id));
  const versions = await app
    .db('knowledge_base_documents as d')
    .join('knowledge_bases as kb', 'kb.id', 'd.knowledge_base_id')
    .where('kb.id', staged.id)
    .select('d.content_version as document', 'kb.content_version as base');
  t.ok(
    versions.every((row) => Number(row.document) === Number(row.base)),
    'each document carries the version its write bumped',
  );
  const [check] = (await app.db.raw(`select to_tsvector('simple', 'Invoice INVOICE total due')::text as v`)).rows;
  t.equal((await stored(staged.id))[0].v, check.v, 'the text parsed as to_tsvector parses it');
});
