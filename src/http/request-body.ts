import type { Readable } from 'node:stream';
import { AppError, BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.js';

/**
 * Arrays and objects a JSON body may nest. Deeper bodies are refused before they are parsed:
 * every later step (NUL check, schema validation, storage) walks the value, and a body like
 * 20,000 `[` would exhaust the stack of any of them.
 */
export const MAX_JSON_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/** The index of the quote that closes the JSON string opening at `start` (or the end). */
function endOfString(raw: Buffer, start: number): number {
  let index = start;
  for (;;) {
    index = raw.indexOf(QUOTE, index + 1);
    if (index === -1) return raw.length;
    let backslashes = 0;
    for (let before = index - 1; raw[before] === BACKSLASH; before -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return index;
  }
}

/** Whether the JSON text opens more than `limit` arrays/objects inside each other (strings skipped). */
function nestsDeeperThan(raw: Buffer, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < raw.length; index += 1) {
    const byte = raw[index] as number;
    if (byte === QUOTE) index = endOfString(raw, index);
    else if (OPEN.has(byte)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSE.has(byte)) depth -= 1;
  }
  return false;
}

/** `__proto__` as a key would reach an object's prototype through Object.assign and friends. */
function refusePrototypeKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new BadRequestError('The key "__proto__" is not allowed in a request body');
  return value;
}

/**
 * A JSON request body: undefined when empty, otherwise the parsed value. Too deep is 400
 * naming the limit, malformed is 400.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
    throw new BadRequestError(
      `Request body is nested too deeply: JSON bodies may nest arrays and objects at most ${MAX_JSON_DEPTH} levels`,
    );
  }
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text, text.includes('"__proto__"') ? refusePrototypeKey : undefined);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadRequestError('Malformed JSON in request body');
  }
}

/** The media type of a Content-Type header, lower-cased, without parameters ('' when absent). */
export function mediaTypeOf(contentType: unknown): string {
  return String(contentType ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() as string;
}

/**
 * JSON bodies come as `application/json` or any `application/*+json`; a body without a media
 * type is read as JSON too (what hapi and most servers do). Charset parameters are ignored:
 * JSON exchanged between systems is UTF-8.
 */
export function isJsonMediaType(media: string): boolean {
  return media === '' || media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
}

/** Reads an unparsed request stream to its end, refusing it past `maxBytes`. */
export async function readRawBody(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      throw new PayloadTooLargeError(`Request body is too large (limit ${maxBytes} bytes)`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The JSON body of a request to an operation that takes one; other media types are 415. A body
 * declared empty (`content-length: 0`) is no body whatever its Content-Type says: fetch labels
 * an empty string `text/plain`.
 */
export async function readJsonBody(
  stream: Readable,
  headers: { 'content-type'?: unknown; 'content-length'?: unknown },
  maxBytes: number,
  unsupportedMessage = 'Unsupported Content-Type. Use application/json.',
): Promise<unknown> {
  if (headers['content-length'] === '0') {
    discardBody(stream);
    return undefined;
  }
  if (!isJsonMediaType(mediaTypeOf(headers['content-type']))) throw new UnsupportedMediaTypeError(unsupportedMessage);
  return parseJsonBody(await readRawBody(stream, maxBytes));
}

/** Drops a body nobody reads, so the connection can carry the next request. */
export function discardBody(stream: Readable | null | undefined): void {
  stream?.resume();
}
