import type { Knex } from 'knex';

/**
 * Document types and the snapshots taken before each update.
 * `status` is not stored: it is derived from is_draft. A deleted type keeps its row (deleted_at)
 * so that its code stays reserved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table document_types (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      created_by uuid references users (id) on delete set null,
      code_type text not null,
      name text not null,
      description text not null,
      is_public boolean not null default false,
      is_draft boolean not null default true,
      source text not null check (source in ('USER', 'ADMIN')),
      json_schema jsonb not null,
      prompt_hints text,
      identify_prompt_hints text,
      conversion_mode text not null default 'json' check (conversion_mode in ('json', 'toon', 'multi_prompt')),
      keep_property_ordering boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      constraint document_types_code_type_unique unique (code_type),
      constraint document_types_code_type_format check (code_type ~ '^[a-z0-9_]+$')
    );
    create index document_types_visible_idx on document_types (organization_id, created_at desc) where deleted_at is null;
    create index document_types_public_idx on document_types (created_at desc) where deleted_at is null and is_public;

    create table document_type_versions (
      id uuid primary key default gen_random_uuid(),
      document_type_id uuid not null references document_types (id) on delete cascade,
      version integer not null,
      snapshot jsonb not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      constraint document_type_versions_unique unique (document_type_id, version)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table document_type_versions; drop table document_types;');
}
