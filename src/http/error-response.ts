import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

export interface ErrorResponse {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

interface BoomLike {
  isBoom: true;
  output: { statusCode: number; payload: { message?: string } };
  message: string;
}

function isBoom(error: unknown): error is BoomLike {
  return typeof error === 'object' && error !== null && (error as { isBoom?: unknown }).isBoom === true;
}

/** Messages for the errors hapi raises itself, before a request reaches openapi-backend. */
function describeFrameworkError(status: number, message: string, maxBodyBytes: number): string {
  switch (status) {
    case 400:
      return /JSON/i.test(message) ? 'Malformed JSON in request body' : `Bad request: ${message}`;
    case 413:
      return `Request body is too large (limit ${maxBodyBytes} bytes)`;
    case 415:
      return 'Unsupported Content-Type. Use application/json.';
    case 404:
      return 'Not found';
    default:
      return message;
  }
}

/**
 * The one place an error becomes an HTTP answer. AppErrors carry their status and body;
 * hapi's own 4xx (malformed JSON, too large, wrong media type) are reshaped to `{message}`;
 * anything else is logged and answers a bare 500.
 */
export function toErrorResponse(error: unknown, log: Logger, maxBodyBytes: number): ErrorResponse {
  if (error instanceof AppError) {
    return { status: error.status, body: { message: error.message, ...error.extra } };
  }
  if (isBoom(error) && error.output.statusCode < 500) {
    const status = error.output.statusCode;
    return {
      status,
      body: { message: describeFrameworkError(status, error.output.payload.message ?? error.message, maxBodyBytes) },
    };
  }
  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { message: 'Internal server error' } };
}

/**
 * The `{error, details}` shape the hosted service uses on some operations (knowledge-base bulk
 * upload), made from the usual `{message, errors}` body. Operations opt in with
 * `x-error-shape: error-details` in the contract.
 */
export function toErrorDetailsBody(body: Record<string, unknown>): Record<string, unknown> {
  const { message, errors } = body;
  if (Array.isArray(errors)) {
    return { error: message === 'Validation error' ? 'Invalid request data' : message, details: errors };
  }
  return { error: message };
}
