import type { Knex } from 'knex';

/**
 * A per-request webhook target. `executions.webhook_url` is the `webhook_url` a submission sent;
 * each event of that execution then gets a second delivery whose `target_url` is it (null: the
 * organization's endpoint, as before). Both are signed with the organization's secret and
 * follow the same retries, ordering, log and replay.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table executions add column webhook_url text');
  await knex.raw('alter table webhook_deliveries add column target_url text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_deliveries drop column target_url');
  await knex.raw('alter table executions drop column webhook_url');
}
