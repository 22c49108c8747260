import { isUuid } from '../../db/ids.js';
import type { Db, Knex } from '../../db/knex.js';
import { containsPattern, type PageRequest, selectPage } from '../../db/pagination.js';
import { touchUpdatedAt } from '../../db/timestamps.js';
import { runStatement, statement } from '../../jobs/sql.js';

export interface DocumentRow {
  id: string;
  knowledge_base_id: string;
  document_id: string;
  content: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** A document ready to store: its indexed text and its chunks' embeddings (null: not embedded). */
export interface IndexedDocument {
  documentId: string;
  content: Record<string, unknown>;
  metadata: Record<string, unknown>;
  text: string;
  embedding: Buffer | null;
  embeddingDimensions: number | null;
}

const DOCUMENT_COLUMNS = ['id', 'knowledge_base_id', 'document_id', 'content', 'metadata', 'created_at', 'updated_at'];

export const DOCUMENT_ID_UNIQUE = 'knowledge_base_documents_document_id_unique';

const STORED_COLUMNS =
  '(knowledge_base_id, document_id, content, metadata, search_vector, embedding, embedding_dimensions)';

const UPSERT = `on conflict (knowledge_base_id, document_id) do update set
     content = excluded.content,
     metadata = excluded.metadata,
     search_vector = excluded.search_vector,
     embedding = excluded.embedding,
     embedding_dimensions = excluded.embedding_dimensions,
     updated_at = greatest(clock_timestamp(), knowledge_base_documents.updated_at)`;

/**
 * The documents of a JSON batch (one `?`) as stored: the text parsed into its tsvector ('simple'
 * configuration), the base64 embeddings decoded. The batch travels as one JSON document:
 * JSON.stringify and PostgreSQL's JSON parser are far cheaper than escaping every value into
 * array literals.
 */
const PARSED_BATCH = `select d.document_id, d.content, d.metadata, to_tsvector('simple', d.text),
       decode(d.embedding, 'base64'), d.dimensions
  from jsonb_to_recordset(?::jsonb)
    as d (document_id text, content jsonb, metadata jsonb, text text, embedding text, dimensions integer)`;

function batchOf(documents: readonly IndexedDocument[]): string {
  return JSON.stringify(
    documents.map((d) => ({
      document_id: d.documentId,
      content: d.content,
      metadata: d.metadata,
      text: d.text,
      embedding: d.embedding?.toString('base64') ?? null,
      dimensions: d.embeddingDimensions,
    })),
  );
}

/** A stored document as an insertion answers it: whether it was new. */
export type InsertedDocument = { id: string; document_id: string; inserted: boolean };

/**
 * Inserts documents in one statement. With `onConflict: 'update'` a stored documentId is
 * replaced (bulk upload); with 'fail' it raises the unique violation of DOCUMENT_ID_UNIQUE.
 * Answers, per stored document, whether it was new. The caller must not pass one documentId
 * twice: PostgreSQL refuses to update a row twice in one statement.
 */
export async function insertDocuments(
  db: Db,
  knowledgeBaseId: string,
  documents: readonly IndexedDocument[],
  onConflict: 'update' | 'fail',
): Promise<InsertedDocument[]> {
  const result = await db.raw(
    `insert into knowledge_base_documents ${STORED_COLUMNS}
     select ?, parsed.* from (${PARSED_BATCH}) as parsed
     ${onConflict === 'update' ? UPSERT : ''}
     returning id, document_id, (xmax = 0) as inserted`,
    [knowledgeBaseId, batchOf(documents)],
  );
  return result.rows;
}

const STAGED = 'staged_knowledge_base_documents';

/**
 * Parses documents into a temporary table of the transaction `trx` (dropped at its commit),
 * for insertStagedDocuments. A bulk upload stages a batch before its transaction locks the base
 * (writeDocuments): parsing the text is most of an insertion's database time, and the lock is
 * held to commit, so the next batch is parsed while this one is inserted instead of after.
 */
export async function stageDocuments(trx: Knex.Transaction, documents: readonly IndexedDocument[]): Promise<void> {
  await trx.raw(
    `create temporary table ${STAGED} (document_id text, content jsonb, metadata jsonb, search_vector tsvector,
       embedding bytea, embedding_dimensions integer) on commit drop`,
  );
  await trx.raw(`insert into ${STAGED} ${PARSED_BATCH}`, [batchOf(documents)]);
}

/** Inserts the documents stageDocuments parsed in this transaction, as insertDocuments with 'update'. */
export async function insertStagedDocuments(
  trx: Knex.Transaction,
  knowledgeBaseId: string,
): Promise<InsertedDocument[]> {
  const result = await trx.raw(
    `insert into knowledge_base_documents ${STORED_COLUMNS}
     select ?, staged.* from ${STAGED} as staged
     ${UPSERT}
     returning id, document_id, (xmax = 0) as inserted`,
    [knowledgeBaseId],
  );
  return result.rows;
}

/**
 * A document by the caller's documentId, or by quire's id when no documentId matches (both
 * appear in responses, so both work in paths).
 */
export async function findDocument(db: Db, knowledgeBaseId: string, key: string): Promise<DocumentRow | undefined> {
  return db('knowledge_base_documents')
    .select(DOCUMENT_COLUMNS)
    .where('knowledge_base_id', knowledgeBaseId)
    .andWhere((match) => {
      match.where('document_id', key);
      if (isUuid(key)) match.orWhere('id', key);
    })
    .orderByRaw('document_id = ? desc', [key])
    .first();
}

export async function listDocuments(
  db: Db,
  knowledgeBaseId: string,
  filter: { search: string | undefined; documentId: string | undefined },
  page: PageRequest,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const filtered = () => {
    const query = db('knowledge_base_documents').where('knowledge_base_id', knowledgeBaseId);
    if (filter.documentId !== undefined) query.andWhere('document_id', filter.documentId);
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      query.andWhere((match) =>
        match
          .whereRaw(`document_id ilike ? escape '\\'`, [pattern])
          .orWhereRaw(`content::text ilike ? escape '\\'`, [pattern]),
      );
    }
    return query;
  };
  return selectPage<DocumentRow>(
    db,
    filtered,
    (query) =>
      query.select(DOCUMENT_COLUMNS).orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );
}

export interface DocumentChanges {
  content?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  /** The new indexed text, with its embedding (null: stored without one). */
  indexed?: { text: string; embedding: Buffer | null; embeddingDimensions: number | null };
}

export async function updateDocument(db: Db, id: string, changes: DocumentChanges): Promise<DocumentRow> {
  const values: Record<string, unknown> = { updated_at: touchUpdatedAt(db) };
  if (changes.content !== undefined) values.content = JSON.stringify(changes.content);
  if (changes.metadata !== undefined) values.metadata = JSON.stringify(changes.metadata);
  if (changes.indexed !== undefined) {
    values.search_vector = db.raw(`to_tsvector('simple', ?)`, [changes.indexed.text]);
    values.embedding = changes.indexed.embedding;
    values.embedding_dimensions = changes.indexed.embeddingDimensions;
  }
  const [updated] = await db('knowledge_base_documents').where('id', id).update(values).returning(DOCUMENT_COLUMNS);
  return updated as DocumentRow;
}

export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db('knowledge_base_documents').where('id', id).delete();
}

/** Every search reads its hits: prepared once per connection of the statement pool. */
const DOCUMENTS_BY_IDS = statement(
  'quire_knowledge_base_documents_by_ids',
  `select ${DOCUMENT_COLUMNS.join(', ')} from knowledge_base_documents where id = any($1::uuid[])`,
);

export async function findDocumentsByIds(db: Db, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return runStatement<DocumentRow>(db, DOCUMENTS_BY_IDS, [[...ids]]);
}

/**
 * What search indexes read of a knowledge base's documents written after `sinceVersion` (-1:
 * all of them): each one's id and its indexed data (null: the document no longer has any), and,
 * read in the same statement (one snapshot), how many documents have such data in all.
 */
export interface ChangesSince<T> {
  changed: { id: string; data: T | null }[];
  total: number;
}

async function selectChanges<T>(
  db: Db,
  knowledgeBaseId: string,
  sinceVersion: number,
  data: { select: string; present: string; bindings: Knex.RawBinding[] },
): Promise<ChangesSince<T>> {
  const result = await db.raw(
    `select id, ${data.select} as data, null::bigint as total
       from knowledge_base_documents
      where knowledge_base_id = ? and content_version > ?
     union all
     select null, null, count(*) from knowledge_base_documents where knowledge_base_id = ? and ${data.present}`,
    [...data.bindings, knowledgeBaseId, sinceVersion, knowledgeBaseId, ...data.bindings],
  );
  const rows = result.rows as { id: string | null; data: T | null; total: string | null }[];
  const changed = rows.filter((row): row is { id: string; data: T | null; total: null } => row.id !== null);
  return { changed, total: Number(rows.find((row) => row.id === null)?.total ?? 0) };
}

/** Chunk embeddings of the given dimension written after `sinceVersion`. */
export function selectEmbeddingChanges(
  db: Db,
  knowledgeBaseId: string,
  dimensions: number,
  sinceVersion: number,
): Promise<ChangesSince<Buffer>> {
  return selectChanges<Buffer>(db, knowledgeBaseId, sinceVersion, {
    select: 'case when embedding_dimensions = ? then embedding end',
    present: 'embedding_dimensions = ? and embedding is not null',
    bindings: [dimensions],
  });
}

/** `search_vector`s written after `sinceVersion`, as PostgreSQL prints them. */
export function selectSearchVectorChanges(
  db: Db,
  knowledgeBaseId: string,
  sinceVersion: number,
): Promise<ChangesSince<string>> {
  return selectChanges<string>(db, knowledgeBaseId, sinceVersion, {
    select: 'search_vector::text',
    present: 'search_vector is not null',
    bindings: [],
  });
}

/** The ids of every document with an embedding of `dimensions` (none: with a search_vector). */
export async function selectIndexedIds(db: Db, knowledgeBaseId: string, dimensions?: number): Promise<string[]> {
  const query = db('knowledge_base_documents').select('id').where('knowledge_base_id', knowledgeBaseId);
  if (dimensions === undefined) query.whereNotNull('search_vector');
  else query.where('embedding_dimensions', dimensions).whereNotNull('embedding');
  return (await query).map((row: { id: string }) => row.id);
}
