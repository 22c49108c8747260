import { STATUS_CODES } from 'node:http';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { AppError, BadRequestError } from '../errors.js';
import { privateAddressRange, privateTargetError, publicOnlyLookup } from '../outbound/address-policy.js';
import { connectionFailureReason } from '../outbound/connection-failure.js';
import { fileTooLarge } from '../storage/document-storage.js';
import { normaliseContentType } from './document-fields.js';
import { filenameFromDisposition, filenameFromUrl } from './filename.js';

export interface FetchedDocument {
  /** Errors with 'URL download timeout (Nms)' when the deadline passes mid-body, 413 past maxBytes. */
  readonly body: AsyncIterable<Uint8Array>;
  readonly contentType: string | null;
  readonly filename: string | null;
  readonly contentLength: number | null;
  /** Frees the connection when the body will not be read (otherwise the deadline frees it). */
  cancel(): void;
}

export const URL_DOWNLOAD_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function accessError(reason: string): BadRequestError {
  return new BadRequestError(`Error accessing URL: ${reason}`);
}

/** Our own errors (the lookup's refusal travels through undici) as they are; the rest, shortened. */
function describeFailure(error: unknown): AppError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
  }
  return accessError(connectionFailureReason(error, 'server'));
}

function header(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : null;
}

/** The server's Content-Type as `type/subtype`; a malformed one is ignored (the bytes get sniffed). */
function mediaType(value: string | null): string | null {
  try {
    return normaliseContentType(value, 'content-type');
  } catch {
    return null;
  }
}

/** Protocol and IP-literal checks for every hop: net.connect skips `lookup` for IP literals. */
function checkTarget(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw accessError(`only http and https URLs can be fetched, got ${url.protocol.slice(0, -1)}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate || !isIP(host)) return;
  const range = privateAddressRange(host);
  if (range) throw privateTargetError(host, range);
}

/**
 * GET a document with a deadline over the whole download (headers, redirects and body), following
 * up to 5 redirects by hand so each hop is checked, and refusing private addresses at connect time.
 */
export async function fetchDocumentUrl(
  url: URL,
  options: { maxBytes: number; allowPrivate: boolean; timeoutMs?: number },
): Promise<FetchedDocument> {
  const { maxBytes, allowPrivate } = options;
  const timeoutMs = options.timeoutMs ?? URL_DOWNLOAD_TIMEOUT_MS;
  const timeoutError = new BadRequestError(`URL download timeout (${timeoutMs}ms)`);
  // One agent per download: its connections carry this call's lookup policy and die with it.
  const agent = new Agent({ connect: allowPrivate ? {} : { lookup: publicOnlyLookup } });
  const controller = new AbortController();
  let timedOut = false;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    controller.abort();
    agent.destroy().catch(() => {});
  };
  const timer = setTimeout(() => {
    timedOut = true;
    release();
  }, timeoutMs);
  // The connection keeps the process alive while it matters; a forgotten body must not.
  timer.unref();

  const guardedBody = async function* (source: Readable): AsyncGenerator<Uint8Array> {
    let received = 0;
    try {
      for await (const chunk of source) {
        received += (chunk as Uint8Array).length;
        // Content-Length can be absent or wrong: the bytes themselves are counted.
        if (received > maxBytes) throw fileTooLarge(maxBytes);
        yield chunk as Uint8Array;
      }
    } catch (error) {
      throw timedOut ? timeoutError : describeFailure(error);
    } finally {
      release();
    }
  };

  try {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      checkTarget(current, allowPrivate);
      const response = await request(current, {
        method: 'GET',
        dispatcher: agent,
        signal: controller.signal,
        headers: { 'user-agent': 'quire (document download)', accept: '*/*' },
      });
      // Aborting (deadline, cancel, release) destroys the body with an error; an unread body has no
      // listener of its own, and an unhandled 'error' would crash the process.
      response.body.on('error', () => {});
      const status = response.statusCode;
      if (REDIRECT_STATUSES.has(status)) {
        response.body.destroy();
        const location = header(response.headers.location);
        if (!location) throw accessError(`${status} redirect without a Location header`);
        if (redirects >= MAX_REDIRECTS) throw accessError(`more than ${MAX_REDIRECTS} redirects`);
        try {
          current = new URL(location, current);
        } catch {
          throw accessError(`redirect to an invalid URL (${location})`);
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.body.destroy();
        throw accessError(`${status} ${STATUS_CODES[status] ?? ''}`.trim());
      }
      const lengthHeader = header(response.headers['content-length']);
      const contentLength = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
      if (contentLength !== null && contentLength > maxBytes) {
        response.body.destroy();
        throw fileTooLarge(maxBytes);
      }
      const contentType = mediaType(header(response.headers['content-type']));
      const disposition = header(response.headers['content-disposition']);
      return {
        body: guardedBody(response.body),
        contentType,
        filename: (disposition && filenameFromDisposition(disposition)) || filenameFromUrl(current),
        contentLength,
        cancel: release,
      };
    }
  } catch (error) {
    release();
    throw timedOut ? timeoutError : describeFailure(error);
  }
}
