import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { createPublicOnlyLookup, privateAddressRange } from '../../outbound/address-policy.js';
import { connectionFailureReason } from '../../outbound/connection-failure.js';
import { parseRetryAfter } from '../../outbound/retry-after.js';

/** What one POST to a receiver came to; exactly what the attempt log records. */
export interface WebhookAttemptResult {
  readonly acknowledged: boolean;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  /** The first bytes of the response body (see RESPONSE_LOG_BYTES), as text. */
  readonly responseBody: string | null;
  /** Why it was not acknowledged, in words; null when it was. */
  readonly error: string | null;
  readonly retryAfterMs: number | null;
}

export interface WebhookPoster {
  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<WebhookAttemptResult>;
  close(): Promise<void>;
}

/** Response bytes kept for the attempt log; the rest of a body is not read at all. */
export const RESPONSE_LOG_BYTES = 2048;

/** A refused address: the range, not the address, so the log does not map the internal network. */
export class PrivateWebhookTargetError extends Error {
  override name = 'PrivateWebhookTargetError';
  constructor(host: string, range: string) {
    super(
      `refused: ${host} resolves to a private or local network address (${range}); set WEBHOOK_ALLOW_PRIVATE_TARGETS=true to allow it`,
    );
  }
}

function describe(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof PrivateWebhookTargetError) return cause.message;
  }
  return connectionFailureReason(error, 'receiver');
}

function firstHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first ?? null;
}

/**
 * POSTs webhooks through one keep-alive agent, so a busy receiver is reached over reused
 * connections. Safety: unless private targets are allowed, every new connection resolves the
 * host with a lookup that refuses private, loopback, link-local and metadata addresses at
 * connect time (a DNS answer that changes after a check cannot slip past), and IP literals,
 * which skip the lookup, are checked before the request. Redirects are not followed (undici's
 * `request` never follows them): a 3xx is a failed attempt. The whole attempt, body included,
 * has `timeoutMs`; only the first RESPONSE_LOG_BYTES of the body are read.
 */
export function createWebhookPoster(options: {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  userAgent: string;
}): WebhookPoster {
  const { allowPrivateTargets, timeoutMs } = options;
  const agent = new Agent({
    connect: allowPrivateTargets
      ? {}
      : { lookup: createPublicOnlyLookup((host, range) => new PrivateWebhookTargetError(host, range)) },
    keepAliveTimeout: 10_000,
  });

  async function post(
    url: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal,
  ): Promise<WebhookAttemptResult> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    const failed = (error: string, statusCode: number | null = null): WebhookAttemptResult => ({
      acknowledged: false,
      statusCode,
      latencyMs: latency(),
      responseBody: null,
      error,
      retryAfterMs: null,
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return failed(`the endpoint URL is not valid (${url})`);
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivateTargets && isIP(host)) {
      const range = privateAddressRange(host);
      if (range) return failed(new PrivateWebhookTargetError(host, range).message);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const response = await request(target, {
        method: 'POST',
        dispatcher: agent,
        signal: controller.signal,
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': options.userAgent },
        body,
      });
      response.body.on('error', () => {});
      const chunks: Buffer[] = [];
      let kept = 0;
      for await (const chunk of response.body) {
        chunks.push(chunk as Buffer);
        kept += (chunk as Buffer).length;
        if (kept >= RESPONSE_LOG_BYTES) {
          // The cap: the rest is not read, and the connection is dropped rather than drained.
          response.body.destroy();
          break;
        }
      }
      const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_LOG_BYTES).toString('utf8');
      const status = response.statusCode;
      const acknowledged = status >= 200 && status <= 299;
      let error: string | null = null;
      if (status >= 300 && status <= 399) {
        const location = firstHeader(response.headers.location);
        error = `redirect not followed (${status}${location ? ` to ${location}` : ''})`;
      } else if (!acknowledged) error = `the receiver answered ${status}`;
      return {
        acknowledged,
        statusCode: status,
        latencyMs: latency(),
        responseBody,
        error,
        retryAfterMs: acknowledged ? null : parseRetryAfter(firstHeader(response.headers['retry-after'])),
      };
    } catch (error) {
      if (timedOut) return failed(`timed out after ${timeoutMs} ms`);
      if (signal.aborted) throw signal.reason ?? error;
      return failed(describe(error));
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }

  return { post, close: () => agent.close() };
}
