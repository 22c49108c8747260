import type { operations } from '../../generated/openapi.js';
import type { Logger } from '../logger.js';
import type { Principal } from '../modules/identity/principal.js';
import type { StreamedUpload } from './router.js';

export type OperationId = keyof operations;

/** What a handler sees: the request as openapi-backend parsed and validated it. */
export interface HandlerContext {
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly headers: Record<string, string | string[] | undefined>;
  /** Set on every operation with security; null only on the public ones. */
  readonly principal: Principal | null;
  /** The unread multipart body of a document upload (operations marked x-quire-upload); else null. */
  readonly upload: StreamedUpload | null;
  readonly log: Logger;
  readonly requestId: string;
}

export interface HandlerResult {
  readonly status: number;
  /** A JSON value, or a Node Readable streamed as it is written (e.g. text/event-stream). */
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

export type Handler = (context: HandlerContext) => Promise<HandlerResult>;

/** Handlers of one resource, keyed by operationId from the contract. */
export type HandlerMap = Partial<Record<OperationId, Handler>>;

export function ok(body: unknown, status = 200): HandlerResult {
  return { status, body };
}

/** The principal of a secured operation (openapi-backend has already refused anonymous calls). */
export function principalOf(context: HandlerContext): Principal {
  if (context.principal === null) throw new Error('principalOf called on an operation without security');
  return context.principal;
}
