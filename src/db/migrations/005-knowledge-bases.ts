import type { Knex } from 'knex';

/**
 * Knowledge bases and their documents. Named 005 because 004 is taken by
 * steps and executions on the main branch.
 *
 * Each document stores the embeddings of its chunks concatenated in one `bytea` (float32,
 * little-endian, `embedding_dimensions` floats per chunk), so similarity is computed by quire
 * itself on every PostgreSQL, with or without pgvector. `search_vector` holds the full-text
 * index of the same prepared text. `content_version` on the knowledge base is bumped by every
 * document write: search caches a knowledge base's embeddings in memory and reloads them when
 * the version it cached is no longer the stored one, so several processes stay consistent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table knowledge_bases (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      created_by uuid references users (id) on delete set null,
      name text not null,
      description text not null,
      schema jsonb not null,
      indexing_preferences jsonb not null,
      is_active boolean not null default true,
      content_version bigint not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint knowledge_bases_name_unique unique (organization_id, name)
    );
    create index knowledge_bases_list_idx on knowledge_bases (organization_id, is_active, created_at desc);

    create table knowledge_base_documents (
      id uuid primary key default gen_random_uuid(),
      knowledge_base_id uuid not null references knowledge_bases (id) on delete cascade,
      document_id text not null,
      content jsonb not null,
      metadata jsonb not null default '{}',
      search_vector tsvector not null,
      embedding bytea,
      embedding_dimensions integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint knowledge_base_documents_document_id_unique unique (knowledge_base_id, document_id)
    );
    -- Keep each tsvector inline and uncompressed: search tests it on thousands of rows, and
    -- decompressing or fetching it out of line on every test costs ten times the test itself.
    -- The float embeddings do not compress anyway and are read only when search (re)loads them.
    alter table knowledge_base_documents
      alter column search_vector set storage main,
      alter column embedding set storage external;
    create index knowledge_base_documents_list_idx on knowledge_base_documents (knowledge_base_id, created_at desc);
    create index knowledge_base_documents_search_idx on knowledge_base_documents using gin (search_vector);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table knowledge_base_documents; drop table knowledge_bases;');
}
