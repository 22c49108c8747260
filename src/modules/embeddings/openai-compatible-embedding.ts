import { EmbeddingError, type EmbeddingProvider } from './embedding-provider.js';
import { normalize } from './vectors.js';

export interface OpenAiCompatibleOptions {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  /** Inputs per request; OpenAI accepts up to 2048, smaller servers far fewer. */
  readonly batchSize?: number;
  /** Attempts per batch, the first included. */
  readonly maxAttempts?: number;
  /** Delay before the first retry; doubled per retry, plus up to 50 % jitter. */
  readonly retryBaseDelayMs?: number;
  readonly timeoutMs?: number;
}

const DEFAULT_BATCH_SIZE = 128;
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_RETRY_BASE_DELAY_MS = 500;
const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_RETRY_DELAY_MS = 8_000;

/** Worth another attempt: rate limited, a server error, or no answer at all. */
const RETRYABLE_STATUS = new Set([408, 409, 429, 500, 502, 503, 504]);

class RetryableFailure extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/** The vectors of one answer, in input order, checked and normalised. */
function vectorsOf(body: EmbeddingsResponse, expected: number): Float32Array[] {
  const items = Array.isArray(body.data) ? [...body.data] : [];
  if (items.length !== expected) {
    throw new EmbeddingError(`The embeddings endpoint returned ${items.length} embeddings for ${expected} inputs`);
  }
  items.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return items.map((item) => {
    const values = item.embedding;
    if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'number')) {
      throw new EmbeddingError('The embeddings endpoint returned an embedding that is not a list of numbers');
    }
    return normalize(Float32Array.from(values as number[]));
  });
}

/**
 * An OpenAI-compatible `POST {baseUrl}/embeddings` client (OpenAI, Azure-style proxies,
 * Ollama, vLLM, LM Studio, text-embeddings-inference…). Texts go in batches; each batch is
 * retried with exponential backoff on 408/409/429/5xx, timeouts and connection errors. Any
 * other status fails at once: a wrong key or model does not get better by waiting.
 */
export function openAiCompatibleEmbeddings(options: OpenAiCompatibleOptions): EmbeddingProvider {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const baseDelay = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = `${options.baseUrl}/embeddings`;

  async function attempt(input: readonly string[]): Promise<Float32Array[]> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: options.model, input }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RetryableFailure(`The embeddings endpoint could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const message = `The embeddings endpoint answered ${response.status}`;
      await response.body?.cancel();
      throw RETRYABLE_STATUS.has(response.status) ? new RetryableFailure(message) : new EmbeddingError(message);
    }
    let body: EmbeddingsResponse;
    try {
      body = (await response.json()) as EmbeddingsResponse;
    } catch {
      throw new EmbeddingError('The embeddings endpoint answered with something that is not JSON');
    }
    return vectorsOf(body, input.length);
  }

  async function embedBatch(input: readonly string[]): Promise<Float32Array[]> {
    for (let attemptNumber = 1; ; attemptNumber++) {
      try {
        return await attempt(input);
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        if (attemptNumber >= maxAttempts) throw new EmbeddingError(`${error.message} (after ${maxAttempts} attempts)`);
        const delay = Math.min(baseDelay * 2 ** (attemptNumber - 1), MAX_RETRY_DELAY_MS);
        await sleep(delay * (1 + Math.random() * 0.5));
      }
    }
  }

  return {
    provider: 'openai-compatible',
    model: options.model,
    embed: async (texts) => {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + batchSize))));
      }
      return vectors;
    },
  };
}
