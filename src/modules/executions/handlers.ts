import type { components } from '../../../generated/openapi.js';
import type { Config } from '../../config.js';
import { isUuid } from '../../db/ids.js';
import type { Knex } from '../../db/knex.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import {
  accepted,
  type HandlerContext,
  type HandlerMap,
  type OperationId,
  ok,
  principalOf,
  type Reply,
  respond,
} from '../../http/handler-types.js';
import type { DocumentStorage } from '../../storage/document-storage.js';
import type { Principal } from '../identity/principal.js';
import { type IntakeRules, submitDocument } from './intake.js';
import { convertRules, identifyRules, stepRules } from './kind-rules.js';
import {
  presentConversionAccepted,
  presentConversionOutcome,
  presentConversionStatus,
  presentIdentificationAccepted,
  presentIdentificationOutcome,
  presentIdentificationStatus,
  presentStepAccepted,
  presentStepStatus,
  statusUrl,
} from './present.js';
import { countSuccessfulExecutions, type ExecutionKind, type ExecutionView, findExecutionView } from './repository.js';
import type { ExecutionWaiter } from './wait-for-execution.js';

type JsonResponses = components['responses'];
type ProcessingFailed = JsonResponses['ProcessingFailed']['content']['application/json'];
type StillProcessing = JsonResponses['StillProcessing']['content']['application/json'];

/** How long POST /api/identify and /api/convert wait for their result before answering 504. */
export const SYNC_WAIT_MS = 5 * 60_000;

const NOT_FOUND: Record<ExecutionKind, string> = {
  step: 'Execution not found',
  identify: 'Identification not found',
  convert: 'Conversion not found',
};

/** The origin the client called, for absolute status URLs (a proxy's X-Forwarded-* wins). */
function requestOrigin(context: Pick<HandlerContext<OperationId>, 'headers'>): string {
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
  /** The parts of an upload operation's request that intake reads (the JSON body is checked there, field by field). */
  type Submission = Pick<HandlerContext<OperationId>, 'upload' | 'principal'> & { readonly body: unknown };
  const submit = (context: Submission, rules: IntakeRules, callerWaits = false) =>
    submitDocument(
      deps,
      { body: context.body, upload: context.upload, organizationId: principalOf(context).organizationId, callerWaits },
      rules,
    );

  const findStatus = async (principal: Principal, kind: ExecutionKind, id: string) => {
    const execution = isUuid(id) ? await findExecutionView(knex, principal.organizationId, kind, id) : undefined;
    if (!execution) throw new NotFoundError(NOT_FOUND[kind]);
    return execution;
  };

  /** Waits for a synchronous request's execution: its result, a 422 with the reason, or a 504. */
  const finished = async (
    context: Pick<HandlerContext<OperationId>, 'headers'>,
    submitted: ExecutionView,
  ): Promise<{
    execution: ExecutionView;
    failure: Reply<422, ProcessingFailed> | Reply<504, StillProcessing> | null;
  }> => {
    const execution = await deps.waiter.wait(submitted.organization_id, submitted.kind, submitted.id, SYNC_WAIT_MS);
    if (execution.status === 'ERROR') {
      const error = execution.error ?? 'Processing failed';
      return { execution, failure: respond(422, { message: error, id: execution.id, status: 'ERROR', error }) };
    }
    if (execution.status !== 'SUCCESS') {
      const body = {
        message: `The result is not ready after ${SYNC_WAIT_MS / 1000} s; the work goes on: poll status_url`,
        id: execution.id,
        status: execution.status,
        status_url: statusUrl(requestOrigin(context), execution.kind, execution.id),
      };
      return { execution, failure: respond(504, body) };
    }
    return { execution, failure: null };
  };

  return {
    executeStepAsync: async (context) => {
      const execution = await submit(context, stepRules(principalOf(context), context.params.stepId));
      return accepted(presentStepAccepted(execution, requestOrigin(context)));
    },
    getStepExecutionStatus: async (context) =>
      ok(
        presentStepStatus(
          await findStatus(principalOf(context), 'step', context.params.executionId),
          requestOrigin(context),
        ),
      ),

    identifyDocumentAsync: async (context) => {
      const execution = await submit(context, identifyRules(knex, principalOf(context)));
      return accepted(presentIdentificationAccepted(execution, requestOrigin(context)));
    },
    identifyDocument: async (context) => {
      const { execution, failure } = await finished(
        context,
        await submit(context, identifyRules(knex, principalOf(context)), true),
      );
      return failure ?? ok(presentIdentificationOutcome(execution));
    },
    getIdentificationStatus: async (context) =>
      ok(
        presentIdentificationStatus(
          await findStatus(principalOf(context), 'identify', context.params.id),
          requestOrigin(context),
        ),
      ),

    convertDocumentAsync: async (context) => {
      const execution = await submit(context, convertRules(knex, principalOf(context)));
      return accepted(presentConversionAccepted(execution, requestOrigin(context)));
    },
    convertDocument: async (context) => {
      const { execution, failure } = await finished(
        context,
        await submit(context, convertRules(knex, principalOf(context)), true),
      );
      return failure ?? ok(presentConversionOutcome(execution));
    },
    getMonthlyUsage: async (context) => {
      const { year, month } = context.query;
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
      ok(
        presentConversionStatus(
          await findStatus(principalOf(context), 'convert', context.params.id),
          requestOrigin(context),
        ),
      ),
  };
}
