import { ValidationError } from '../errors.js';

/**
 * The non-file fields of a document submission (PRODUCT §5). Multipart sends every field as a
 * string and JSON sends values, so each reader accepts both shapes with the same rules.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** `document_metadata`: an object, or the JSON text of one (multipart). Absent or empty → null. */
export function parseDocumentMetadata(value: unknown): Record<string, unknown> | null {
  if (isAbsent(value)) return null;
  if (isPlainObject(value)) return value;
  if (typeof value === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ValidationError(['document_metadata: must be a JSON object (the text is not valid JSON)']);
    }
    if (isPlainObject(parsed)) return parsed;
  }
  throw new ValidationError(['document_metadata: must be a JSON object']);
}

/**
 * A list of document type codes (`document_type_code_options`): an array of strings, its JSON
 * text, or a comma-separated string (what a hand-written form or curl -F sends). Codes are trimmed
 * and repeats dropped, keeping the first position. Absent or empty → null; `[]` stays `[]` so the
 * caller can tell "sent nothing" from "sent an empty list".
 */
export function parseCodeOptions(value: unknown, field: string): string[] | null {
  if (isAbsent(value)) return null;
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    // JSON text (what the SDKs send in multipart); an object is JSON too, and wrong, not a code.
    if (text.startsWith('[') || text.startsWith('{')) {
      try {
        list = JSON.parse(text);
      } catch {
        throw new ValidationError([`${field}: must be an array of strings (the text is not valid JSON)`]);
      }
    } else {
      list = text.split(',');
    }
  }
  if (!Array.isArray(list)) throw new ValidationError([`${field}: must be an array of strings`]);
  const codes: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' || item.trim() === '') {
      throw new ValidationError([`${field}: must be an array of non-empty strings`]);
    }
    codes.push(item.trim());
  }
  return [...new Set(codes)];
}

// RFC 9110 token characters on both sides of the slash.
const MEDIA_TYPE = /^[a-z0-9!#$%&'*+.^_`|~-]+\/[a-z0-9!#$%&'*+.^_`|~-]+$/;

/** `type/subtype`, lowercased and without parameters; null when empty. Throws naming `field`. */
export function normaliseContentType(value: unknown, field: string): string | null {
  if (isAbsent(value)) return null;
  if (typeof value !== 'string') throw new ValidationError([`${field}: must be a string like application/pdf`]);
  const mediaType = value.split(';', 1)[0]!.trim().toLowerCase();
  if (!MEDIA_TYPE.test(mediaType)) {
    throw new ValidationError([`${field}: must be a media type like application/pdf, got ${JSON.stringify(value)}`]);
  }
  return mediaType;
}

/** `content_type` or its alias `image_content_type` (Python's identify always sends the latter). */
export function readContentType(fields: Record<string, unknown>): string | null {
  const contentType = normaliseContentType(fields.content_type, 'content_type');
  const imageContentType = normaliseContentType(fields.image_content_type, 'image_content_type');
  if (contentType && imageContentType && contentType !== imageContentType) {
    throw new ValidationError([
      `content_type, image_content_type: are aliases and disagree (${contentType} and ${imageContentType}); send one`,
    ]);
  }
  return contentType ?? imageContentType;
}

/** The camelCase names the hosted service's Node SDK 0.1.0–0.1.1 sent. */
const CAMEL_CASE_ALIASES: Record<string, string> = {
  documentTypeCode: 'document_type_code',
  documentTypeCodeOptions: 'document_type_code_options',
  documentMetadata: 'document_metadata',
  webhookUrl: 'webhook_url',
};

/** The fields with old camelCase names read as their snake_case ones (the snake_case name wins). */
export function withSnakeCaseNames(fields: Record<string, unknown>): Record<string, unknown> {
  const named = { ...fields };
  for (const [camel, snake] of Object.entries(CAMEL_CASE_ALIASES)) {
    if (named[snake] === undefined && named[camel] !== undefined) named[snake] = named[camel];
  }
  return named;
}
