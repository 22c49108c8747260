import { BadRequestError } from '../errors.js';

/** `.` or `..`, spelled out or percent-encoded (`%2e`, `.%2E`…). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Refuses a request whose path has a `.` or `..` segment. URL parsing (the server's and every
 * WHATWG client's) resolves them away, so `DELETE …/documents/%2e%2e` would reach
 * `DELETE /api/knowledge-bases/{id}`; checked on the raw request line, before anything parses it.
 */
export function rejectDotSegments(rawUrl: string): void {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (path.split(/[/\\]/).some((segment) => DOT_SEGMENT.test(segment))) {
    throw new BadRequestError(
      'The path has a "." or ".." segment (also when percent-encoded), which URLs resolve as steps up the path; no resource is addressed this way',
    );
  }
}
