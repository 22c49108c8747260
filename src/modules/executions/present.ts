import type { ExecutionKind, ExecutionView } from './repository.js';

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
export function extractionEvidence(execution: ExecutionView) {
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

/** The fields every status body carries (spec 2.5 plus PRODUCT.md 5), null when they do not apply. */
function statusFields(execution: ExecutionView, origin: string) {
  return {
    id: execution.id,
    execution_id: execution.id,
    conversion_id: execution.id,
    status: execution.status,
    status_url: statusUrl(origin, execution.kind, execution.id),
    data: execution.status === 'SUCCESS' ? ((execution.data as Record<string, unknown> | null) ?? null) : null,
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

export function presentStepStatus(execution: ExecutionView, origin: string) {
  return { ...statusFields(execution, origin), document_type_code: execution.document_type_code };
}

export function presentIdentificationStatus(execution: ExecutionView, origin: string) {
  const identification = execution.identification;
  return {
    ...statusFields(execution, origin),
    identification_id: execution.id,
    document_type_code_options: execution.document_type_code_options ?? [],
    document_type: identification?.document_type ?? null,
    alternatives: identification?.alternatives ?? null,
  };
}

export function presentConversionStatus(execution: ExecutionView, origin: string) {
  return { ...statusFields(execution, origin), document_type_code: execution.document_type_code ?? '' };
}
