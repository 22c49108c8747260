import { parseRetryAfter } from './retry-after.js';

/**
 * One JSON POST to an OpenAI-compatible server (OpenAI, Azure-style proxies, Ollama, vLLM,
 * LM Studio, llama.cpp server, text-embeddings-inference…), with the one retry loop and the one
 * error mapping that every caller (embeddings, chat completions) shares:
 *
 * - 408, 409, 429 and 5xx (but 501 and 505, which do not change), timeouts, connection errors
 *   and answers the caller cannot use yet are tried again, up to `maxAttempts` in all. The wait
 *   doubles from `retryBaseDelayMs`, plus up to 50 % jitter; a 429 or 503 with `Retry-After`
 *   (seconds or an HTTP date) waits that long instead. No wait exceeds `maxRetryDelayMs`. When
 *   the attempts run out: EndpointUnavailableError, worth trying again later.
 * - 401, 403 and 404 mean a wrong key, model or URL: EndpointConfigurationError at once, naming
 *   the settings to check (never the key).
 * - Any other refusal (a 400: a parameter the server does not know, a prompt too long):
 *   EndpointRefusedError at once, with the status, for the caller to adapt or report.
 *
 * Messages carry the server's own error text, short and with the key replaced by its setting's
 * name (some proxies echo the key they were given).
 */

export interface OpenAiCompatibleClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  /** How messages name the endpoint: "The embeddings endpoint", "The language model endpoint http://…". */
  readonly subject: string;
  /** The settings an operator checks when the server refuses the key, model or URL. */
  readonly settings: { readonly baseUrl: string; readonly apiKey: string; readonly model: string };
  /** Per attempt. */
  readonly timeoutMs: number;
  /** Attempts per request, the first included. */
  readonly maxAttempts: number;
  /** Delay before the first retry; doubled per retry, plus up to 50 % jitter. */
  readonly retryBaseDelayMs: number;
  /** Upper bound of one wait, Retry-After included. */
  readonly maxRetryDelayMs: number;
}

/** What an OpenAI-compatible endpoint's failure is reported as; `status` when it answered. */
export class EndpointError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** 401/403/404: a wrong key, model or URL; waiting does not mend these. */
export class EndpointConfigurationError extends EndpointError {}

/** Any other 4xx: the server refused this request as it was sent. */
export class EndpointRefusedError extends EndpointError {}

/** No usable answer after every attempt: worth trying again later. */
export class EndpointUnavailableError extends EndpointError {}

/** Thrown by a caller's `read` for an answer another attempt may mend (a completion without a choice). */
export class RetryableAnswerError extends Error {}

export interface OpenAiCompatibleClient {
  /**
   * POSTs `body` (JSON text) to `{baseUrl}{path}` and gives the parsed JSON answer to `read`,
   * whose result is returned; `read` may throw RetryableAnswerError for another attempt.
   */
  postJson<T>(path: string, body: string, read: (answer: unknown) => T): Promise<T>;
}

const CONFIGURATION_STATUS = new Set([401, 403, 404]);
const RETRY_AFTER_STATUS = new Set([429, 503]);

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

/** One failed attempt that another may mend, and how long the server asked to wait. */
class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's own error text (OpenAI shape `{error: {message}}` or plain), short and one line. */
async function serverMessage(response: Response): Promise<string> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    return '';
  }
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // Not JSON: the text itself is the message.
  }
  message = message.replace(/\s+/g, ' ').trim();
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}

export function openAiCompatibleClient(options: OpenAiCompatibleClientOptions): OpenAiCompatibleClient {
  const { subject, settings, timeoutMs, maxAttempts } = options;

  async function refusal(response: Response): Promise<EndpointError | RetryableFailure> {
    const detail = options.apiKey
      ? (await serverMessage(response)).replaceAll(options.apiKey, `[${settings.apiKey}]`)
      : await serverMessage(response);
    const { status } = response;
    const message = `${subject} answered ${status}${detail ? `: ${detail}` : ''}`;
    if (isRetryableStatus(status)) {
      const retryAfter = RETRY_AFTER_STATUS.has(status) ? parseRetryAfter(response.headers.get('retry-after')) : null;
      return new RetryableFailure(message, status, retryAfter);
    }
    if (CONFIGURATION_STATUS.has(status)) {
      return new EndpointConfigurationError(
        `${message}. Check ${settings.baseUrl}, ${settings.apiKey} and ${settings.model} (model "${options.model}")`,
        status,
      );
    }
    return new EndpointRefusedError(message, status);
  }

  async function attempt<T>(url: string, body: string, read: (answer: unknown) => T): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message;
      throw new RetryableFailure(`${subject} could not be reached: ${reason}`, null, null);
    }
    if (!response.ok) throw await refusal(response);
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new RetryableFailure(`${subject} answered with something that is not JSON`, response.status, null);
    }
    try {
      return read(answer);
    } catch (error) {
      if (error instanceof RetryableAnswerError) throw new RetryableFailure(error.message, response.status, null);
      throw error;
    }
  }

  return {
    async postJson(path, body, read) {
      const url = `${options.baseUrl}${path}`;
      for (let attemptNumber = 1; ; attemptNumber++) {
        try {
          return await attempt(url, body, read);
        } catch (error) {
          if (!(error instanceof RetryableFailure)) throw error;
          if (attemptNumber >= maxAttempts) {
            throw new EndpointUnavailableError(`${error.message} (after ${maxAttempts} attempts)`, error.status);
          }
          const backoff = options.retryBaseDelayMs * 2 ** (attemptNumber - 1) * (1 + Math.random() * 0.5);
          await sleep(Math.min(error.retryAfterMs ?? backoff, options.maxRetryDelayMs));
        }
      }
    },
  };
}
