import type { Knex } from 'knex';

/**
 * Webhook delivery: endpoints, their signing secrets and the delivery log.
 *
 * `webhook_endpoints`: at most one per organization. The secret is kept as issued (`whsec_…`):
 * signing needs it, so it cannot be hashed; it never leaves the server except in the answers
 * that create or rotate it. `previous_secret` still signs until `previous_secret_expires_at`
 * (24 h after a rotation). `failing_since` is the first failure after the last success; an
 * endpoint still failing 3 days later is disabled (`disabled_at`, `disabled_reason`) until a PUT.
 *
 * `webhook_deliveries`: one row per event per endpoint, written with the event (in the state
 * change's transaction). `webhook_id` never changes, so a receiver can deduplicate retries and
 * replays. `attempting_until` is a short claim taken by the worker that is posting it, so two jobs
 * for the same delivery (a wake-up and a scheduled retry) never post at once. `execution_id`
 * orders deliveries: one is attempted only when no earlier delivery of the same execution is
 * still pending (index `webhook_deliveries_execution_idx`).
 *
 * `webhook_delivery_attempts`: the log, one row per POST.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table webhook_endpoints (
      organization_id uuid primary key references organizations (id) on delete cascade,
      url text not null,
      secret text not null,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      last_success_at timestamptz,
      failing_since timestamptz,
      disabled_at timestamptz,
      disabled_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table webhook_deliveries (
      id bigint generated always as identity primary key,
      organization_id uuid not null references organizations (id) on delete cascade,
      event_id bigint not null references events (id) on delete cascade,
      execution_id uuid references executions (id) on delete cascade,
      event text not null,
      webhook_id text not null,
      status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
      attempts integer not null default 0,
      -- The retry schedule counts from here: the first attempt, or the last manual redelivery.
      retry_from timestamptz not null default now(),
      failures_since_retry_from integer not null default 0,
      attempting_until timestamptz,
      next_attempt_at timestamptz,
      last_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      delivered_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index webhook_deliveries_organization_idx on webhook_deliveries (organization_id, id desc);
    create index webhook_deliveries_execution_idx on webhook_deliveries (execution_id, id);
    create index webhook_deliveries_event_idx on webhook_deliveries (event_id);

    create table webhook_delivery_attempts (
      id bigint generated always as identity primary key,
      delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
      attempted_at timestamptz not null default now(),
      url text not null,
      status_code integer,
      latency_ms integer not null,
      response_body text,
      error text
    );
    create index webhook_delivery_attempts_delivery_idx on webhook_delivery_attempts (delivery_id, id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table webhook_delivery_attempts;
    drop table webhook_deliveries;
    drop table webhook_endpoints;
  `);
}
