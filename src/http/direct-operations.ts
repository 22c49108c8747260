import type { Operation } from 'openapi-backend';

/** `{name}` in an OpenAPI path template. */
const TEMPLATE_PARAMETER = /\{([^}]+)\}/g;

/** A parameter as the contract writes it: itself, or a `$ref` into the components. */
type ParameterLike = { $ref?: string; in?: string; schema?: unknown };

function resolved(document: Record<string, unknown>, parameter: ParameterLike): ParameterLike | undefined {
  if (parameter.$ref === undefined) return parameter;
  if (!parameter.$ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const key of parameter.$ref.slice(2).split('/')) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node as ParameterLike | undefined;
}

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
  /** The path parameters of a path the operation matched, decoded as openapi-backend decodes them. */
  params(path: string): Record<string, string> | null;
}

/**
 * The operations whose requests, sent without a query string, have nothing to validate or
 * fill in: GETs without a body or query, header or cookie parameters, whose path parameters are
 * any string, under the bearer scheme alone. Such a request can go straight to its handler
 * after authentication (a status poll), skipping openapi-backend's parsing and validation,
 * which would accept it unchanged; the answer is the same. Keyed by operationId.
 */
export function directOperations(
  operations: readonly Operation[],
  document: Record<string, unknown>,
): Map<string, DirectOperation> {
  const direct = new Map<string, DirectOperation>();
  for (const operation of operations) {
    if (operation.method !== 'get' || operation.requestBody !== undefined || !operation.operationId) continue;
    const security = (operation.security ?? []) as Record<string, unknown>[];
    if (security.length !== 1 || Object.keys(security[0] as object).join() !== 'bearerAuth') continue;
    const parameters = ((operation.parameters ?? []) as ParameterLike[]).map((parameter) =>
      resolved(document, parameter),
    );
    if (!parameters.every((parameter) => parameter?.in === 'path' && isAnyString(parameter.schema))) continue;
    const names = [...operation.path.matchAll(TEMPLATE_PARAMETER)].map((match) => match[1] as string);
    const pattern = new RegExp(
      `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(TEMPLATE_PARAMETER, '([^/]*)')}$`,
    );
    direct.set(operation.operationId, {
      operation,
      params(path) {
        const match = pattern.exec(path);
        if (!match) return null;
        const params: Record<string, string> = {};
        names.forEach((name, index) => {
          params[name] = decodeURIComponent(match[index + 1] as string);
        });
        return params;
      },
    });
  }
  return direct;
}
