import { ValidationError } from '../errors.js';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      const found = findNul(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000; refuse it at the edge with a 400 naming the
 * field, instead of letting the database fail the request with a 500.
 */
export function rejectNulCharacters(query: unknown, body: unknown): void {
  const inQuery = findNul(query, 'query');
  const inBody = inQuery === null ? findNul(body, '') : null;
  const where = inQuery ?? inBody;
  if (where !== null) throw nulError(where || 'body');
}

function nulError(where: string): ValidationError {
  return new ValidationError([`${where}: must not contain the NUL character (\\u0000)`]);
}

/** The same for the path parameters of the matched operation, named `path.<name>`. */
export function rejectNulInPath(params: Record<string, string>): void {
  const where = findNul(params, 'path');
  if (where !== null) throw nulError(where);
}
