import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import Hapi from '@hapi/hapi';
import type { OpenAPIBackend } from 'openapi-backend';
import type { Config } from '../config.js';
import { connectionStringOf, type Knex } from '../db/knex.js';
import { NotFoundError } from '../errors.js';
import type { StreamedUpload } from '../intake/multipart-upload.js';
import type { Logger } from '../logger.js';
import { createExecutionWaiter } from '../modules/executions/wait-for-execution.js';
import { cachedAuthenticator } from '../modules/identity/authenticate.js';
import { forgetPrincipalsOnCredentialChanges } from '../modules/identity/credential-changes.js';
import { createPrincipalCache } from '../modules/identity/principal-cache.js';
import { createSearchIndexes } from '../modules/knowledge-bases/search.js';
import { allHandlers } from './all-handlers.js';
import { toErrorDetailsBody, toErrorResponse } from './error-response.js';
import { createMetrics } from './metrics.js';
import { rejectDotSegments } from './reject-dot-segments.js';
import { discardBody, mediaTypeOf, readJsonBody } from './request-body.js';
import { createRouter, uploadPaths } from './router.js';

export interface ServerDependencies {
  readonly config: Config;
  readonly db: Knex;
  readonly logger: Logger;
}

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /** The contract-bound router; tests validate responses with it. */
    api: OpenAPIBackend;
  }
  interface RequestApplicationState {
    requestId: string;
    log: Logger;
    startedAt: number;
  }
}

const UPLOAD_MEDIA_TYPES_MESSAGE = 'Unsupported Content-Type. Use multipart/form-data or application/json.';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Smaller answers go uncompressed: under a few kilobytes (a status with its result, a page of
 * a list) gzip saves less time on the wire than a compressor costs to set up per response.
 */
export const COMPRESSION_MIN_BYTES = 4096;

/** JSON bodies may carry a base64 document, which is a third larger than the document itself. */
export function maxJsonBodyBytes(config: Config): number {
  return Math.ceil((config.maxUploadBytes * 4) / 3) + 64 * 1024;
}

/**
 * A parsed JSON body as openapi-backend takes it: a JSON string literal re-encoded, because
 * openapi-backend JSON-parses string bodies a second time.
 */
function forOpenApi(body: unknown): unknown {
  return typeof body === 'string' ? JSON.stringify(body) : body;
}

/**
 * Whether the operation a request is routed to takes a JSON body. Every other operation
 * ignores a body and its Content-Type (a DELETE sent with `{}` by a generic client works).
 */
function takesJsonBody(api: OpenAPIBackend, request: Hapi.Request): boolean {
  const method = request.method === 'head' ? 'get' : request.method;
  const operation = api.router.matchOperation({ method, path: request.path, headers: {} });
  const content = (operation?.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
  return content?.['application/json'] !== undefined;
}

/**
 * hapi answers 400 for a path whose percent-encoding does not decode; no resource has such a
 * path, so it is the 404 of any other unknown path.
 */
function isUndecodablePath(request: Hapi.Request): boolean {
  try {
    decodeURIComponent(request.url.pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The error body for a request: `{message, errors}`, unless its operation asks for `{error, details}`.
 * `path` is the one the operation is matched on: the raw request path for a request refused
 * before routing (hapi's own path has its dot segments resolved away).
 */
function errorBodyFor(api: OpenAPIBackend, request: Hapi.Request, body: Record<string, unknown>, path = request.path) {
  const method = request.method === 'head' ? 'get' : request.method;
  const operation = api.router.matchOperation({ method, path, headers: {} }) as
    | { 'x-error-shape'?: string }
    | undefined;
  return operation?.['x-error-shape'] === 'error-details' ? toErrorDetailsBody(body) : body;
}

/**
 * Builds the hapi server (not started, so tests can `inject`). Every request goes to one
 * catch-all route that hands it to openapi-backend, which routes by the contract.
 */
export async function createServer({ config, db, logger }: ServerDependencies): Promise<Hapi.Server> {
  const metrics = createMetrics(db);
  const waiter = createExecutionWaiter(db, connectionStringOf(db), logger.child({ component: 'execution-waiter' }));
  const principals = createPrincipalCache({ ttlMs: config.authCacheMs });
  const stopForgetting =
    config.authCacheMs > 0
      ? await forgetPrincipalsOnCredentialChanges(
          connectionStringOf(db),
          principals,
          logger.child({ component: 'credential-changes' }),
        )
      : null;
  const router = await createRouter(
    db,
    allHandlers(db, metrics, config, waiter, createSearchIndexes()),
    config.authCacheMs > 0 ? cachedAuthenticator(db, principals) : undefined,
  );
  const maxBodyBytes = maxJsonBodyBytes(config);
  const server = Hapi.server({
    port: config.port,
    host: config.host,
    router: { stripTrailingSlash: true },
    compression: { minBytes: COMPRESSION_MIN_BYTES },
    // An event stream must reach the client message by message; gzip would hold it until the end.
    mime: { override: { 'text/event-stream': { source: 'iana', compressible: false } } },
  });
  server.app.api = router.api;
  server.ext('onPostStop', () => waiter.close());
  server.ext('onPostStop', async () => {
    await stopForgetting?.();
  });

  server.ext('onRequest', (request, h) => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    request.app.requestId = requestId;
    request.app.log = logger.child({ requestId });
    request.app.startedAt = performance.now();
    const rawUrl = request.raw.req.url ?? '';
    try {
      rejectDotSegments(rawUrl);
    } catch (error) {
      const { status, body } = toErrorResponse(error, request.app.log, maxBodyBytes);
      const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
      return h
        .response(errorBodyFor(router.api, request, body, rawPath))
        .code(status)
        .takeover();
    }
    return h.continue;
  });

  /** Routes the request through the contract and turns the handler's result (or error) into the answer. */
  const dispatch = async (request: Hapi.Request, h: Hapi.ResponseToolkit, body: unknown, upload?: StreamedUpload) => {
    const { requestId, log } = request.app;
    try {
      const result = await router.handle(
        {
          method: request.method,
          path: request.path,
          query: request.query as Record<string, string | string[]>,
          headers: request.headers as Record<string, string | string[]>,
          body,
        },
        { log, requestId, upload },
      );
      // A Readable body (an event stream) is passed through as it is written.
      const response = h.response(result.body as object).code(result.status);
      for (const [name, value] of Object.entries(result.headers ?? {})) response.header(name, value);
      return response;
    } catch (error) {
      return answerError(request, h, error);
    }
  };

  const answerError = (request: Hapi.Request, h: Hapi.ResponseToolkit, error: unknown) => {
    const { status, body } = toErrorResponse(error, request.app.log, maxBodyBytes);
    return h.response(errorBodyFor(router.api, request, body)).code(status);
  };

  server.route({
    method: '*',
    path: '/{path*}',
    options: {
      // Read here, after routing: only operations that take a body read one (with the limit).
      payload: {
        parse: false,
        output: 'stream',
        maxBytes: Number.MAX_SAFE_INTEGER,
        // hapi refuses a Content-Type it cannot parse (`;`, multipart without a boundary) even
        // unparsed: that matters only to an operation that reads the body.
        failAction: (request, h, error) => {
          if (takesJsonBody(router.api, request)) throw error;
          return h.continue;
        },
      },
    },
    handler: async (request, h) => {
      const stream = request.payload as Readable | null;
      if (!takesJsonBody(router.api, request)) {
        discardBody(stream);
        return dispatch(request, h, undefined);
      }
      try {
        const body = stream ? await readJsonBody(stream, request.headers, maxBodyBytes) : undefined;
        return await dispatch(request, h, forOpenApi(body));
      } catch (error) {
        return answerError(request, h, error);
      }
    },
  });

  // Document uploads take their body as a stream: multipart is streamed into storage by the
  // handler (after authentication), JSON is read here with the usual limit.
  for (const path of uploadPaths(router.api)) {
    server.route({
      method: 'POST',
      path,
      options: { payload: { parse: false, output: 'stream', maxBytes: maxBodyBytes, failAction: 'error' } },
      handler: async (request, h) => {
        const stream = request.payload as Readable;
        const contentType = String(request.headers['content-type'] ?? '');
        try {
          if (mediaTypeOf(contentType) === 'multipart/form-data') {
            const response = await dispatch(request, h, undefined, { stream, contentType });
            // A refused upload may not have been read to its end: close rather than read the rest.
            if (response.statusCode >= 400) response.header('connection', 'close');
            return response;
          }
          const body = await readJsonBody(stream, request.headers, maxBodyBytes, UPLOAD_MEDIA_TYPES_MESSAGE);
          return await dispatch(request, h, forOpenApi(body));
        } catch (error) {
          const { status, body } = toErrorResponse(error, request.app.log, maxBodyBytes);
          return h.response(body).code(status);
        }
      },
    });
  }

  // hapi's own errors (malformed JSON, 413, 415) never reach the route: give them the same body.
  server.ext('onPreResponse', (request, h) => {
    const { response } = request;
    const log = request.app.log ?? logger;
    if ('isBoom' in response && response.isBoom) {
      const error = isUndecodablePath(request)
        ? new NotFoundError(
            `No route for ${request.method.toUpperCase()} ${request.url.pathname}: the path is not valid percent-encoding`,
          )
        : response;
      const { status, body } = toErrorResponse(error, log, maxBodyBytes);
      return h
        .response(errorBodyFor(router.api, request, body))
        .code(status)
        .header('x-request-id', request.app.requestId ?? randomUUID());
    }
    (response as Hapi.ResponseObject).header('x-request-id', request.app.requestId);
    return h.continue;
  });

  server.events.on('response', (request) => {
    const status = 'statusCode' in request.response ? request.response.statusCode : 0;
    const ms = performance.now() - request.app.startedAt;
    const method = request.method === 'head' ? 'get' : request.method;
    const operation = router.api.router.matchOperation({ method, path: request.path, headers: {} });
    metrics.observeRequest(operation?.operationId ?? 'unrouted', request.method, status, ms / 1000);
    request.app.log?.info({ method: request.method, path: request.path, status, ms: Math.round(ms) }, 'request');
  });

  return server;
}
