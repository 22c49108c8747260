import type { Knex } from 'knex';

/**
 * A knowledge base's syncs: each re-indexes the base's documents in a job and records what it
 * did. `embedding_settings` is what the sync embedded with (provider, model, endpoint), so the
 * next sync knows whether the embeddings must be made again without being asked.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table knowledge_base_syncs (
      id uuid primary key default gen_random_uuid(),
      knowledge_base_id uuid not null references knowledge_bases (id) on delete cascade,
      status text not null default 'started' check (status in ('started', 'completed', 'failed')),
      force boolean not null default false,
      regenerate_embeddings boolean not null default false,
      embedding_settings jsonb,
      documents_processed integer not null default 0,
      embeddings_generated integer not null default 0,
      errors jsonb not null default '[]',
      started_at timestamptz not null default now(),
      completed_at timestamptz
    );
    create index knowledge_base_syncs_base_idx on knowledge_base_syncs (knowledge_base_id, started_at desc);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table knowledge_base_syncs');
}
