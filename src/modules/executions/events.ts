import type { Db } from '../../db/knex.js';
import { insertEventWithDeliveries } from '../webhooks/delivery-repository.js';
import type { ExecutionView, StoredIdentification } from './repository.js';

/** Every event quire emits: IDENTIFICATION_*, STEP_* and CONVERSION_*, each STARTED then COMPLETED or FAILED. */
export type EventName =
  | 'IDENTIFICATION_STARTED'
  | 'IDENTIFICATION_COMPLETED'
  | 'IDENTIFICATION_FAILED'
  | 'STEP_STARTED'
  | 'STEP_COMPLETED'
  | 'STEP_FAILED'
  | 'CONVERSION_STARTED'
  | 'CONVERSION_COMPLETED'
  | 'CONVERSION_FAILED';

type Phase = 'STARTED' | 'COMPLETED' | 'FAILED';

const STATUS_OF_PHASE: Record<Phase, string> = { STARTED: 'PROCESSING', COMPLETED: 'SUCCESS', FAILED: 'ERROR' };

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/** `now` stands in for completed_at inside the transaction that sets it (the row read is older). */
function common(execution: ExecutionView, phase: Phase, now: Date) {
  return {
    status: STATUS_OF_PHASE[phase],
    request_timestamp: execution.created_at.toISOString(),
    ...(phase === 'STARTED' ? {} : { response_timestamp: iso(execution.completed_at ?? now) }),
    original_filename: execution.original_filename,
    document_metadata: execution.document_metadata,
  };
}

/** Spec 6.1–6.3. `identification_id` is the execution's id, also when a step identifies. */
export function identificationPayload(
  execution: ExecutionView,
  phase: Phase,
  result: { identification?: StoredIdentification; error?: string },
  now = new Date(),
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    identification_id: execution.id,
    ...common(execution, phase, now),
    document_type_code_options: execution.document_type_code_options ?? [],
  };
  if (phase === 'COMPLETED' && result.identification) {
    payload.document_type = result.identification.document_type;
    payload.alternatives = result.identification.alternatives;
  }
  if (phase === 'FAILED') payload.error = result.error ?? 'Identification failed';
  return payload;
}

/** The step payload, every field present (null when it does not apply). */
export function stepPayload(execution: ExecutionView, phase: Phase, now = new Date()): Record<string, unknown> {
  return {
    step_execution_id: execution.id,
    execution_id: execution.id,
    step_id: execution.step_id,
    step_name: execution.step_name,
    ...common(execution, phase, now),
    response_timestamp: phase === 'STARTED' ? null : iso(execution.completed_at ?? now),
    data: phase === 'COMPLETED' ? execution.data : null,
    error: phase === 'FAILED' ? execution.error : null,
    identification: execution.identification,
    validation: execution.validation,
  };
}

/** The hosted service's conversion payload, plus error and validation. */
export function conversionPayload(execution: ExecutionView, phase: Phase, now = new Date()): Record<string, unknown> {
  return {
    conversion_id: execution.id,
    ...common(execution, phase, now),
    document_type_code: execution.document_type_code,
    ...(phase === 'COMPLETED' ? { data: execution.data, validation: execution.validation } : {}),
    ...(phase === 'FAILED' ? { error: execution.error } : {}),
  };
}

/**
 * Writes an event to the outbox. Callers pass the transaction of the state change the event
 * reports, so the two commit together; identity order keeps an execution's events in order.
 * When the organization has an enabled webhook endpoint, the event's delivery and its job are
 * written in the same transaction; otherwise the event is only recorded.
 */
export async function recordEvent(
  db: Db,
  execution: ExecutionView,
  event: EventName,
  payload: Record<string, unknown>,
): Promise<void> {
  await insertEventWithDeliveries(db, {
    organizationId: execution.organization_id,
    executionId: execution.id,
    event,
    payload: JSON.stringify(payload),
  });
}
