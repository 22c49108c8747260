import type { Config } from '../../config.js';
import { isUuid } from '../../db/ids.js';
import type { Knex } from '../../db/knex.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { type HandlerContext, type HandlerMap, ok, principalOf } from '../../http/handler-types.js';
import type { DocumentStorage } from '../../storage/document-storage.js';
import { type IntakeRules, submitDocument } from './intake.js';
import { convertRules, identifyRules, stepRules } from './kind-rules.js';
import {
  extractionEvidence,
  presentConversionStatus,
  presentIdentificationStatus,
  presentStepStatus,
  statusUrl,
} from './present.js';
import { countSuccessfulExecutions, type ExecutionKind, type ExecutionView, findExecutionView } from './repository.js';
import type { ExecutionWaiter } from './wait-for-execution.js';

/** How long POST /api/identify and /api/convert wait for their result before answering 504. */
export const SYNC_WAIT_MS = 5 * 60_000;

const NOT_FOUND: Record<ExecutionKind, string> = {
  step: 'Execution not found',
  identify: 'Identification not found',
  convert: 'Conversion not found',
};

/** The origin the client called, for absolute status URLs (a proxy's X-Forwarded-* wins). */
function requestOrigin(context: HandlerContext): string {
  const header = (name: string) => {
    const value = context.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  };
  const protocol = header('x-forwarded-proto') ?? 'http';
  const host = header('x-forwarded-host') ?? header('host') ?? 'localhost';
  return `${protocol}://${host}`;
}

export interface ExecutionHandlerDependencies {
  readonly knex: Knex;
  readonly config: Config;
  readonly storage: DocumentStorage;
  readonly waiter: ExecutionWaiter;
}

export function executionHandlers(deps: ExecutionHandlerDependencies): HandlerMap {
  const { knex } = deps;
  const submit = (context: HandlerContext, rules: IntakeRules, callerWaits = false) =>
    submitDocument(
      deps,
      { body: context.body, upload: context.upload, organizationId: principalOf(context).organizationId, callerWaits },
      rules,
    );

  const findStatus = async (context: HandlerContext, kind: ExecutionKind, param: string) => {
    const id = context.params[param] as string;
    const execution = isUuid(id)
      ? await findExecutionView(knex, principalOf(context).organizationId, kind, id)
      : undefined;
    if (!execution) throw new NotFoundError(NOT_FOUND[kind]);
    return execution;
  };

  /** Waits for a synchronous request's execution: its result, a 422 with the reason, or a 504. */
  const finished = async (context: HandlerContext, submitted: ExecutionView) => {
    const execution = await deps.waiter.wait(submitted.organization_id, submitted.kind, submitted.id, SYNC_WAIT_MS);
    if (execution.status === 'ERROR') {
      const error = execution.error ?? 'Processing failed';
      return {
        execution,
        failure: { status: 422, body: { message: error, id: execution.id, status: 'ERROR', error } },
      };
    }
    if (execution.status !== 'SUCCESS') {
      const body = {
        message: `The result is not ready after ${SYNC_WAIT_MS / 1000} s; the work goes on: poll status_url`,
        id: execution.id,
        status: execution.status,
        status_url: statusUrl(requestOrigin(context), execution.kind, execution.id),
      };
      return { execution, failure: { status: 504, body } };
    }
    return { execution, failure: null };
  };

  return {
    executeStepAsync: async (context) => {
      const execution = await submit(context, stepRules(principalOf(context), context.params.stepId as string));
      return ok(
        {
          id: execution.id,
          execution_id: execution.id,
          status: 'ENQUEUED',
          step_id: execution.step_id,
          step_name: execution.step_name,
          status_url: statusUrl(requestOrigin(context), 'step', execution.id),
        },
        202,
      );
    },
    getStepExecutionStatus: async (context) =>
      ok(presentStepStatus(await findStatus(context, 'step', 'executionId'), requestOrigin(context))),

    identifyDocumentAsync: async (context) => {
      const execution = await submit(context, identifyRules(knex, principalOf(context)));
      return ok(
        {
          id: execution.id,
          identification_id: execution.id,
          status: 'ENQUEUED',
          status_url: statusUrl(requestOrigin(context), 'identify', execution.id),
          document_type_code_options: execution.document_type_code_options ?? [],
        },
        202,
      );
    },
    identifyDocument: async (context) => {
      const { execution, failure } = await finished(
        context,
        await submit(context, identifyRules(knex, principalOf(context)), true),
      );
      if (failure) return ok(failure.body, failure.status);
      const identification = execution.identification;
      if (!identification) throw new Error(`identification ${execution.id} succeeded without a result`);
      return ok({
        identification_id: execution.id,
        status: 'SUCCESS',
        document_type: identification.document_type,
        alternatives: identification.alternatives,
      });
    },
    getIdentificationStatus: async (context) =>
      ok(presentIdentificationStatus(await findStatus(context, 'identify', 'id'), requestOrigin(context))),

    convertDocumentAsync: async (context) => {
      const execution = await submit(context, convertRules(knex, principalOf(context)));
      return ok(
        {
          id: execution.id,
          conversion_id: execution.id,
          status: 'ENQUEUED',
          status_url: statusUrl(requestOrigin(context), 'convert', execution.id),
          document_type_code: execution.document_type_code,
        },
        202,
      );
    },
    convertDocument: async (context) => {
      const { execution, failure } = await finished(
        context,
        await submit(context, convertRules(knex, principalOf(context)), true),
      );
      if (failure) return ok(failure.body, failure.status);
      return ok({
        data: execution.data ?? {},
        conversion_id: execution.id,
        status: 'SUCCESS',
        document_type_code: execution.document_type_code,
        validation: execution.validation,
        extraction: extractionEvidence(execution),
      });
    },
    getMonthlyUsage: async (context) => {
      const { year, month } = context.query as { year?: number; month?: number };
      if ((year === undefined) !== (month === undefined)) {
        throw new ValidationError(['query: year and month must be sent together']);
      }
      const now = new Date();
      const y = year ?? now.getUTCFullYear();
      const m = month ?? now.getUTCMonth() + 1;
      const counts = await countSuccessfulExecutions(
        knex,
        principalOf(context).organizationId,
        new Date(Date.UTC(y, m - 1, 1)),
        new Date(Date.UTC(y, m, 1)),
      );
      return ok({ year: y, month: m, successful_pages: counts.pages, successful_conversions: counts.executions });
    },
    getConversionStatus: async (context) =>
      ok(presentConversionStatus(await findStatus(context, 'convert', 'id'), requestOrigin(context))),
  };
}
