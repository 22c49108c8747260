import { PipelineError, type PipelineStage } from '../pipeline-error.js';

export interface ChatCompletionsOptions {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  /** Per attempt; a local model on a CPU can take minutes for a long document. */
  readonly timeoutMs?: number;
  /** Attempts per request for 408/409/429/5xx, timeouts and connection errors, the first included. */
  readonly maxAttempts?: number;
  /** Delay before the first retry; doubled per retry, plus up to 50 % jitter. */
  readonly retryBaseDelayMs?: number;
  /** Upper bound of one wait, Retry-After included. */
  readonly maxRetryDelayMs?: number;
}

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  /** The JSON Schema the answer must follow (sent as structured output), named for the server. */
  readonly schemaName: string;
  readonly schema: Record<string, unknown>;
  /** Whose failure a refused request is reported as. */
  readonly stage: PipelineStage;
}

export interface ChatAnswer {
  /** The message content; null when the model refused or said nothing. */
  readonly content: string | null;
  /** `length` when the answer was cut by the token limit (the JSON is then truncated). */
  readonly finishReason: string | null;
  readonly refusal: string | null;
}

export interface ChatCompletionsClient {
  complete(request: ChatRequest): Promise<ChatAnswer>;
}

export const DEFAULT_LLM_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_RETRY_BASE_DELAY_MS = 1_000;
const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;

/** Worth another attempt: rate limited, a server error, or no answer at all. */
const RETRYABLE_STATUS = new Set([408, 409, 429, 500, 502, 503, 504]);
/** A wrong key, model or path: waiting does not mend these. */
const CONFIGURATION_STATUS = new Set([401, 403, 404]);

class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** A 400: the server may not know a parameter sent (`json_schema`, `temperature`), or the prompt is too long. */
class RequestRefused extends Error {}

/**
 * How the answer's shape is asked for, most to least specific; each is tried after a 400 to the
 * one before: `json_schema` (structured output), `json_object` (JSON mode, schema in the prompt),
 * then no `response_format` at all (older llama.cpp builds and some proxies refuse both).
 */
const ANSWER_FORMATS = ['json_schema', 'json_object', 'prompt_only'] as const;
type AnswerFormat = (typeof ANSWER_FORMATS)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The endpoint as it may appear in a message: no credentials or query that a URL could carry. */
export function describeEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return 'LLM_BASE_URL';
  }
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

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

interface CompletionBody {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
}

/**
 * An OpenAI-compatible `POST {baseUrl}/chat/completions` client with structured output
 * (OpenAI, Azure-style proxies, Ollama, vLLM, LM Studio, llama.cpp server…).
 *
 * The answer is asked for with `response_format: json_schema` (strict). A server that answers
 * that request with 400 may not support it: the client then asks with `json_object` and the
 * schema in the prompt, then with the schema in the prompt alone, and keeps to the first that
 * works for the rest of its life; a 400 that names `temperature` drops that parameter (reasoning
 * models accept only their own). 408/409/429/5xx, timeouts and connection errors are retried with exponential
 * backoff (Retry-After honoured, bounded); when they persist the error is a plain Error, so
 * the job loop retries the whole run later. 401/403/404 mean a wrong key, model or URL: a
 * PipelineError naming LLM_BASE_URL and LLM_MODEL (never the key), as is any other refusal.
 */
export function createChatCompletionsClient(options: ChatCompletionsOptions): ChatCompletionsClient {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const baseDelay = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const maxDelay = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const url = `${options.baseUrl}/chat/completions`;
  const endpoint = describeEndpoint(options.baseUrl);
  // What this server turned out to accept; kept for the life of the client (one per process).
  let formatLevel = 0;
  let sendTemperature = true;

  function body(request: ChatRequest, format: AnswerFormat): string {
    const messages =
      format === 'json_schema'
        ? request.messages
        : [
            ...request.messages,
            {
              role: 'user' as const,
              content: `Answer with one JSON object, and nothing else, that follows this JSON Schema:\n${JSON.stringify(request.schema)}`,
            },
          ];
    return JSON.stringify({
      model: options.model,
      messages,
      // 0 for answers that do not vary run to run; reasoning models refuse any value but theirs.
      ...(sendTemperature ? { temperature: 0 } : {}),
      ...(format === 'json_schema'
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.schemaName, schema: request.schema, strict: true },
            },
          }
        : format === 'json_object'
          ? { response_format: { type: 'json_object' } }
          : {}),
    });
  }

  async function attempt(request: ChatRequest, format: AnswerFormat): Promise<ChatAnswer> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: body(request, format),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message;
      throw new RetryableFailure(`The language model endpoint ${endpoint} could not be reached: ${reason}`, null);
    }
    if (!response.ok) {
      // Some proxies echo the key they were given; the message ends up in an execution's error.
      const detail = options.apiKey
        ? (await serverMessage(response)).replaceAll(options.apiKey, '[LLM_API_KEY]')
        : await serverMessage(response);
      const message = `The language model endpoint ${endpoint} answered ${response.status}${detail ? `: ${detail}` : ''}`;
      if (RETRYABLE_STATUS.has(response.status)) {
        throw new RetryableFailure(message, retryAfterMs(response.headers.get('retry-after')));
      }
      if (response.status === 400) throw new RequestRefused(message);
      if (CONFIGURATION_STATUS.has(response.status)) {
        throw new PipelineError(
          request.stage,
          `${message}. Check LLM_BASE_URL, LLM_API_KEY and LLM_MODEL (model "${options.model}")`,
        );
      }
      throw new PipelineError(request.stage, message);
    }
    let parsed: CompletionBody;
    try {
      parsed = (await response.json()) as CompletionBody;
    } catch {
      throw new RetryableFailure(
        `The language model endpoint ${endpoint} answered with something that is not JSON`,
        null,
      );
    }
    const choice = Array.isArray(parsed.choices) ? parsed.choices[0] : undefined;
    if (!choice) throw new RetryableFailure(`The language model endpoint ${endpoint} answered without a choice`, null);
    const content = choice.message?.content;
    const refusal = choice.message?.refusal;
    return {
      content: typeof content === 'string' ? content : null,
      finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
      refusal: typeof refusal === 'string' ? refusal : null,
    };
  }

  async function withRetries(request: ChatRequest, format: AnswerFormat): Promise<ChatAnswer> {
    for (let attemptNumber = 1; ; attemptNumber++) {
      try {
        return await attempt(request, format);
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        if (attemptNumber >= maxAttempts) throw new Error(`${error.message} (after ${maxAttempts} attempts)`);
        const backoff = baseDelay * 2 ** (attemptNumber - 1) * (1 + Math.random() * 0.5);
        await sleep(Math.min(error.retryAfterMs ?? backoff, maxDelay));
      }
    }
  }

  return {
    async complete(request) {
      let level = formatLevel;
      for (;;) {
        try {
          const answer = await withRetries(request, ANSWER_FORMATS[level] as AnswerFormat);
          // Only a request that worked shows what the server accepts: a 400 for another reason
          // (a prompt over the context) fails at every level and changes nothing.
          formatLevel = level;
          return answer;
        } catch (error) {
          if (!(error instanceof RequestRefused)) throw error;
          if (sendTemperature && /temperature/i.test(error.message)) {
            sendTemperature = false;
          } else if (level + 1 < ANSWER_FORMATS.length) {
            level++;
          } else {
            throw new PipelineError(request.stage, error.message);
          }
        }
      }
    },
  };
}
