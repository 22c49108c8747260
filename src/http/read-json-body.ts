import type { Readable } from 'node:stream';
import { BadRequestError, PayloadTooLargeError } from '../errors.js';

/**
 * Reads a JSON body from an unparsed request stream (upload routes take their payload as a
 * stream so multipart can be streamed), with the same limit and messages as hapi's own parsing.
 */
export async function readJsonBody(stream: Readable, maxBytes: number): Promise<unknown> {
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
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
  } catch {
    throw new BadRequestError('Malformed JSON in request body');
  }
}
