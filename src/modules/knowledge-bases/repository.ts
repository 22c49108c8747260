import type { Db } from '../../db/knex.js';
import { containsPattern, type PageRequest, selectPage } from '../../db/pagination.js';
import { touchUpdatedAt } from '../../db/timestamps.js';
import { runStatement, statement } from '../../jobs/sql.js';
import type { IndexingPreferences } from './indexing-preferences.js';

export interface KnowledgeBaseRow {
  id: string;
  organization_id: string;
  created_by: string | null;
  name: string;
  description: string;
  schema: Record<string, unknown>;
  indexing_preferences: IndexingPreferences;
  is_active: boolean;
  content_version: number;
  created_at: Date;
  updated_at: Date;
}

export type KnowledgeBaseInsert = Pick<
  KnowledgeBaseRow,
  'organization_id' | 'created_by' | 'name' | 'description' | 'schema' | 'indexing_preferences' | 'is_active'
>;
export type KnowledgeBaseChanges = Partial<
  Pick<KnowledgeBaseRow, 'name' | 'description' | 'schema' | 'indexing_preferences' | 'is_active'>
>;
export type ListedKnowledgeBaseRow = Pick<
  KnowledgeBaseRow,
  'id' | 'name' | 'description' | 'is_active' | 'created_at'
> & { document_count: number };

export const KNOWLEDGE_BASE_NAME_UNIQUE = 'knowledge_bases_name_unique';

export async function insertKnowledgeBase(db: Db, row: KnowledgeBaseInsert): Promise<KnowledgeBaseRow> {
  const [created] = await db('knowledge_bases')
    .insert({
      ...row,
      schema: JSON.stringify(row.schema),
      indexing_preferences: JSON.stringify(row.indexing_preferences),
    })
    .returning('*');
  return created as KnowledgeBaseRow;
}

/** The organization's knowledge base, or undefined (another organization's is undefined too). */
export async function findKnowledgeBase(
  db: Db,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<KnowledgeBaseRow | undefined> {
  const query = db('knowledge_bases').where({ id, organization_id: organizationId }).first();
  return (options.forUpdate ? query.forUpdate() : query) as Promise<KnowledgeBaseRow | undefined>;
}

/** Terms beyond this many distinct ones in a query are not used for full-text matching. */
export const MAX_QUERY_TERMS = 32;

/**
 * The organization's knowledge base (undefined: none) and, in the same statement, the distinct
 * lexemes PostgreSQL's 'simple' configuration makes of `query` (the parser that made the
 * documents' `search_vector`), at most MAX_QUERY_TERMS of them: a search's one round trip
 * before scoring.
 */
/** Every search reads it first: prepared once per connection of the statement pool. */
const BASE_WITH_QUERY_TERMS = statement(
  'quire_knowledge_bases_with_query_terms',
  `select kb.*,
          array(select distinct lexeme from unnest(tsvector_to_array(to_tsvector('simple', $1))) as lexeme) as query_terms
     from knowledge_bases kb
    where kb.id = $2 and kb.organization_id = $3`,
);

export async function findKnowledgeBaseWithQueryTerms(
  db: Db,
  organizationId: string,
  id: string,
  query: string,
): Promise<{ knowledgeBase: KnowledgeBaseRow; terms: string[] } | undefined> {
  const [row] = await runStatement<KnowledgeBaseRow & { query_terms: string[] }>(db, BASE_WITH_QUERY_TERMS, [
    query,
    id,
    organizationId,
  ]);
  if (!row) return undefined;
  const { query_terms: terms, ...knowledgeBase } = row;
  return { knowledgeBase, terms: terms.slice(0, MAX_QUERY_TERMS) };
}

export async function listKnowledgeBases(
  db: Db,
  organizationId: string,
  filter: { isActive: boolean; search: string | undefined },
  page: PageRequest,
): Promise<{ rows: ListedKnowledgeBaseRow[]; total: number }> {
  const filtered = () => {
    const query = db('knowledge_bases as kb').where({
      'kb.organization_id': organizationId,
      'kb.is_active': filter.isActive,
    });
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      query.andWhere((match) =>
        match
          .whereRaw(`kb.name ilike ? escape '\\'`, [pattern])
          .orWhereRaw(`kb.description ilike ? escape '\\'`, [pattern]),
      );
    }
    return query;
  };
  return selectPage<ListedKnowledgeBaseRow>(
    db,
    filtered,
    (query) =>
      query
        .select('kb.id', 'kb.name', 'kb.description', 'kb.is_active', 'kb.created_at')
        .select(
          db.raw(
            '(select count(*) from knowledge_base_documents d where d.knowledge_base_id = kb.id) as document_count',
          ),
        )
        .orderBy([
          { column: 'kb.created_at', order: 'desc' },
          { column: 'kb.id', order: 'desc' },
        ]),
    page,
  );
}

export async function countDocuments(db: Db, knowledgeBaseId: string): Promise<number> {
  const [row] = await db('knowledge_base_documents')
    .where('knowledge_base_id', knowledgeBaseId)
    .count<{ total: number }[]>({ total: '*' });
  return Number(row?.total ?? 0);
}

export async function updateKnowledgeBase(
  db: Db,
  id: string,
  changes: KnowledgeBaseChanges,
): Promise<KnowledgeBaseRow> {
  const values: Record<string, unknown> = { ...changes };
  if (changes.schema) values.schema = JSON.stringify(changes.schema);
  if (changes.indexing_preferences) values.indexing_preferences = JSON.stringify(changes.indexing_preferences);
  const [updated] = await db('knowledge_bases')
    .where('id', id)
    .update({ ...values, updated_at: touchUpdatedAt(db) })
    .returning('*');
  return updated as KnowledgeBaseRow;
}

/** Deletes the knowledge base; its documents go with it (on delete cascade). */
export async function deleteKnowledgeBase(db: Db, id: string): Promise<void> {
  await db('knowledge_bases').where('id', id).delete();
}

/**
 * Marks the knowledge base's documents as changed, in the writer's transaction: searches
 * compare this number with the one their in-memory embeddings were loaded at. It row-locks the
 * base, so it is the first statement of every transaction that writes documents: writers and a
 * re-index (which locks the base before its documents) then all take the base first, then
 * documents, and cannot deadlock. Answers the base's indexing preferences as the lock found
 * them (undefined: the base is gone).
 */
export async function bumpContentVersion(db: Db, id: string): Promise<IndexingPreferences | undefined> {
  const result = await db.raw(
    'update knowledge_bases set content_version = content_version + 1 where id = ? returning indexing_preferences',
    [id],
  );
  return result.rows[0]?.indexing_preferences;
}
