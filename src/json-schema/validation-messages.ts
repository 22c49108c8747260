import type { ErrorObject } from 'ajv';

/** `/items/0/price` -> `items[0].price`; the empty pointer is the document itself. */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token), '');
}

function joinPath(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

/**
 * One readable line per ajv error, naming the field: `total: must be number`,
 * `customer.name: is required`. `rootName` names the document itself (e.g. `body`).
 */
export function describeAjvError(error: ErrorObject, rootName = '(root)'): string {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${joinPath(path, String(params.missingProperty))}: is required`;
    case 'additionalProperties':
      return `${joinPath(path, String(params.additionalProperty))}: is not allowed`;
    case 'enum':
      return `${path || rootName}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${path || rootName}: must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${path || rootName}: ${error.message ?? 'is invalid'}`;
  }
}

/** Messages for a list of ajv errors, without repeats (ajv can report one problem per branch). */
export function describeAjvErrors(errors: readonly ErrorObject[] | null | undefined, rootName?: string): string[] {
  return [...new Set((errors ?? []).map((error) => describeAjvError(error, rootName)))];
}
