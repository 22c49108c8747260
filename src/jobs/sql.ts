import { type Db, type Knex, statementPool } from '../db/knex.js';
import { JOB_PRIORITY } from './types.js';

/**
 * The job loop's statements, named so that the hot ones are prepared once per connection
 * (`pg` caches a named statement's plan per client). Parameters are `$n`; `runOnKnex` runs the
 * few that must join a knex transaction. Ids travel as text: job ids are bigints, and text keeps
 * them exact whatever type parser the process installed.
 *
 * The lease design: a claim sets `lease_until` and leaves `run_at` alone, so a job whose worker
 * died becomes claimable again when its lease expires, through the same claim, with no reaper,
 * and keeps its place in the queue (its `run_at` is still when it became due). Every write after
 * the claim is guarded by `(id, lock_token)`.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** Named, so each connection prepares (parses and plans) it once; whitespace collapsed. */
export const statement = (name: string, text: string): Statement => ({ name, text: text.trim().replace(/\s+/g, ' ') });

const composed = new Map<string, Statement>();

/**
 * A statement composed at run time (of fragments, for a variant of a change): built by `build`
 * (its text) the first time its name is asked for, the same object after. The name must say
 * which text it is, so each variant is prepared once per connection.
 */
export function statementFor(name: string, build: () => string): Statement {
  let found = composed.get(name);
  if (!found) {
    found = statement(name, build());
    composed.set(name, found);
  }
  return found;
}

/**
 * SQL written with knex's `?` placeholders (as a statement composed of fragments is), numbered
 * `$1`, `$2`… in order for `statement`. The text must hold no other question mark.
 */
export function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

export const NOTIFY_CHANNEL_PREFIX = 'quire_jobs_';

/** Highest first: the claim looks at each key's due jobs one priority at a time. */
const PRIORITIES = Object.values(JOB_PRIORITY).sort((a, b) => b - a);

/**
 * $1 queue, $2 kinds this process runs (a rolling upgrade never hands a job to a process that
 * does not know its kind), $3 how many (the queue's free capacity), $4 worker id, $5 lease ms.
 * `lease_expired`: the previous holder's lease ran out (its worker died or lost the database).
 *
 * The order among due jobs: higher `priority` first (a caller is waiting); then fair shares,
 * by each job's turn within its `fair_key` (an organization): the jobs that key has running now
 * plus the job's rank among that key's due jobs. So an organization with a thousand queued runs
 * and one with a single run alternate, and the single run waits at most for the next free slot.
 * Then `run_at`, oldest first. Only each key's first $3 due jobs per priority can be among the
 * $3 claimed, so those are all it reads: the keys are walked through the index (one probe per
 * key with jobs in the queue) and each key's candidates come from an index range, whatever the
 * backlog.
 *
 * The due conditions are repeated where the rows are locked: a job another worker claimed
 * after this statement's snapshot is re-read there and skipped, never claimed twice. The
 * candidates' ids are also given as an array there, so the rows are fetched by primary key.
 */
export const CLAIM_JOBS = statement(
  'quire_jobs_claim',
  `
  with recursive fair_keys as (
    (select fair_key from jobs where queue = $1 and failed_at is null order by fair_key limit 1)
    union all
    select (
      select j.fair_key from jobs j
      where j.queue = $1 and j.failed_at is null and j.fair_key > fair_keys.fair_key
      order by j.fair_key limit 1
    ) from fair_keys where fair_keys.fair_key is not null
  ), running as (
    select fair_key, count(*)::int as running from jobs
    where queue = $1 and lease_until > now()
    group by fair_key
  ), candidates as (
    select c.id, c.priority, c.run_at, c.fair_key
    from fair_keys k
    cross join unnest(array[${PRIORITIES.join(', ')}]::smallint[]) as p(priority)
    cross join lateral (
      select j.id, j.priority, j.run_at, j.fair_key from jobs j
      where j.queue = $1 and j.fair_key = k.fair_key and j.priority = p.priority and j.failed_at is null
        and j.run_at <= now() and (j.lease_until is null or j.lease_until <= now()) and j.kind = any($2::text[])
      order by j.run_at, j.id
      limit $3
    ) as c
    where k.fair_key is not null
  ), due as (
    select c.id, c.priority, c.run_at,
      coalesce(r.running, 0) + row_number() over (partition by c.priority, c.fair_key order by c.run_at, c.id) as turn
    from candidates c left join running r on r.fair_key = c.fair_key
  ), next as (
    select jobs.id, jobs.lease_until from jobs
    join due on due.id = jobs.id
    where jobs.id = any(array(select id from due))
      and jobs.failed_at is null and jobs.run_at <= now() and (jobs.lease_until is null or jobs.lease_until <= now())
    order by due.priority desc, due.turn, due.run_at, due.id
    limit $3
    for update of jobs skip locked
  )
  update jobs set
    attempts = jobs.attempts + 1,
    locked_by = $4,
    lock_token = gen_random_uuid(),
    lease_until = now() + $5::int * interval '1 millisecond'
  from next
  where jobs.id = next.id
  returning jobs.id::text as id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts,
    jobs.lock_token, jobs.last_error, next.lease_until is not null as lease_expired
  `,
);

/**
 * Heartbeat: one statement extends every lease this process holds. $1 lease ms, $2 ids,
 * $3 lock tokens. A row locked by a job's own `withLease` transaction is skipped rather than
 * waited for (that lock already keeps claimers away, and waiting would stall every other lease).
 * Answers the ids extended.
 */
export const EXTEND_LEASES = statement(
  'quire_jobs_extend_leases',
  `
  with held as (
    select jobs.id from jobs
    join unnest($2::bigint[], $3::uuid[]) as mine(id, lock_token)
      on jobs.id = mine.id and jobs.lock_token = mine.lock_token
    for update of jobs skip locked
  )
  update jobs set
    lease_until = now() + $1::int * interval '1 millisecond'
  from held
  where jobs.id = held.id
  returning jobs.id::text as id
  `,
);

/** Batched completion of jobs whose handlers returned. $1 ids, $2 lock tokens. Answers the ids deleted. */
export const COMPLETE_JOBS = statement(
  'quire_jobs_complete',
  `
  delete from jobs
  using unnest($1::bigint[], $2::uuid[]) as done(id, lock_token)
  where jobs.id = done.id and jobs.lock_token = done.lock_token
  returning jobs.id::text as id
  `,
);

/** $1 id, $2 lock token, $3 delay ms (backoff computed by the caller), $4 error text. */
export const RETRY_JOB = statement(
  'quire_jobs_retry',
  `
  update jobs set
    run_at = now() + $3::int * interval '1 millisecond',
    last_error = $4,
    locked_by = null, lock_token = null, lease_until = null
  where id = $1 and lock_token = $2
  `,
);

/**
 * Shutdown: jobs still running after the grace period go back to the queue at once, in their
 * place, their attempt not counted, and other workers are woken. $1 ids, $2 lock tokens. Rows locked by a
 * job's own transaction are skipped: those jobs end with that transaction or with their lease.
 */
export const HAND_BACK_JOBS = statement(
  'quire_jobs_hand_back',
  `
  with mine as (
    select jobs.id from jobs
    join unnest($1::bigint[], $2::uuid[]) as held(id, lock_token)
      on jobs.id = held.id and jobs.lock_token = held.lock_token
    for update of jobs skip locked
  ), handed as (
    update jobs set
      attempts = greatest(jobs.attempts - 1, 0),
      locked_by = null, lock_token = null, lease_until = null
    from mine
    where jobs.id = mine.id
    returning jobs.id, jobs.queue
  )
  select handed.id::text as id, pg_notify('${NOTIFY_CHANNEL_PREFIX}' || handed.queue, '')
  from handed
  `,
);

/** Terminal failure, in the transaction that also runs the kind's `onTerminalFailure`. $1 id, $2 lock token, $3 error text. */
export const FAIL_JOB = statement(
  'quire_jobs_fail',
  `
  update jobs set
    failed_at = now(), last_error = $3,
    locked_by = null, lock_token = null, lease_until = null
  where id = $1 and lock_token = $2
  returning id::text as id
  `,
);

/** First statement of `withLease`: the claim is still ours, and stays ours until commit. $1 id, $2 lock token. */
export const LOCK_LEASED_JOB = statement(
  'quire_jobs_lock_leased',
  `select id from jobs where id = $1 and lock_token = $2 for update`,
);

/**
 * Last statement of `withLease`: the heartbeat skipped this row while the transaction held it,
 * so the lease restarts from the commit (clock time, not the transaction's start). $1 id,
 * $2 lock token, $3 lease ms.
 */
export const RENEW_LEASED_JOB = statement(
  'quire_jobs_renew_leased',
  `
  update jobs set
    lease_until = clock_timestamp() + $3::int * interval '1 millisecond'
  where id = $1 and lock_token = $2
  `,
);

/**
 * First statement of `complete`: deletes the job if the claim is still ours, which row-locks it
 * as LOCK_LEASED_JOB would (claims skip it) and saves the closing statement. A rollback brings
 * the row back with its lease. $1 id, $2 lock token.
 */
export const DELETE_LEASED_JOB = statement(
  'quire_jobs_delete_leased',
  `delete from jobs where id = $1 and lock_token = $2 returning id`,
);

/**
 * The lease guard of a state change made in one statement rather than a transaction (see
 * `JobContext.leased`): the body of a CTE that renews the lease as RENEW_LEASED_JOB does, or
 * deletes the job as DELETE_LEASED_JOB does, and returns the job's id only while the claim is
 * ours. knex `?` bindings: lease ms (renew only), id, lock token. The row lock it takes keeps
 * claimers and the heartbeat away until the statement commits. `condition` (SQL whose `?`
 * bindings follow the lease's) must also hold, or the CTE changes nothing and returns no row.
 */
export function leaseCte(finish: 'renew' | 'delete', condition?: string): string {
  const where = `id = ? and lock_token = ?${condition === undefined ? '' : ` and ${condition}`}`;
  return finish === 'delete'
    ? `delete from jobs where ${where} returning id`
    : `update jobs set lease_until = clock_timestamp() + ?::int * interval '1 millisecond' where ${where} returning id`;
}

/**
 * One job; `pg_notify` is delivered when (and only if) the enclosing transaction commits. A job
 * due later is not announced: the poll finds it. $1 queue, $2 kind, $3 payload, $4 max attempts
 * (null: the kind's), $5 run at (null: now), $6 priority, $7 fair key.
 */
export const ENQUEUE_JOB = statement(
  'quire_jobs_enqueue',
  `
  with inserted as (
    insert into jobs (queue, kind, payload, max_attempts, run_at, priority, fair_key)
    values ($1, $2, $3::jsonb, $4::int, coalesce($5::timestamptz, now()), $6::smallint, coalesce($7, ''))
    returning id, queue, run_at
  )
  select id::text as id,
    case when run_at <= now() then pg_notify('${NOTIFY_CHANNEL_PREFIX}' || queue, '') end
  from inserted
  `,
);

/** After a data-modifying CTE named `inserted` that returns `queue, run_at`: one notification per queue with a job due now. */
export function notifyDueSql(inserted: string): string {
  return `select pg_notify('${NOTIFY_CHANNEL_PREFIX}' || queue, '')
    from (select distinct queue from ${inserted} where run_at <= now()) as due`;
}

/**
 * Many jobs in one statement, one notification per queue. $1 a JSON array of
 * `{queue, kind, payload, max_attempts, run_at, priority, fair_key}`.
 */
export const ENQUEUE_JOBS = statement(
  'quire_jobs_enqueue_many',
  `
  with inserted as (
    insert into jobs (queue, kind, payload, max_attempts, run_at, priority, fair_key)
    select queue, kind, coalesce(payload, '{}'::jsonb), max_attempts, coalesce(run_at, now()),
      coalesce(priority, 0), coalesce(fair_key, '')
    from jsonb_to_recordset($1::jsonb)
      as j(queue text, kind text, payload jsonb, max_attempts int, run_at timestamptz, priority smallint, fair_key text)
    returning queue, run_at
  )
  ${notifyDueSql('inserted')}
  `,
);

const knexForms = new WeakMap<Statement, { text: string; order: number[] }>();

/**
 * Runs a `$n` statement on `db`: in a transaction, through knex (so it joins the transaction);
 * outside one, on the statement pool beside the knex pool (statementPool), prepared once per
 * connection there too, without knex's layers. For the hot single statements of a document's
 * path (status polls, a run's reads and state changes).
 */
export async function runStatement<Row>(db: Db, sql: Statement, values: readonly unknown[]): Promise<Row[]> {
  const pool = db.isTransaction ? null : statementPool(db as Knex);
  if (!pool) return runOnKnex(db, sql, values);
  const result = await pool.query({ name: sql.name, text: sql.text, values: values as unknown[] });
  return result.rows as Row[];
}

/**
 * Runs a `$n` statement through knex (so it joins a transaction): knex binds `?` in order, so
 * each `$n` becomes a `?` bound to the n-th value. The rewrite is done once per statement.
 */
export async function runOnKnex<Row>(db: Db, sql: Statement, values: readonly unknown[]): Promise<Row[]> {
  let form = knexForms.get(sql);
  if (!form) {
    const order: number[] = [];
    const text = sql.text.replace(/\$(\d+)/g, (_, n: string) => {
      order.push(Number(n) - 1);
      return '?';
    });
    form = { text, order };
    knexForms.set(sql, form);
  }
  const bindings = form.order.map((index) => values[index] ?? null);
  // Named, so pg prepares it once per connection of the knex pool too.
  const result = await db.raw(form.text, bindings as any[]).options({ name: sql.name });
  return result.rows as Row[];
}
