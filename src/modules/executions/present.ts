import type { components } from '../../../generated/openapi.js';
import type { ExecutionKind, ExecutionView } from './repository.js';

type Schemas = components['schemas'];

const STATUS_PATHS: Record<ExecutionKind, string> = {
  step: '/api/steps-async/status/',
  identify: '/api/identify-async/status/',
  convert: '/api/convert-async/status/',
};

/** The absolute status URL of an execution, on the origin the client called. */
export function statusUrl(origin: string, kind: ExecutionKind, id: string): string {
  return `${origin}${STATUS_PATHS[kind]}${id}`;
}

/** The engine and per-field evidence of a successful extraction; null otherwise. */
export function extractionEvidence(execution: ExecutionView): Schemas['ExtractionEvidence'] | null {
  if (execution.status !== 'SUCCESS' || execution.extraction_engine === null) return null;
  return { engine: execution.extraction_engine, fields: execution.extracted_fields ?? [] };
}

/**
 * What retention has deleted of an execution, said in words; absent while nothing expired, so
 * status bodies of executions under no retention policy stay as they were.
 */
function contentExpired(execution: ExecutionView) {
  const document = execution.document_expired_at;
  const results = execution.results_expired_at;
  if (document === null && results === null) return {};
  const parts = [
    document && `its document was deleted on ${document.toISOString()}`,
    results && `its results were deleted on ${results.toISOString()}`,
  ].filter(Boolean);
  return {
    content_expired: {
      document_deleted_at: document?.toISOString() ?? null,
      results_deleted_at: results?.toISOString() ?? null,
      message: `This execution's content has expired: ${parts.join(' and ')}, under the organization's retention policy`,
    },
  };
}

/** The fields every status body carries, null when they do not apply. */
function statusFields(execution: ExecutionView, origin: string): Schemas['ExecutionStatusFields'] {
  return {
    id: execution.id,
    execution_id: execution.id,
    conversion_id: execution.id,
    status: execution.status,
    status_url: statusUrl(origin, execution.kind, execution.id),
    data: execution.status === 'SUCCESS' ? execution.data : null,
    error: execution.error,
    original_filename: execution.original_filename,
    document_metadata: execution.document_metadata,
    request_timestamp: execution.created_at.toISOString(),
    response_timestamp: execution.completed_at?.toISOString() ?? null,
    step_id: execution.step_id,
    step_name: execution.step_name,
    identification: execution.kind === 'step' ? execution.identification : null,
    validation: execution.validation,
    extraction: extractionEvidence(execution),
    ...contentExpired(execution),
  };
}

export function presentStepStatus(execution: ExecutionView, origin: string): Schemas['StepExecutionStatus'] {
  return { ...statusFields(execution, origin), document_type_code: execution.document_type_code };
}

export function presentIdentificationStatus(execution: ExecutionView, origin: string): Schemas['IdentificationStatus'] {
  const identification = execution.identification;
  return {
    ...statusFields(execution, origin),
    identification_id: execution.id,
    document_type_code_options: execution.document_type_code_options ?? [],
    document_type: identification?.document_type ?? null,
    alternatives: identification?.alternatives ?? null,
  };
}

export function presentConversionStatus(execution: ExecutionView, origin: string): Schemas['ConversionStatus'] {
  return { ...statusFields(execution, origin), document_type_code: execution.document_type_code ?? '' };
}

/** A broken invariant of a stored execution: a 500, never a body that breaks the contract. */
function missing(execution: ExecutionView, what: string): Error {
  return new Error(`${execution.kind} execution ${execution.id} has no ${what}`);
}

/** The answer to an accepted step run; the execution was created for a step, so it names one. */
export function presentStepAccepted(execution: ExecutionView, origin: string): Schemas['StepExecutionAccepted'] {
  if (execution.step_id === null || execution.step_name === null) throw missing(execution, 'step');
  return {
    id: execution.id,
    execution_id: execution.id,
    status: 'ENQUEUED',
    step_id: execution.step_id,
    step_name: execution.step_name,
    status_url: statusUrl(origin, 'step', execution.id),
  };
}

export function presentIdentificationAccepted(
  execution: ExecutionView,
  origin: string,
): Schemas['IdentificationAccepted'] {
  return {
    id: execution.id,
    identification_id: execution.id,
    status: 'ENQUEUED',
    status_url: statusUrl(origin, 'identify', execution.id),
    document_type_code_options: execution.document_type_code_options ?? [],
  };
}

/** The answer to an accepted conversion; intake refuses one without a document type code. */
export function presentConversionAccepted(execution: ExecutionView, origin: string): Schemas['ConversionAccepted'] {
  if (execution.document_type_code === null) throw missing(execution, 'document type code');
  return {
    id: execution.id,
    conversion_id: execution.id,
    status: 'ENQUEUED',
    status_url: statusUrl(origin, 'convert', execution.id),
    document_type_code: execution.document_type_code,
  };
}

/** A successful identification's result; a success always stores its identification. */
export function presentIdentificationOutcome(execution: ExecutionView): Schemas['IdentificationOutcome'] {
  const identification = execution.identification;
  if (!identification) throw new Error(`identification ${execution.id} succeeded without a result`);
  return {
    identification_id: execution.id,
    status: 'SUCCESS',
    document_type: identification.document_type,
    alternatives: identification.alternatives,
  };
}

/** A successful conversion's result; a success always stores its type, validation and evidence. */
export function presentConversionOutcome(execution: ExecutionView): Schemas['ConversionOutcome'] {
  const extraction = extractionEvidence(execution);
  if (execution.document_type_code === null) throw missing(execution, 'document type code');
  if (execution.validation === null) throw missing(execution, 'validation');
  if (extraction === null) throw missing(execution, 'extraction evidence');
  return {
    data: execution.data ?? {},
    conversion_id: execution.id,
    status: 'SUCCESS',
    document_type_code: execution.document_type_code,
    validation: execution.validation,
    extraction,
  };
}
