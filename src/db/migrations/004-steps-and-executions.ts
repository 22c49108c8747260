import type { Knex } from 'knex';

/**
 * Steps and the executions table the execution engine fills.
 *
 * A step's identification configuration is three columns: `auto_identify`, an optional
 * `fixed_document_type_code`, and the list `identification_types` (codes in the order sent,
 * duplicates removed). Codes rather than ids: a code is unique across quire and stays reserved
 * after its type is deleted, so it can never come to name a different type. `config_version` is
 * the optimistic guard of writes that include identification.types.
 *
 * Executions reference their step with ON DELETE CASCADE, and the foreign key is also what makes
 * step deletion atomic against new executions: inserting an execution takes a KEY SHARE lock on
 * the step row, which the delete's FOR UPDATE lock excludes (src/modules/steps/repository.ts).
 * `uploading_since` is set while a document body is still arriving; such an execution blocks the
 * step's deletion only for 15 minutes after the upload started.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table steps (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      created_by uuid references users (id) on delete set null,
      name text not null check (char_length(name) between 1 and 255),
      description text check (char_length(description) <= 1000),
      is_active boolean not null default true,
      auto_identify boolean not null default true,
      fixed_document_type_code text,
      identification_types text[] not null default '{}',
      config_version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- A fixed type means no automatic identification.
      constraint steps_fixed_type_without_auto check (fixed_document_type_code is null or not auto_identify)
    );
    create index steps_organization_created_idx on steps (organization_id, created_at desc, id desc);

    create table executions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      kind text not null check (kind in ('step', 'identify', 'convert')),
      step_id uuid references steps (id) on delete cascade,
      status text not null default 'ENQUEUED' check (status in ('ENQUEUED', 'PROCESSING', 'SUCCESS', 'ERROR')),
      uploading_since timestamptz,
      created_by uuid references users (id) on delete set null,
      original_filename text,
      content_type text,
      document_metadata jsonb,
      document_type_code text,
      document_type_code_options text[],
      data jsonb,
      error text,
      identification jsonb,
      validation jsonb,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      completed_at timestamptz,
      constraint executions_step_kind check ((kind = 'step') = (step_id is not null))
    );
    create index executions_step_created_idx on executions (step_id, created_at desc) where step_id is not null;
    create index executions_step_active_idx on executions (step_id)
      where step_id is not null and status in ('ENQUEUED', 'PROCESSING');
    create index executions_organization_created_idx on executions (organization_id, created_at desc);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table executions; drop table steps;');
}
