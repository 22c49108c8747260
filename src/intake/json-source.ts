import { ValidationError } from '../errors.js';
import { fileTooLarge } from '../storage/document-storage.js';
import { normaliseContentType, readContentType } from './document-fields.js';

export type JsonDocumentSource =
  | { kind: 'base64'; bytes: Buffer; contentType: string | null }
  | { kind: 'url'; url: URL; contentType: string | null };

/** Both spellings are on the wire: the SDKs send `image_*`, the docs also show the short names. */
const SOURCE_FIELDS = ['url', 'image_url', 'base64', 'image_base64'] as const;

// Standard alphabet; padding optional, but only at the end and never more than two.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// data:[<media type>][;<parameter>]*[;base64],<data>
const DATA_URI = /^data:([^,]*?),/i;

/** The source fields (url, base64 and their aliases) a submission's fields carry. */
export function sourceFieldsSent(fields: Record<string, unknown>): string[] {
  return SOURCE_FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== null);
}

/**
 * Exactly one source per submission, whatever the encoding: a multipart file part counts as
 * one (`file` or `image`), and so does each of the JSON source fields. The 400 names them all.
 */
export function assertOneSource(sent: readonly string[]): void {
  if (sent.length === 1) return;
  const problem = sent.length === 0 ? 'none was sent' : `got ${sent.join(' and ')}`;
  throw new ValidationError([
    `Send exactly one document source: a file part, url, image_url, base64 or image_base64 (${problem})`,
  ]);
}

/**
 * The document source of a JSON submission: exactly one of url|image_url and base64|image_base64
 * (the aliases count separately, so sending both spellings is "more than one").
 */
export function jsonDocumentSource(body: Record<string, unknown>, maxBytes: number): JsonDocumentSource {
  const sent = sourceFieldsSent(body);
  assertOneSource(sent);
  const field = sent[0]!;
  const value = body[field];
  if (typeof value !== 'string') throw new ValidationError([`${field}: must be a string`]);
  const contentType = readContentType(body);
  if (field === 'url' || field === 'image_url') return { kind: 'url', url: parseHttpUrl(value, field), contentType };
  const decoded = decodeBase64Document(value, field, maxBytes);
  return { kind: 'base64', bytes: decoded.bytes, contentType: contentType ?? decoded.contentType };
}

export function parseHttpUrl(value: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ValidationError([`${field}: is not a valid URL`]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError([`${field}: must be an http or https URL, got ${url.protocol.slice(0, -1)}`]);
  }
  return url;
}

/** Raw base64 or a `data:` URI (Python and the docs send data URIs, Node strips the prefix). */
export function decodeBase64Document(
  value: string,
  field: string,
  maxBytes: number,
): { bytes: Buffer; contentType: string | null } {
  let text = value.trim();
  let contentType: string | null = null;
  const dataUri = DATA_URI.exec(text);
  if (dataUri) {
    const parameters = dataUri[1]!.split(';');
    if (parameters.at(-1)?.trim().toLowerCase() !== 'base64') {
      throw new ValidationError([`${field}: the data URI must be base64-encoded (data:<type>;base64,...)`]);
    }
    // An unusable media type in the URI is not worth a 400: the bytes are sniffed when it is missing.
    try {
      contentType = parameters.length > 1 ? normaliseContentType(parameters[0], field) : null;
    } catch {
      contentType = null;
    }
    text = text.slice(dataUri[0].length);
  }
  // Line breaks and spaces are how base64 is often wrapped (MIME, `base64` without -w0).
  const compact = text.replace(/\s+/g, '');
  // Buffer.from(…, 'base64') silently skips invalid characters, so validate before decoding.
  if (!BASE64.test(compact) || compact.length % 4 === 1 || (compact.includes('=') && compact.length % 4 !== 0)) {
    throw new ValidationError([`${field}: is not valid base64`]);
  }
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  // Checked before decoding, so an oversize body never costs a second allocation.
  const decodedLength = Math.floor((compact.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) throw fileTooLarge(maxBytes);
  if (decodedLength === 0) throw new ValidationError([`${field}: the document is empty`]);
  return { bytes: Buffer.from(compact, 'base64'), contentType };
}
