import { EndpointError, openAiCompatibleClient } from '../../outbound/openai-compatible-client.js';
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
  /** Upper bound of one wait, Retry-After included. */
  readonly maxRetryDelayMs?: number;
  readonly timeoutMs?: number;
}

const DEFAULT_BATCH_SIZE = 128;
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_RETRY_BASE_DELAY_MS = 500;
const DEFAULT_MAX_RETRY_DELAY_MS = 8_000;
const DEFAULT_TIMEOUT_MS = 60_000;

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/** The vectors of one answer, in input order, checked and normalised. */
function vectorsOf(answer: unknown, expected: number): Float32Array[] {
  const body = (answer ?? {}) as EmbeddingsResponse;
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
 * An OpenAI-compatible `POST {baseUrl}/embeddings` client. Texts go in batches; each batch is
 * one request through the shared OpenAI-compatible client (its retries, Retry-After and error
 * mapping). Every failure is an EmbeddingError (a 503 for the request that needed it): a wrong
 * key or model names the settings to check; an endpoint still failing after its retries says so.
 */
export function openAiCompatibleEmbeddings(options: OpenAiCompatibleOptions): EmbeddingProvider {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const client = openAiCompatibleClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    model: options.model,
    subject: 'The embeddings endpoint',
    settings: {
      baseUrl: 'EMBEDDINGS_BASE_URL',
      apiKey: 'EMBEDDINGS_API_KEY',
      model: "the knowledge base's embeddingModel",
    },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS,
    maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
  });

  async function embedBatch(input: readonly string[]): Promise<Float32Array[]> {
    try {
      const body = JSON.stringify({ model: options.model, input });
      return await client.postJson('/embeddings', body, (answer) => vectorsOf(answer, input.length));
    } catch (error) {
      throw error instanceof EndpointError ? new EmbeddingError(error.message) : error;
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
