import type { Knex } from 'knex';

/**
 * Per-organization retention. `document_retention_days` and `result_retention_days` are how long
 * after an execution ends its submitted bytes and its results are kept; null keeps them for
 * good (the default). An execution records when each was deleted, so its status still answers
 * and says so. One enforce-retention job at most is queued (or running) at a time: every worker
 * offers one periodically, and the unique index turns the extra offers away.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table organizations
      add column document_retention_days integer check (document_retention_days between 1 and 36500),
      add column result_retention_days integer check (result_retention_days between 1 and 36500),
      add column retention_updated_at timestamptz;
    alter table executions
      add column document_expired_at timestamptz,
      add column results_expired_at timestamptz;
    create index executions_retention_idx on executions (completed_at)
      where completed_at is not null and results_expired_at is null;
    create unique index jobs_one_enforce_retention_idx on jobs (kind)
      where kind = 'enforce-retention' and failed_at is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index jobs_one_enforce_retention_idx;
    drop index executions_retention_idx;
    alter table executions drop column results_expired_at, drop column document_expired_at;
    alter table organizations
      drop column retention_updated_at,
      drop column result_retention_days,
      drop column document_retention_days;
  `);
}
