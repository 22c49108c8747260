import type { Operation } from 'openapi-backend';

/** `{name}` in an OpenAPI path template. */
const TEMPLATE_PARAMETER = /\{([^}]+)\}/g;

/** A parameter of a dereferenced document (openapi-backend's `api.definition` after init). */
type Parameter = { in?: string; schema?: unknown };

/** A schema that every string meets: `{type: string}` and nothing else. */
function isAnyString(schema: unknown): boolean {
  return (
    schema !== null &&
    typeof schema === 'object' &&
    Object.keys(schema).length === 1 &&
    (schema as { type?: unknown }).type === 'string'
  );
}

/** An operation whose requests need no validation, and the reading of its path parameters. */
export interface DirectOperation {
  readonly operation: Operation;
  /**
   * The path parameters from the values a match read (OperationMatch.pathValues), decoded as
   * openapi-backend decodes them; throws URIError for a value that does not decode.
   */
  params(pathValues: readonly string[]): Record<string, string>;
}

/**
 * The operations whose requests, sent without a query string, have nothing to validate or
 * fill in: GETs without a body or query, header or cookie parameters, whose path parameters are
 * any string, under the bearer scheme alone. Such a request can go straight to its handler
 * after authentication (a status poll), skipping openapi-backend's parsing and validation,
 * which would accept it unchanged; the answer is the same. Keyed by operationId. The
 * operations are those of a dereferenced document (no `$ref` left in their parameters).
 */
export function directOperations(operations: readonly Operation[]): Map<string, DirectOperation> {
  const direct = new Map<string, DirectOperation>();
  for (const operation of operations) {
    if (operation.method !== 'get' || operation.requestBody !== undefined || !operation.operationId) continue;
    const security = (operation.security ?? []) as Record<string, unknown>[];
    if (security.length !== 1 || Object.keys(security[0] as object).join() !== 'bearerAuth') continue;
    const parameters = (operation.parameters ?? []) as Parameter[];
    if (!parameters.every((parameter) => parameter.in === 'path' && isAnyString(parameter.schema))) continue;
    const names = [...operation.path.matchAll(TEMPLATE_PARAMETER)].map((match) => match[1] as string);
    direct.set(operation.operationId, {
      operation,
      params(pathValues) {
        const params: Record<string, string> = {};
        names.forEach((name, index) => {
          params[name] = decodeURIComponent(pathValues[index] ?? '');
        });
        return params;
      },
    });
  }
  return direct;
}
