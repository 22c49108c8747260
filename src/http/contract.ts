import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, { operationId?: string } | unknown>>;
};

const CONTRACT_URL = new URL('../../openapi/openapi.yaml', import.meta.url);

let cached: OpenApiDocument | undefined;

/** openapi/openapi.yaml parsed once per process: the source of truth for routing and validation. */
export function loadContract(): OpenApiDocument {
  cached ??= parse(readFileSync(CONTRACT_URL, 'utf8')) as OpenApiDocument;
  // A deep copy per caller: openapi-backend dereferences the document in place.
  return structuredClone(cached);
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operationId the contract declares. */
export function contractOperationIds(document: OpenApiDocument): string[] {
  const ids: string[] = [];
  for (const pathItem of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const operationId = (operation as { operationId?: string }).operationId;
      if (operationId) ids.push(operationId);
    }
  }
  return ids;
}
