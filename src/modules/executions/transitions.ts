import type { Db, Knex } from '../../db/knex.js';
import { NotFoundError } from '../../errors.js';
import { numbered, runStatement, statementFor } from '../../jobs/sql.js';
import type { LeaseGuard } from '../../jobs/types.js';
import { recordEventsCtes } from '../webhooks/delivery-repository.js';
import { conversionPayload, type EventName, identificationPayload, recordEvent, stepPayload } from './events.js';
import {
  EXECUTION_FINISHED_CHANNEL,
  type ExecutionOutcome,
  type ExecutionView,
  finishExecution,
  markProcessing,
  type StoredIdentification,
} from './repository.js';

/*
 * The state changes of an execution, each with the events that report it, written in the
 * caller's transaction (the job's lease-guarded one): the outbox holds exactly the events of
 * the changes that committed, in order.
 */

/** The STARTED events of an execution, in the order they are recorded. */
function startedEvents(execution: ExecutionView, identifies: boolean): [EventName, Record<string, unknown>][] {
  const view: ExecutionView = { ...execution, status: 'PROCESSING' };
  const events: [EventName, Record<string, unknown>][] = [];
  if (view.kind === 'step') events.push(['STEP_STARTED', stepPayload(view, 'STARTED')]);
  if (view.kind === 'convert') events.push(['CONVERSION_STARTED', conversionPayload(view, 'STARTED')]);
  if (view.kind === 'identify' || (view.kind === 'step' && identifies)) {
    events.push(['IDENTIFICATION_STARTED', identificationPayload(view, 'STARTED', {})]);
  }
  return events;
}

/** ENQUEUED -> PROCESSING with the STARTED events; nothing when a re-run finds it already started. */
export async function startExecution(trx: Db, execution: ExecutionView, identifies: boolean): Promise<void> {
  if (!(await markProcessing(trx, execution.id))) return;
  for (const [event, payload] of startedEvents(execution, identifies))
    await recordEvent(trx, execution, event, payload);
}

/**
 * One statement guarded by a job's lease: `change` (an update of the execution returning its
 * `id` and `organization_id`, changing nothing unless `exists (select 1 from lease)`) and the
 * events that report it, which are recorded only when the update changed a row; committed
 * asynchronously (ASYNC_COMMIT). With `requires` (a condition on the execution's row, which
 * `name` must tell apart), the lease holds only while the execution meets it: a change that
 * builds on the run's earlier ones is never written on top of changes a database crash forgot.
 */
async function changeWithEvents(
  db: Knex,
  guard: LeaseGuard,
  name: string,
  change: { sql: string; bindings: readonly Knex.Value[]; executionId: string },
  events: readonly [EventName, Record<string, unknown>][],
  options: { finishes?: boolean; requires?: string } = {},
): Promise<boolean> {
  const key = `quire_executions_${name}_${guard.bindings.length}`;
  const required = options.requires === undefined ? [] : [change.executionId];
  const sql = statementFor(key, () => {
    const lease =
      options.requires === undefined
        ? guard.cte
        : // An execution that is gone meets it: the change then finds no row, as without `requires`.
          guard.cteWhen(`not exists (select 1 from executions where id = ?::uuid and not (${options.requires}))`);
    // A change to a terminal state wakes the requests waiting for it (sent on commit), as finishExecution does.
    const finished = options.finishes
      ? `, (select count(pg_notify('${EXECUTION_FINISHED_CHANNEL}', id::text)) from changed) as finished`
      : '';
    // Committed without waiting for its WAL flush (see ASYNC_COMMIT).
    const asynchronous = `, ${ASYNC_COMMIT} as asynchronous`;
    return numbered(`with lease as (${lease}), changed as (${change.sql}), ${recordEventsCtes('changed')}
       select exists (select 1 from lease) as lease_held, (select count(*) from notified) as notified,
         (select count(*) from changed) as changed${finished}${asynchronous}`);
  });
  const rows = await runStatement<{ lease_held: boolean; changed: string | number }>(db, sql, [
    ...guard.bindings,
    ...required,
    ...change.bindings,
    events.map(([event]) => event),
    events.map(([, payload]) => JSON.stringify(payload)),
  ]);
  guard.check(rows[0]?.lease_held === true);
  return Number(rows[0]?.changed) > 0;
}

/**
 * Makes the statement's own transaction commit asynchronously (`synchronous_commit` off for that
 * transaction alone): it does not wait for its WAL flush (several milliseconds each on the run's
 * path), and the setting ends with it. Every state change of a run made here commits so: its
 * start (PROCESSING and its STARTED events), a step's kept identification, and its completion
 * (SUCCESS, its COMPLETED events and the job's deletion). The acceptance of an execution (the
 * submission) and a failure (`failExecution`, in a lease transaction) stay durable. A database
 * crash may forget the last fraction of a second of these changes; that is recoverable and never
 * leaves a broken history:
 * - a forgotten change comes with its job still there (a completion deletes the job in the same
 *   transaction; the claim before a start commits the same way, or its lease runs out), so the
 *   run happens again from the state that was remembered, and ends once in what is durable;
 * - the changes that build on earlier ones (keeping the identification, the completion) require
 *   them in their lease check (`requires`): on top of a forgotten start or identification they
 *   write nothing, and the job runs again once its lease runs out;
 * - a durable commit flushes every earlier asynchronous one, and a webhook is posted only after
 *   its delivery's claim, a durable commit: no event of a forgotten change is ever posted.
 * What a crash can undo is what a client read in that fraction of a second (a status poll, or a
 * synchronous answer, that said SUCCESS): the execution then reads PROCESSING again until its
 * run ends again.
 */
const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true)`;

/** The execution's row shows the run's start (a condition for `requires`). */
const STARTED = `status = 'PROCESSING'`;

/**
 * startExecution in one statement with the job's lease check: ENQUEUED -> PROCESSING and the
 * STARTED events, or nothing when a re-run finds it already started.
 */
export async function startExecutionLeased(
  db: Knex,
  guard: LeaseGuard,
  execution: ExecutionView,
  identifies: boolean,
): Promise<void> {
  await changeWithEvents(
    db,
    guard,
    'start',
    {
      sql: `update executions set status = 'PROCESSING', started_at = now()
            where id = ? and status = 'ENQUEUED' and exists (select 1 from lease)
            returning id, organization_id`,
      bindings: [execution.id],
      executionId: execution.id,
    },
    startedEvents(execution, identifies),
  );
}

/**
 * A step's automatic identification, kept with its IDENTIFICATION_COMPLETED event while
 * extraction runs (a re-run reuses it), in one statement with the job's lease check.
 */
export async function keepIdentificationLeased(
  db: Knex,
  guard: LeaseGuard,
  execution: ExecutionView,
  identification: StoredIdentification,
): Promise<void> {
  const view = { ...execution, identification, completed_at: null };
  await changeWithEvents(
    db,
    guard,
    'identified',
    {
      sql: `update executions set identification = ?::jsonb, document_type_code = ?
            where id = ? and exists (select 1 from lease)
            returning id, organization_id`,
      bindings: [JSON.stringify(identification), identification.document_type.code, execution.id],
      executionId: execution.id,
    },
    [['IDENTIFICATION_COMPLETED', identificationPayload(view, 'COMPLETED', { identification })]],
    { requires: STARTED },
  );
}

/**
 * A value as a jsonb column gives it back: JSON's types only, each object's keys in jsonb's
 * order (shorter keys first, then by their bytes). Events built before the row is read back
 * carry the same text as those built from the row.
 */
export function asStoredJsonb<T>(value: T): T {
  const reorder = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(reorder);
    if (item === null || typeof item !== 'object') return item;
    const keys = Object.keys(item).sort(
      (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
    return Object.fromEntries(keys.map((key) => [key, reorder((item as Record<string, unknown>)[key])]));
  };
  return value === undefined ? value : (reorder(JSON.parse(JSON.stringify(value))) as T);
}

/**
 * -> SUCCESS with the COMPLETED event of the execution's kind, in one statement with the job's lease check (and the job's deletion: use
 * with JobContext.leased('delete')): -> SUCCESS, the COMPLETED event, and the wake-up of waiting
 * requests, where a transaction around the update and the event takes four round trips. The
 * event is built from the execution as the run read it, with the outcome and `identification`
 * (the run's, kept earlier in the run) applied; `completed_at` is the time it is built at, so
 * the event's response_timestamp and the row agree. With `identificationEvent`, a step's
 * identification (`outcome.identification`, not written before) is recorded by the same
 * statement with its IDENTIFICATION_COMPLETED event ahead of STEP_COMPLETED; with
 * `identificationKept`, the run's identification was written earlier (keepIdentificationLeased,
 * or an earlier attempt) and the completion requires it in the row. Throws NotFoundError when
 * the execution is gone.
 */
export async function completeExecutionLeased(
  db: Knex,
  guard: LeaseGuard,
  execution: ExecutionView,
  outcome: Omit<ExecutionOutcome, 'status' | 'error'>,
  identification: StoredIdentification | null,
  options: { identificationEvent?: boolean; identificationKept?: boolean } = {},
): Promise<void> {
  const completedAt = new Date();
  const kept = outcome.identification ?? identification;
  const view: ExecutionView = {
    ...execution,
    status: 'SUCCESS',
    completed_at: completedAt,
    error: null,
    uploading_since: null,
    data:
      outcome.data === undefined ? execution.data : (JSON.parse(JSON.stringify(outcome.data)) as ExecutionView['data']),
    validation:
      outcome.validation === undefined
        ? execution.validation
        : asStoredJsonb(outcome.validation as ExecutionView['validation']),
    identification:
      kept === null || kept === undefined ? execution.identification : asStoredJsonb(kept as StoredIdentification),
    document_type_code: outcome.documentTypeCode ?? execution.document_type_code,
  };
  const events: [EventName, Record<string, unknown>][] = [];
  if (options.identificationEvent && view.kind === 'step' && outcome.identification) {
    // A step's identification written with its completion: its event first, as
    // keepIdentificationLeased would have recorded it before.
    const result = outcome.identification as StoredIdentification;
    const identifiedView = { ...execution, identification: result, completed_at: null };
    events.push([
      'IDENTIFICATION_COMPLETED',
      identificationPayload(identifiedView, 'COMPLETED', { identification: result }, completedAt),
    ]);
  }
  if (view.kind === 'step') events.push(['STEP_COMPLETED', stepPayload(view, 'COMPLETED')]);
  if (view.kind === 'convert') events.push(['CONVERSION_COMPLETED', conversionPayload(view, 'COMPLETED')]);
  if (view.kind === 'identify') {
    const stored = view.identification ?? undefined;
    events.push(['IDENTIFICATION_COMPLETED', identificationPayload(view, 'COMPLETED', { identification: stored })]);
  }
  const set: string[] = [
    "status = 'SUCCESS'",
    'completed_at = ?::timestamptz',
    'error = null',
    'uploading_since = null',
  ];
  const bindings: Knex.Value[] = [completedAt.toISOString()];
  // The statement's name says which columns it sets (a letter each): one prepared text per set.
  let columns = '';
  const column = (letter: string, name: string, value: Knex.Value, cast = '') => {
    columns += letter;
    set.push(`${name} = ?${cast}`);
    bindings.push(value);
  };
  // data is a json column (its text, so the schema's key order, kept as written); the others jsonb.
  if (outcome.data !== undefined) column('d', 'data', JSON.stringify(outcome.data), '::json');
  if (outcome.validation !== undefined) column('v', 'validation', JSON.stringify(outcome.validation), '::jsonb');
  if (outcome.identification !== undefined) {
    column('i', 'identification', JSON.stringify(outcome.identification), '::jsonb');
  }
  if (outcome.documentTypeCode !== undefined) column('t', 'document_type_code', outcome.documentTypeCode);
  if (outcome.pageCount !== undefined) column('p', 'page_count', outcome.pageCount);
  if (outcome.extraction !== undefined) {
    column('f', 'extracted_fields', JSON.stringify(outcome.extraction.fields), '::json');
    column('e', 'extraction_engine', outcome.extraction.engine);
  }
  // What the run's earlier changes wrote, and this change builds on (see ASYNC_COMMIT).
  const keptEarlier = options.identificationKept === true;
  const changed = await changeWithEvents(
    db,
    guard,
    `complete_${columns}${keptEarlier ? '_kept' : ''}`,
    {
      sql: `update executions set ${set.join(', ')}
            where id = ? and exists (select 1 from lease)
            returning id, organization_id`,
      bindings: [...bindings, execution.id],
      executionId: execution.id,
    },
    events,
    { finishes: true, requires: keptEarlier ? `${STARTED} and identification is not null` : STARTED },
  );
  if (!changed) throw new NotFoundError('Execution not found');
}

/**
 * -> ERROR with the FAILED events: IDENTIFICATION_FAILED first when an identification had
 * started and not finished, then the step's or conversion's own. The STARTED events are written
 * first when the run failed before it could start, so started always precedes failed.
 */
export async function failExecution(
  trx: Db,
  execution: ExecutionView,
  message: string,
  identificationPending: boolean,
): Promise<void> {
  await startExecution(trx, execution, identificationPending);
  const view = await finishExecution(trx, execution.id, { status: 'ERROR', error: message });
  if (identificationPending) {
    await recordEvent(trx, view, 'IDENTIFICATION_FAILED', identificationPayload(view, 'FAILED', { error: message }));
  }
  if (view.kind === 'step') await recordEvent(trx, view, 'STEP_FAILED', stepPayload(view, 'FAILED'));
  if (view.kind === 'convert') await recordEvent(trx, view, 'CONVERSION_FAILED', conversionPayload(view, 'FAILED'));
}
