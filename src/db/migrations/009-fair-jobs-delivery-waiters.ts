import type { Knex } from 'knex';

/**
 * Fair claiming, and webhook deliveries that wait on the delivery before them.
 *
 * `jobs.priority`: claimed highest first (a synchronous request's caller is waiting).
 * `jobs.fair_key`: who the job works for (an organization; '' for nobody in particular); a
 * claim shares a queue's slots between keys. It walks the keys and takes each one's oldest due
 * jobs per priority through `jobs_fair_claim_idx`, which replaces `jobs_claimable_idx`. A claim
 * no longer moves `run_at` (a reclaimed job keeps its place), so leased jobs are found by
 * `lease_until`: `jobs_leased_idx` serves the count of each key's running jobs.
 *
 * `webhook_deliveries.waiting_delivery_ids`: later deliveries of the same execution whose job
 * found this one still pending and ended. The statement that finishes this delivery takes its
 * row lock, so it reads the list as it is at commit and enqueues a job for each of them.
 * `webhook_deliveries_pending_idx` serves the sweep that finds pending deliveries without a job.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table jobs
      add column priority smallint not null default 0,
      add column fair_key text not null default '';
    drop index jobs_claimable_idx;
    create index jobs_fair_claim_idx on jobs (queue, fair_key, priority, run_at, id) where failed_at is null;
    create index jobs_leased_idx on jobs (queue, fair_key) where lease_until is not null;

    alter table webhook_deliveries add column waiting_delivery_ids bigint[] not null default '{}';
    create index webhook_deliveries_pending_idx on webhook_deliveries (id) where status = 'PENDING';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index webhook_deliveries_pending_idx;
    alter table webhook_deliveries drop column waiting_delivery_ids;
    drop index jobs_leased_idx;
    drop index jobs_fair_claim_idx;
    alter table jobs drop column priority, drop column fair_key;
    create index jobs_claimable_idx on jobs (queue, run_at, id) where failed_at is null;
  `);
}
