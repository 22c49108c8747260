import type { Db } from '../../db/knex.js';
import { StatementBatcher } from '../../db/statement-batcher.js';
import { DELIVER_WEBHOOK, deliveryJobsSql } from '../../jobs/kinds/deliver-webhook-enqueue.js';
import { notifyDueSql, runOnKnex, type Statement } from '../../jobs/sql.js';

/*
 * The SQL of delivering: each step is one statement, so the common path (claim, post, record)
 * costs two round trips besides the job loop's own batched claim and completion.
 */

/** Named, so each connection prepares (parses and plans) the hot statements once. */
function named(name: string, text: string): Statement {
  return { name, text: text.trim().replace(/\s+/g, ' ') };
}

/**
 * The jobs of the deliveries that waited on the finished deliveries `d` (their own execution's):
 * `d` must be the rows the statement updated, so `waiting_delivery_ids` is read under their row
 * lock as a claim that added itself left it.
 */
const WAITERS_OF_FINISHED = `
  select unnest(d.waiting_delivery_ids) as delivery_id, d.execution_id, d.organization_id, null::timestamptz as run_at
  from d where d.status <> 'PENDING'`;

/**
 * The deliveries (and their jobs) of the event row(s) of `event`, a CTE with `id`,
 * `organization_id`, `execution_id` and `event`: one to the organization's enabled endpoint,
 * and one more to the execution's own `webhook_url` when it has one, in the order of the events.
 * Ends with the wake-up.
 */
function deliveriesOfEventSql(event: string): string {
  return `${deliveryCtes(event)}
    ${notifyDueSql('inserted')}`;
}

/** deliveriesOfEventSql without its wake-up: CTEs `delivery` and `inserted` (the jobs). */
function deliveryCtes(event: string): string {
  return `
    delivery as (
      insert into webhook_deliveries (organization_id, event_id, execution_id, event, webhook_id, target_url)
      select e.organization_id, v.id, v.execution_id, v.event, 'msg_' || v.id, target.url
      from ${event} v join webhook_endpoints e on e.organization_id = v.organization_id
      cross join lateral (
        select null::text as url
        union all
        select x.webhook_url from executions x where x.id = v.execution_id and x.webhook_url is not null
      ) as target
      where e.disabled_at is null
      order by v.id, target.url nulls first
      returning id as delivery_id, execution_id, organization_id, null::timestamptz as run_at
    ), inserted as (
      ${deliveryJobsSql('delivery')}
    )`;
}

const RECORD_DELIVERY = named(
  'quire_webhooks_record_delivery',
  `
    with event as (
      select $1::bigint as id, $4::uuid as organization_id, $2::uuid as execution_id, $3::text as event
    ), ${deliveriesOfEventSql('event')}
    `,
);

/**
 * With the event it reports (same transaction): a delivery to the organization's endpoint and
 * its job, unless the organization has no endpoint or it is disabled (the event is then only
 * recorded). An execution submitted with a `webhook_url` gets a second delivery to it
 * (`target_url`), after the endpoint's, signed with the same secret. One statement; nothing is
 * written when there is no endpoint.
 */
export async function recordDeliveryForEvent(
  db: Db,
  event: { id: string; organizationId: string; executionId: string | null; event: string },
): Promise<void> {
  await runOnKnex(db, RECORD_DELIVERY, [event.id, event.executionId, event.event, event.organizationId]);
}

/**
 * CTEs that record events of one execution, and their deliveries, in the statement that makes
 * the state change they report (so both commit together, in one round trip): `changed` names
 * an earlier CTE returning the changed execution's `id` and `organization_id` (no row: nothing
 * is recorded). Two knex `?` bindings: the events' names (`text[]`) and their payloads
 * (`json[]`, JSON text kept as it is), recorded in that order (identity order). The statement's
 * main query must read `notified` (`select count(*) from notified`), which sends the wake-up
 * of the delivery jobs.
 */
export function recordEventsCtes(changed: string): string {
  return `event as (
      insert into events (organization_id, execution_id, event, payload)
      select c.organization_id, c.id, e.event, e.payload
      from ${changed} c cross join unnest(?::text[], ?::json[]) with ordinality as e(event, payload, n)
      order by e.n
      returning id, organization_id, execution_id, event
    ), ${deliveryCtes('event')}, notified as (
      ${notifyDueSql('inserted')}
    )`;
}

const RECORD_EVENT = named(
  'quire_webhooks_record_event',
  `
    with event as (
      insert into events (organization_id, execution_id, event, payload)
      values ($1::uuid, $2::uuid, $3, $4::json)
      returning id, organization_id, execution_id, event
    ), ${deliveriesOfEventSql('event')}
    `,
);

/**
 * Writes an event to the outbox and, as recordDeliveryForEvent does, its deliveries: one
 * statement, so one round trip per event. `payload` is the JSON text stored as it is.
 */
export async function insertEventWithDeliveries(
  db: Db,
  event: { organizationId: string; executionId: string; event: string; payload: string },
): Promise<void> {
  await runOnKnex(db, RECORD_EVENT, [event.organizationId, event.executionId, event.event, event.payload]);
}

/** A delivery claimed for one attempt, with what the POST needs. */
export interface ClaimedDelivery {
  id: string;
  organization_id: string;
  execution_id: string | null;
  event: string;
  webhook_id: string;
  /** The event payload exactly as stored (json keeps the text, key order included). */
  body: string;
  failures_since_retry_from: number;
  /** Milliseconds since the retry schedule started (first attempt or last redelivery). */
  age_ms: number;
  /** The execution's own `webhook_url` when the delivery has one, else the endpoint's. Null: no endpoint any more. */
  url: string | null;
  secret: string | null;
  /** The secret before the last rotation, while it still signs. */
  previous_secret: string | null;
  disabled_at: Date | null;
}

/*
 * A delivery whose execution has an earlier delivery still pending is not claimed: it adds
 * itself to the nearest such delivery's `waiting_delivery_ids` and its job ends. Adding itself
 * is an update of that row, so it and the statement that finishes that delivery are ordered by
 * the row lock, whatever each one's snapshot missed: if it comes first, the finishing statement
 * reads the list under the lock and enqueues its job; if it comes second, the row it re-reads is
 * no longer pending, nothing is added, and the job looks again at once.
 */
const CLAIM_DELIVERIES = named(
  'quire_webhooks_claim_deliveries',
  `
    with requested as (
      select distinct r.id from unnest($2::bigint[]) as r(id)
    ), claimed as (
      update webhook_deliveries d
      set attempting_until = now() + $1::int * interval '1 millisecond'
      where d.id in (select id from requested) and d.status = 'PENDING'
        and (d.attempting_until is null or d.attempting_until <= now())
        and not exists (
          select 1 from webhook_deliveries p
          where p.execution_id = d.execution_id and p.id < d.id and p.status = 'PENDING'
        )
      returning d.id, d.organization_id, d.execution_id, d.event, d.webhook_id, d.event_id,
        d.failures_since_retry_from, d.retry_from, d.target_url
    ), blocked as (
      select w.id as waiter, (
        select max(p.id) from webhook_deliveries p
        where p.execution_id = w.execution_id and p.id < w.id and p.status = 'PENDING'
      ) as blocker
      from webhook_deliveries w
      where w.id in (select id from requested) and w.id not in (select id from claimed)
        and w.status = 'PENDING' and (w.attempting_until is null or w.attempting_until <= now())
    ), waiting as (
      update webhook_deliveries b
      set waiting_delivery_ids = array(select distinct unnest(b.waiting_delivery_ids || g.waiters) order by 1)
      from (select blocker, array_agg(waiter) as waiters from blocked where blocker is not null group by blocker) as g
      where b.id = g.blocker and b.status = 'PENDING' and b.id not in (select id from claimed)
      returning g.waiters
    )
    select r.id::text as id, c.id is not null as claimed,
      coalesce(c.organization_id, w.organization_id) as organization_id, c.execution_id, c.event, c.webhook_id,
      ev.payload::text as body, c.failures_since_retry_from,
      (extract(epoch from now() - c.retry_from) * 1000)::float8 as age_ms,
      coalesce(c.target_url, e.url) as url, e.secret,
      case when e.previous_secret_expires_at > now() then e.previous_secret end as previous_secret,
      e.disabled_at,
      w.status as unclaimed_status,
      case when w.attempting_until > now() then w.attempting_until end as attempting_until,
      exists (select 1 from waiting where r.id = any(waiting.waiters)) as waiting
    from requested r
    left join claimed c on c.id = r.id
    left join events ev on ev.id = c.event_id
    left join webhook_endpoints e on e.organization_id = c.organization_id
    left join webhook_deliveries w on w.id = r.id and c.id is null
    `,
);

/**
 * Why a delivery could not be claimed: `done` (delivered, failed or gone), `waiting` (an earlier
 * delivery of the same execution is still pending, and its end enqueues this one's job), or
 * `attempting` until a time (another job is posting it; look again then, in case its worker died).
 */
export type NotClaimed =
  | { state: 'done' }
  | { state: 'waiting' }
  | { state: 'attempting'; until: Date; organizationId: string };

interface ClaimRow extends ClaimedDelivery {
  claimed: boolean;
  unclaimed_status: string | null;
  attempting_until: Date | null;
  waiting: boolean;
}

function whyNotClaimed(row: ClaimRow | undefined): NotClaimed {
  if (row?.unclaimed_status !== 'PENDING') return { state: 'done' };
  const organizationId = row.organization_id;
  if (row.attempting_until !== null) return { state: 'attempting', until: row.attempting_until, organizationId };
  // Neither attempting nor waiting, yet not claimed: something changed meanwhile (the delivery
  // it would wait on finished, or another claim took it). Look again at once.
  return row.waiting ? { state: 'waiting' } : { state: 'attempting', until: new Date(), organizationId };
}

/**
 * Claims deliveries for one attempt each, for `claimMs`: only while pending, nobody else is
 * posting them, and no earlier delivery of the same execution is still pending (the ordering
 * rule: STARTED is acknowledged, or given up, before COMPLETED or FAILED is posted). Deliveries
 * of other executions are not held up. One answer per id, in order: the claimed delivery, or why
 * not, read in the same statement. An id asked for twice in one batch is given to its first
 * asker only; the other is told it is being attempted, so one delivery is never posted twice at once.
 */
async function claimDeliveries(
  db: Db,
  ids: readonly string[],
  claimMs: number,
): Promise<(ClaimedDelivery | NotClaimed)[]> {
  const rows = await runOnKnex<ClaimRow>(db, CLAIM_DELIVERIES, [claimMs, ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const given = new Set<string>();
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row?.claimed) return whyNotClaimed(row);
    if (given.has(id))
      return { state: 'attempting', until: new Date(Date.now() + claimMs), organizationId: row.organization_id };
    given.add(id);
    return row;
  });
}

export interface AttemptRecord {
  deliveryId: string;
  url: string;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  /** DELIVERED: acknowledged; PENDING: retry after `retryInMs`; FAILED: given up. */
  outcome: 'DELIVERED' | 'PENDING' | 'FAILED';
  retryInMs: number | null;
}

const RECORD_ATTEMPT = named(
  'quire_webhooks_record_attempt',
  `
    with d as (
      update webhook_deliveries set
        status = cast($1 as text),
        attempts = attempts + 1,
        failures_since_retry_from = failures_since_retry_from + cast($2 as int),
        attempting_until = null,
        last_attempt_at = now(),
        last_status_code = cast($3 as int),
        last_error = cast($4 as text),
        next_attempt_at = now() + cast($5 as int) * interval '1 millisecond',
        delivered_at = case when cast($6 as boolean) then now() end
      where id = cast($7 as bigint)
      returning id, organization_id, execution_id, status, next_attempt_at, waiting_delivery_ids, target_url
    ), logged as (
      insert into webhook_delivery_attempts (delivery_id, url, status_code, latency_ms, response_body, error)
      select id, $8, cast($9 as int), cast($10 as int), $11, $12 from d
    ), healthy as (
      update webhook_endpoints e set last_success_at = now(), failing_since = null
      from d
      where d.status = 'DELIVERED' and e.organization_id = d.organization_id and d.target_url is null
        and (e.failing_since is not null or e.last_success_at is null
             or e.last_success_at < now() - interval '1 minute')
    ), failing as (
      update webhook_endpoints e set failing_since = now()
      from d
      where d.status <> 'DELIVERED' and e.organization_id = d.organization_id and e.failing_since is null
        and d.target_url is null
    ), inserted as (
      ${deliveryJobsSql(`(
        select d.id as delivery_id, d.execution_id, d.organization_id, d.next_attempt_at as run_at
        from d where d.status = 'PENDING'
        union all ${WAITERS_OF_FINISHED}
      ) as due`)}
    )
    ${notifyDueSql('inserted')}
    `,
);

/**
 * One statement records an attempt and everything that follows from it: the attempt log row;
 * the delivery's new state; the endpoint's health (a success clears `failing_since` and, at most
 * once a minute, stamps `last_success_at`, so a busy endpoint's row is not rewritten by every
 * delivery; a failure starts `failing_since`); the retry's job; and, when the delivery is
 * finished, a job for each later delivery of the execution that waited on this one.
 */
export async function recordAttempt(db: Db, attempt: AttemptRecord): Promise<void> {
  const delivered = attempt.outcome === 'DELIVERED';
  await runOnKnex(db, RECORD_ATTEMPT, [
    attempt.outcome,
    delivered ? 0 : 1,
    attempt.statusCode,
    attempt.error,
    attempt.outcome === 'PENDING' ? attempt.retryInMs : null,
    delivered,
    attempt.deliveryId,
    attempt.url,
    attempt.statusCode,
    attempt.latencyMs,
    attempt.responseBody,
    attempt.error,
  ]);
}

const RECORD_DELIVERED = named(
  'quire_webhooks_record_delivered',
  `
    with input as (
      select * from unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::text[])
        as t(id, status_code, latency_ms, response_body, url)
    ), d as (
      update webhook_deliveries w set
        status = 'DELIVERED',
        attempts = attempts + 1,
        attempting_until = null,
        last_attempt_at = now(),
        last_status_code = input.status_code,
        last_error = null,
        next_attempt_at = null,
        delivered_at = now()
      from input
      where w.id = input.id
      returning w.id, w.organization_id, w.execution_id, w.status, w.waiting_delivery_ids, w.target_url
    ), logged as (
      insert into webhook_delivery_attempts (delivery_id, url, status_code, latency_ms, response_body, error)
      select input.id, input.url, input.status_code, input.latency_ms, input.response_body, null
      from input join d on d.id = input.id
    ), healthy as (
      update webhook_endpoints e set last_success_at = now(), failing_since = null
      where e.organization_id in (select organization_id from d where target_url is null)
        and (e.failing_since is not null or e.last_success_at is null
             or e.last_success_at < now() - interval '1 minute')
    ), inserted as (
      ${deliveryJobsSql(`(${WAITERS_OF_FINISHED}) as waiters`)}
    )
    ${notifyDueSql('inserted')}
    `,
);

/**
 * Acknowledged attempts, many per statement, with what follows from each as in `recordAttempt`
 * (log row, endpoint health, the jobs of the deliveries that waited on it). Only successes are
 * batched: they are the common path and need no transaction of the job's.
 */
async function recordDelivered(db: Db, attempts: readonly AttemptRecord[]): Promise<undefined[]> {
  await runOnKnex(db, RECORD_DELIVERED, [
    attempts.map((attempt) => attempt.deliveryId),
    attempts.map((attempt) => attempt.statusCode),
    attempts.map((attempt) => attempt.latencyMs),
    attempts.map((attempt) => attempt.responseBody),
    attempts.map((attempt) => attempt.url),
  ]);
  return attempts.map(() => undefined);
}

/**
 * The two statements every delivery runs, claim and (usually) success, batched across the
 * deliveries a process has in flight: with dozens posting at once, each statement serves many,
 * which is what lets one process deliver hundreds per second on two cores.
 */
export interface DeliveryStatements {
  /** The claimed delivery, or why it could not be claimed. */
  claim(deliveryId: string): Promise<ClaimedDelivery | NotClaimed>;
  recordDelivered(attempt: AttemptRecord): Promise<void>;
}

export function batchedDeliveryStatements(db: Db, claimMs: number): DeliveryStatements {
  const claims = new StatementBatcher<string, ClaimedDelivery | NotClaimed>((ids) => claimDeliveries(db, ids, claimMs));
  const successes = new StatementBatcher<AttemptRecord, void>((attempts) => recordDelivered(db, attempts));
  return {
    claim: (deliveryId) => claims.run(deliveryId),
    recordDelivered: (attempt) => successes.run(attempt),
  };
}

/**
 * A failure's last step: an endpoint with no success for `disableAfterMs` since it started failing
 * is disabled, and its pending deliveries fail (they stay replayable). Answers whether it was.
 */
export async function disableEndpointIfFailingTooLong(
  db: Db,
  organizationId: string,
  disableAfterMs: number,
): Promise<boolean> {
  const result = await db.raw(
    `
    with disabled as (
      update webhook_endpoints set
        disabled_at = now(),
        disabled_reason = 'No delivery was acknowledged since ' || to_char(failing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          || '; deliveries stopped. Fix the receiver, then PUT the endpoint to enable it again.',
        updated_at = now()
      where organization_id = ? and disabled_at is null
        and failing_since <= now() - cast(? as int) * interval '1 millisecond'
      returning organization_id
    ), failed as (
      update webhook_deliveries d set
        status = 'FAILED', attempting_until = null, next_attempt_at = null,
        last_error = 'the endpoint was disabled after failing for 3 days'
      from disabled
      where d.organization_id = disabled.organization_id and d.status = 'PENDING'
    )
    select count(*)::int as disabled from disabled
    `,
    [organizationId, disableAfterMs],
  );
  return (result.rows[0]?.disabled ?? 0) > 0;
}

/** A delivery that cannot be posted at all (no endpoint, or disabled) fails, and frees the deliveries waiting on it. */
export async function failUnpostable(db: Db, deliveryId: string, reason: string): Promise<void> {
  await db.raw(
    `
    with d as (
      update webhook_deliveries set status = 'FAILED', attempting_until = null, next_attempt_at = null, last_error = ?
      where id = cast(? as bigint) and status = 'PENDING'
      returning id, organization_id, execution_id, status, waiting_delivery_ids
    ), inserted as (
      ${deliveryJobsSql(`(${WAITERS_OF_FINISHED}) as waiters`)}
    )
    ${notifyDueSql('inserted')}
    `,
    [reason, deliveryId],
  );
}

/**
 * Repairs pending deliveries that have no job and wait on no pending delivery, which the
 * statements above never leave behind (each one that ends a pending delivery's job enqueues its
 * next one, or records it as waiting, in the same statement): a safety net for what they did not
 * foresee, such as a job row deleted by hand. Answers how many were found.
 */
export async function repairLostDeliveries(db: Db): Promise<number> {
  const result = await db.raw(
    `
    with lost as (
      select d.id as delivery_id, d.execution_id, d.organization_id, null::timestamptz as run_at
      from webhook_deliveries d
      where d.status = 'PENDING'
        and not exists (
          select 1 from jobs j
          where j.kind = ? and j.failed_at is null and j.payload->>'deliveryId' = d.id::text
        )
        and not exists (
          select 1 from webhook_deliveries b
          where b.status = 'PENDING' and d.id = any(b.waiting_delivery_ids)
        )
    ), inserted as (
      ${deliveryJobsSql('lost')}
    )
    select (select count(*) from inserted)::int as repaired, (select count(*) from (${notifyDueSql('inserted')}) as n)
    `,
    [DELIVER_WEBHOOK.name],
  );
  return result.rows[0].repaired as number;
}
