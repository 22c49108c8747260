import { ServiceUnavailableError } from '../../errors.js';

/**
 * What every embedding source offers: vectors for a list of texts, L2-normalised, all of
 * `dimensions` length for one provider and model. Knowledge bases name the provider and model
 * they were indexed with (their `indexingPreferences`), so a search always embeds its query with
 * the provider that embedded the documents.
 */
export interface EmbeddingProvider {
  readonly provider: 'local' | 'openai-compatible';
  readonly model: string;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * The embeddings endpoint failed (after its retries) or answered something unusable: a 503 for
 * a request that needed it, an `error` message in a bulk-upload stream.
 */
export class EmbeddingError extends ServiceUnavailableError {}
