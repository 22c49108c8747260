export const MAX_DOCUMENT_ID_LENGTH = 255;

/**
 * Why a documentId cannot be stored, or null. A documentId is addressed as one URL path segment
 * (`…/documents/{documentId}`); `.` and `..` are path steps to every URL parser (also when sent
 * as `%2e`), so `…/documents/..` would address the knowledge base itself. Every other string is
 * carried safely once percent-encoded.
 */
export function documentIdProblem(documentId: string): string | null {
  if (documentId === '.' || documentId === '..') {
    return `documentId: "${documentId}" cannot be used: URLs read "." and ".." as path steps, so the document could not be addressed; choose another documentId`;
  }
  return null;
}
