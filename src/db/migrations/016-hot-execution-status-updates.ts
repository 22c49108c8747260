import type { Knex } from 'knex';

/**
 * Lets an execution's status changes be HOT updates (no new entry in any index). PostgreSQL
 * rewrites every index of the table on an update that changes a column an index holds or
 * filters on; before this, the start (`status`) and the completion (`status`, `completed_at`)
 * of every run did so for all five indexes of `executions`.
 *
 * - `executions_step_active_idx` (step_id, filtered on status) is dropped: its one query, the
 *   count of a step's running executions before the step is deleted, is served by
 *   `executions_step_created_idx`, whose leading column is the same step_id (that count then
 *   reads the step's history, which the delete that follows removes anyway).
 * - `executions_retention_idx` (completed_at) becomes `executions_results_unexpired_idx`
 *   (organization_id, created_at) over the executions whose results have not expired: the
 *   retention cutoff is per organization, and an execution is created before it completes, so
 *   `created_at` below the cutoff is a condition the expiry query can add and look up per
 *   organization. Neither column changes after the insert.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index executions_step_active_idx;
    drop index executions_retention_idx;
    create index executions_results_unexpired_idx on executions (organization_id, created_at)
      where results_expired_at is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index executions_results_unexpired_idx;
    create index executions_retention_idx on executions (completed_at)
      where completed_at is not null and results_expired_at is null;
    create index executions_step_active_idx on executions (step_id)
      where step_id is not null and status in ('ENQUEUED', 'PROCESSING');
  `);
}
