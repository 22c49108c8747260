import { Ajv } from 'ajv';
import type { OpenAPIBackend } from 'openapi-backend';
import { loadContract } from '../../src/http/contract.js';

/**
 * Checks a response against the contract: its status must be one the operation documents, its
 * body must match that response's schema, and every response carries x-request-id. Requests
 * that match no operation (404/405) must carry the shared Error shape.
 */
export function contractViolations(
  api: OpenAPIBackend,
  request: { method: string; url: string },
  response: { statusCode: number; headers: Record<string, unknown>; payload: string },
): string[] {
  const problems: string[] = [];
  if (typeof response.headers['x-request-id'] !== 'string') problems.push('missing x-request-id header');
  // The path as sent: the server refuses dot segments rather than resolving them as URL parsing would.
  const path = request.url.split(/[?#]/, 1)[0] ?? '';
  if (request.method.toUpperCase() === 'HEAD') {
    // HEAD answers like GET without a body: check only that GET documents the status.
    const get = api.router.matchOperation({ method: 'get', path, headers: {} });
    if (get && !Object.keys(get.responses ?? {}).includes(String(response.statusCode))) {
      problems.push(`HEAD ${path} answered ${response.statusCode}, which GET does not document`);
    }
    if (response.payload !== '') problems.push('HEAD response has a body');
    return problems;
  }
  const operation = api.router.matchOperation({ method: request.method.toLowerCase(), path, headers: {} });
  const contentType = String(response.headers['content-type'] ?? '');
  const body =
    contentType.includes('application/json') && response.payload ? JSON.parse(response.payload) : response.payload;

  if (!operation) {
    if (!validateErrorBody(body))
      problems.push(`unrouted ${response.statusCode} body: ${JSON.stringify(validateErrorBody.errors)}`);
    return problems;
  }
  const documented = Object.keys(operation.responses ?? {});
  if (!documented.includes(String(response.statusCode)) && !documented.includes('default')) {
    problems.push(
      `${operation.operationId} answered ${response.statusCode}, which the contract does not document (${documented.join(', ')})`,
    );
    return problems;
  }
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  const documentedResponse = operation.responses?.[String(response.statusCode)] as {
    content?: Record<string, unknown>;
  };
  const documentedTypes = Object.keys(documentedResponse?.content ?? {});
  if (!documentedTypes.includes(mediaType)) {
    problems.push(
      `${operation.operationId} ${response.statusCode}: content-type "${contentType}" is not documented (${documentedTypes.join(', ')})`,
    );
    return problems;
  }
  if (mediaType !== 'application/json') return problems;
  const result = api.validateResponse(body, operation, response.statusCode);
  if (result.errors?.length) {
    problems.push(
      `${operation.operationId} ${response.statusCode} body does not match the contract: ${JSON.stringify(result.errors)}`,
    );
  }
  return problems;
}

const validateErrorBody = new Ajv({ strict: false }).compile(
  (loadContract() as unknown as { components: { schemas: { Error: object } } }).components.schemas.Error,
);
