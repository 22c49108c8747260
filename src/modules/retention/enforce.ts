import type { Db } from '../../db/knex.js';

/** Executions handled per statement, so one run never holds long locks or one huge transaction. */
export const RETENTION_BATCH_SIZE = 500;

/**
 * Deletes the stored bytes of up to `limit` executions that ended more than their organization's
 * `document_retention_days` ago, and records when on each execution. Answers how many documents
 * and bytes went. The documents live in PostgreSQL storage (src/storage/): one set-based
 * statement rather than one storage call per execution.
 */
export async function deleteExpiredDocuments(
  db: Db,
  limit = RETENTION_BATCH_SIZE,
): Promise<{ documents: number; bytes: number }> {
  const { rows } = await db.raw<{ rows: { documents: number; bytes: number | null }[] }>(
    `
    with expired as (
      select d.execution_id
        from execution_documents d
        join executions e on e.id = d.execution_id
        join organizations o on o.id = e.organization_id
       where o.document_retention_days is not null
         and e.completed_at < now() - make_interval(days => o.document_retention_days)
       limit ?
         for update of d skip locked
    ), chunks as (
      delete from execution_document_chunks c using expired where c.execution_id = expired.execution_id
    ), documents as (
      delete from execution_documents d using expired where d.execution_id = expired.execution_id
      returning d.execution_id, d.byte_size
    ), marked as (
      update executions e set document_expired_at = now()
        from documents where e.id = documents.execution_id
    )
    select count(*)::int as documents, sum(byte_size)::bigint as bytes from documents
    `,
    [limit],
  );
  return { documents: rows[0]?.documents ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
}

/**
 * Deletes the results of up to `limit` executions that ended more than their organization's
 * `result_retention_days` ago: extracted data, identification, validation and evidence on the
 * execution, and the extracted data and validation in its events (what a webhook redelivery
 * would send). The execution itself stays, so its status answers that its results expired.
 */
export async function deleteExpiredResults(db: Db, limit = RETENTION_BATCH_SIZE): Promise<number> {
  const { rows } = await db.raw<{ rows: { results: number }[] }>(
    `
    with expired as (
      select e.id
        from executions e
        join organizations o on o.id = e.organization_id
       where o.result_retention_days is not null
         and e.completed_at is not null
         and e.results_expired_at is null
         and e.completed_at < now() - make_interval(days => o.result_retention_days)
         -- Implied (an execution completes after it is created): what executions_results_unexpired_idx looks up.
         and e.created_at < now() - make_interval(days => o.result_retention_days)
       limit ?
         for update of e skip locked
    ), cleared_events as (
      update events ev
         set payload = (
               select jsonb_object_agg(key, case when key in ('data', 'validation') then 'null'::jsonb else value end)
                 from jsonb_each(ev.payload::jsonb)
             )::json
        from expired
       where ev.execution_id = expired.id
    ), cleared as (
      update executions e
         set data = null, identification = null, validation = null, extracted_fields = null,
             results_expired_at = now()
        from expired
       where e.id = expired.id
      returning e.id
    )
    select count(*)::int as results from cleared
    `,
    [limit],
  );
  return rows[0]?.results ?? 0;
}

/** Counts for /metrics: executions whose document or results retention has deleted. */
export async function expiredCounts(db: Db): Promise<{ documents: number; results: number }> {
  const { rows } = await db.raw<{ rows: { documents: number; results: number }[] }>(`
    select count(*) filter (where document_expired_at is not null)::int as documents,
           count(*) filter (where results_expired_at is not null)::int as results
      from executions
     where document_expired_at is not null or results_expired_at is not null
  `);
  return { documents: rows[0]?.documents ?? 0, results: rows[0]?.results ?? 0 };
}

/**
 * Deletes everything expired, batch after batch, until a batch comes back short. Safe on any
 * number of workers at once: each batch locks the rows it takes and skips those another holds.
 */
export async function enforceRetention(
  db: Db,
  signal?: AbortSignal,
): Promise<{ documents: number; bytes: number; results: number }> {
  const totals = { documents: 0, bytes: 0, results: 0 };
  for (;;) {
    signal?.throwIfAborted();
    const batch = await deleteExpiredDocuments(db);
    totals.documents += batch.documents;
    totals.bytes += batch.bytes;
    if (batch.documents < RETENTION_BATCH_SIZE) break;
  }
  for (;;) {
    signal?.throwIfAborted();
    const results = await deleteExpiredResults(db);
    totals.results += results;
    if (results < RETENTION_BATCH_SIZE) break;
  }
  return totals;
}
