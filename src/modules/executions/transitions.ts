import type { Db, Knex } from '../../db/knex.js';
import { numbered, runStatement, type Statement, statement } from '../../jobs/sql.js';
import type { LeaseGuard } from '../../jobs/types.js';
import { recordEventsCtes } from '../webhooks/delivery-repository.js';
import { conversionPayload, type EventName, identificationPayload, recordEvent, stepPayload } from './events.js';
import {
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
 * events that report it, which are recorded only when the update changed a row.
 */
async function changeWithEvents(
  db: Knex,
  guard: LeaseGuard,
  name: string,
  change: { sql: string; bindings: readonly Knex.Value[] },
  events: readonly [EventName, Record<string, unknown>][],
): Promise<void> {
  const key = `quire_executions_${name}_${guard.bindings.length}`;
  let sql = changeStatements.get(key);
  if (!sql) {
    sql = statement(
      key,
      numbered(`with lease as (${guard.cte}), changed as (${change.sql}), ${recordEventsCtes('changed')}
       select exists (select 1 from lease) as lease_held, (select count(*) from notified) as notified`),
    );
    changeStatements.set(key, sql);
  }
  const rows = await runStatement<{ lease_held: boolean }>(db, sql, [
    ...guard.bindings,
    ...change.bindings,
    events.map(([event]) => event),
    events.map(([, payload]) => JSON.stringify(payload)),
  ]);
  guard.check(rows[0]?.lease_held === true);
}

/** changeWithEvents' statements by name (each name's text never changes). */
const changeStatements = new Map<string, Statement>();

/**
 * startExecution in one statement with the job's lease check: ENQUEUED -> PROCESSING and the
 * STARTED events, or nothing when a re-run finds it already started.
 */
export function startExecutionLeased(
  db: Knex,
  guard: LeaseGuard,
  execution: ExecutionView,
  identifies: boolean,
): Promise<void> {
  return changeWithEvents(
    db,
    guard,
    'start',
    {
      sql: `update executions set status = 'PROCESSING', started_at = now()
            where id = ? and status = 'ENQUEUED' and exists (select 1 from lease)
            returning id, organization_id`,
      bindings: [execution.id],
    },
    startedEvents(execution, identifies),
  );
}

/**
 * A step's automatic identification, kept with its IDENTIFICATION_COMPLETED event while
 * extraction runs (a re-run reuses it), in one statement with the job's lease check.
 */
export function keepIdentificationLeased(
  db: Knex,
  guard: LeaseGuard,
  execution: ExecutionView,
  identification: StoredIdentification,
): Promise<void> {
  const view = { ...execution, identification, completed_at: null };
  return changeWithEvents(
    db,
    guard,
    'identified',
    {
      sql: `update executions set identification = ?::jsonb, document_type_code = ?
            where id = ? and exists (select 1 from lease)
            returning id, organization_id`,
      bindings: [JSON.stringify(identification), identification.document_type.code, execution.id],
    },
    [['IDENTIFICATION_COMPLETED', identificationPayload(view, 'COMPLETED', { identification })]],
  );
}

/**
 * -> SUCCESS with the COMPLETED event of the execution's kind. With a job's lease guard its
 * first statement checks the lease and deletes the job (JobContext.leased('delete')).
 */
export async function completeExecution(
  trx: Db,
  execution: ExecutionView,
  outcome: Omit<ExecutionOutcome, 'status' | 'error'>,
  guard?: LeaseGuard,
): Promise<void> {
  const view = await finishExecution(trx, execution.id, { ...outcome, status: 'SUCCESS' }, guard);
  if (view.kind === 'step') await recordEvent(trx, view, 'STEP_COMPLETED', stepPayload(view, 'COMPLETED'));
  if (view.kind === 'convert')
    await recordEvent(trx, view, 'CONVERSION_COMPLETED', conversionPayload(view, 'COMPLETED'));
  if (view.kind === 'identify') {
    const identification = view.identification;
    await recordEvent(
      trx,
      view,
      'IDENTIFICATION_COMPLETED',
      identificationPayload(view, 'COMPLETED', { identification: identification ?? undefined }),
    );
  }
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
