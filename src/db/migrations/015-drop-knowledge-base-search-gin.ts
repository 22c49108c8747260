import type { Knex } from 'knex';

/**
 * Drops the GIN index on knowledge-base documents' `search_vector`. Search scores full text from
 * an in-memory postings index built from the stored tsvectors (lexical-index.ts) and no query
 * filters on `search_vector` with `@@`, so the index was only a cost: every inserted document
 * added each of its distinct lexemes to it (about a third of a bulk upload's database time).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists knowledge_base_documents_search_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'create index knowledge_base_documents_search_idx on knowledge_base_documents using gin (search_vector)',
  );
}
