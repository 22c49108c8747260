import {
  EndpointConfigurationError,
  EndpointRefusedError,
  openAiCompatibleClient,
  RetryableAnswerError,
} from '../../outbound/openai-compatible-client.js';
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

/** A 400: the server may not know a parameter sent (`json_schema`, `temperature`), or the prompt is too long. */
class RequestRefused extends Error {}

/**
 * How the answer's shape is asked for, most to least specific; each is tried after a 400 to the
 * one before: `json_schema` (structured output), `json_object` (JSON mode, schema in the prompt),
 * then no `response_format` at all (older llama.cpp builds and some proxies refuse both).
 */
const ANSWER_FORMATS = ['json_schema', 'json_object', 'prompt_only'] as const;
type AnswerFormat = (typeof ANSWER_FORMATS)[number];

/** The endpoint as it may appear in a message: no credentials or query that a URL could carry. */
export function describeEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return 'LLM_BASE_URL';
  }
}

interface CompletionBody {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
}

/**
 * An OpenAI-compatible `POST {baseUrl}/chat/completions` client with structured output, through
 * the shared OpenAI-compatible client (its retries, Retry-After and error mapping).
 *
 * The answer is asked for with `response_format: json_schema` (strict). A server that answers
 * that request with 400 may not support it: the client then asks with `json_object` and the
 * schema in the prompt, then with the schema in the prompt alone, and keeps to the first that
 * works for the rest of its life; a 400 that names `temperature` drops that parameter (reasoning
 * models accept only their own). An endpoint still failing after its retries (429, 5xx,
 * timeouts, no usable answer) is a plain Error, so the job loop retries the whole run later.
 * 401/403/404 mean a wrong key, model or URL: a PipelineError naming LLM_BASE_URL, LLM_API_KEY
 * and LLM_MODEL (never the key), as is any other refusal.
 */
export function createChatCompletionsClient(options: ChatCompletionsOptions): ChatCompletionsClient {
  const client = openAiCompatibleClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    model: options.model,
    subject: `The language model endpoint ${describeEndpoint(options.baseUrl)}`,
    settings: { baseUrl: 'LLM_BASE_URL', apiKey: 'LLM_API_KEY', model: 'LLM_MODEL' },
    timeoutMs: options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS,
    maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
  });
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

  function answerOf(parsed: unknown): ChatAnswer {
    const choices = (parsed as CompletionBody | null)?.choices;
    const choice = Array.isArray(choices) ? choices[0] : undefined;
    if (!choice) throw new RetryableAnswerError(`The language model endpoint ${endpoint} answered without a choice`);
    const content = choice.message?.content;
    const refusal = choice.message?.refusal;
    return {
      content: typeof content === 'string' ? content : null,
      finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
      refusal: typeof refusal === 'string' ? refusal : null,
    };
  }

  /** One request in one format; a 400 is a RequestRefused for `complete` to adapt to. */
  async function send(request: ChatRequest, format: AnswerFormat): Promise<ChatAnswer> {
    try {
      return await client.postJson('/chat/completions', body(request, format), answerOf);
    } catch (error) {
      if (error instanceof EndpointRefusedError && error.status === 400) throw new RequestRefused(error.message);
      if (error instanceof EndpointConfigurationError || error instanceof EndpointRefusedError) {
        throw new PipelineError(request.stage, error.message);
      }
      throw error;
    }
  }

  return {
    async complete(request) {
      let level = formatLevel;
      for (;;) {
        try {
          const answer = await send(request, ANSWER_FORMATS[level] as AnswerFormat);
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
