import type { Knex } from 'knex';

/**
 * The execution engine's tables.
 *
 * `jobs` is the job loop's queue (src/jobs/). A claim sets `locked_by`, a fresh `lock_token` and
 * `lease_until`, and moves `run_at` to the lease's end: an expired lease therefore makes the job
 * claimable again with no separate reaper, and one index serves both new and reclaimed jobs.
 * Completion and every guarded write check `lock_token`, so a worker that lost its lease cannot
 * overwrite a re-run. A job that exhausts its attempts keeps its row with `failed_at` set: the
 * terminal failure is recorded, and such a row is never claimed again. `max_attempts` is null
 * unless the enqueuer overrode it: the job kind's own limit (code, not data) then applies, so a
 * deploy that changes a kind's limit also governs the jobs already queued.
 *
 * `execution_documents` and `execution_document_chunks` hold each execution's submitted bytes
 * in PostgreSQL (the default storage, src/storage/), so any worker on any machine can read them.
 * Chunks keep a streamed upload from ever being one huge value in memory or in one statement.
 *
 * `events` is the outbox of IDENTIFICATION_*, STEP_* and CONVERSION_* events: each row
 * is written in the same transaction as the state change it reports, and its identity orders the
 * events of one execution. Webhook delivery reads from it. Events go with their
 * execution (deleting a step deletes its history irreversibly).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table jobs (
      id bigint generated always as identity primary key,
      queue text not null,
      kind text not null,
      payload jsonb not null default '{}'::jsonb,
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer check (max_attempts >= 1),
      locked_by text,
      lock_token uuid,
      lease_until timestamptz,
      last_error text,
      failed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index jobs_claimable_idx on jobs (queue, run_at, id) where failed_at is null;

    -- Pages of the converted document, for the monthly usage counts.
    alter table executions add column page_count integer;
    -- json, not jsonb: jsonb reorders keys, and extracted data keeps the schema's property order
    -- (keepPropertyOrdering) in status bodies and events.
    alter table executions alter column data type json using data::json;
    -- The same for a type's schema, whose property order is the order fields are extracted in
    -- (rows stored before this keep the order jsonb gave them).
    alter table document_types alter column json_schema type json using json_schema::json;
    alter table document_type_versions alter column snapshot type json using snapshot::json;

    create table execution_documents (
      execution_id uuid primary key references executions (id) on delete cascade,
      storage text not null default 'postgres',
      byte_size bigint not null,
      sha256 text not null,
      created_at timestamptz not null default now()
    );

    create table execution_document_chunks (
      execution_id uuid not null references executions (id) on delete cascade,
      chunk_index integer not null,
      bytes bytea not null,
      primary key (execution_id, chunk_index)
    );

    create table events (
      id bigint generated always as identity primary key,
      organization_id uuid not null references organizations (id) on delete cascade,
      execution_id uuid references executions (id) on delete cascade,
      event text not null check (event ~ '^(IDENTIFICATION|STEP|CONVERSION)_(STARTED|COMPLETED|FAILED)$'),
      payload json not null,
      created_at timestamptz not null default now()
    );
    create index events_organization_idx on events (organization_id, id);
    create index events_execution_idx on events (execution_id, id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table events;
    drop table execution_document_chunks;
    drop table execution_documents;
    alter table document_type_versions alter column snapshot type jsonb using snapshot::jsonb;
    alter table document_types alter column json_schema type jsonb using json_schema::jsonb;
    alter table executions alter column data type jsonb using data::jsonb;
    alter table executions drop column page_count;
    drop table jobs;
  `);
}
