import type { Db } from '../../db/knex.js';
import { conversionPayload, identificationPayload, recordEvent, stepPayload } from './events.js';
import { type ExecutionOutcome, type ExecutionView, finishExecution, markProcessing } from './repository.js';

/*
 * The state changes of an execution, each with the events that report it, written in the
 * caller's transaction (the job's lease-guarded one): the outbox holds exactly the events of
 * the changes that committed, in order.
 */

/** ENQUEUED -> PROCESSING with the STARTED events; nothing when a re-run finds it already started. */
export async function startExecution(trx: Db, execution: ExecutionView, identifies: boolean): Promise<void> {
  if (!(await markProcessing(trx, execution.id))) return;
  const view: ExecutionView = { ...execution, status: 'PROCESSING' };
  if (view.kind === 'step') await recordEvent(trx, view, 'STEP_STARTED', stepPayload(view, 'STARTED'));
  if (view.kind === 'convert') await recordEvent(trx, view, 'CONVERSION_STARTED', conversionPayload(view, 'STARTED'));
  if (view.kind === 'identify' || (view.kind === 'step' && identifies)) {
    await recordEvent(trx, view, 'IDENTIFICATION_STARTED', identificationPayload(view, 'STARTED', {}));
  }
}

/** -> SUCCESS with the COMPLETED event of the execution's kind. */
export async function completeExecution(
  trx: Db,
  execution: ExecutionView,
  outcome: Omit<ExecutionOutcome, 'status' | 'error'>,
): Promise<void> {
  const view = await finishExecution(trx, execution.id, { ...outcome, status: 'SUCCESS' });
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
