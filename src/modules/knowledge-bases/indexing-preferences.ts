import type { Config } from '../../config.js';
import { ValidationError } from '../../errors.js';
import { LOCAL_EMBEDDING_MODEL } from '../embeddings/local-embedding.js';

/**
 * How a knowledge base turns documents into search entries (quire defines the inner fields;
 * clients may send any object). Stored complete, defaults filled in at creation, so a later change
 * of the server's configuration never silently changes how an existing base is indexed.
 */
export interface IndexingPreferences {
  /**
   * Which fields of `content` are embedded and full-text indexed, as dot paths (`title`,
   * `customer.name`). null: every field, in the document's own order.
   */
  readonly contentFields: string[] | null;
  /** Characters per chunk; longer texts are split and each chunk embedded on its own. */
  readonly chunkSize: number;
  /** Characters shared by consecutive chunks, so a sentence cut at a boundary is whole in one of them. */
  readonly chunkOverlap: number;
  readonly embeddingProvider: 'local' | 'openai-compatible';
  readonly embeddingModel: string;
}

export type IndexingPreferencesInput = Partial<IndexingPreferences>;

export const DEFAULT_CHUNK_SIZE = 2000;
export const DEFAULT_CHUNK_OVERLAP = 200;

/**
 * The complete preferences for a new knowledge base: the request's, over the defaults. The
 * default provider is the configured endpoint when EMBEDDINGS_BASE_URL is set, else local.
 * The bounds of each field are in the contract; the rules across fields are checked here.
 */
export function resolveIndexingPreferences(
  input: IndexingPreferencesInput | undefined,
  config: Config,
  current?: IndexingPreferences,
): IndexingPreferences {
  const base: IndexingPreferences = current ?? {
    contentFields: null,
    chunkSize: DEFAULT_CHUNK_SIZE,
    chunkOverlap: DEFAULT_CHUNK_OVERLAP,
    embeddingProvider: config.embeddings ? 'openai-compatible' : 'local',
    embeddingModel: config.embeddings?.model ?? LOCAL_EMBEDDING_MODEL,
  };
  const provider = input?.embeddingProvider ?? base.embeddingProvider;
  const providerChanged = provider !== base.embeddingProvider;
  const defaultModel = provider === 'local' ? LOCAL_EMBEDDING_MODEL : (config.embeddings?.model ?? '');
  const resolved: IndexingPreferences = {
    contentFields: input?.contentFields === undefined ? base.contentFields : dedupe(input.contentFields),
    chunkSize: input?.chunkSize ?? base.chunkSize,
    chunkOverlap: input?.chunkOverlap ?? base.chunkOverlap,
    embeddingProvider: provider,
    embeddingModel: input?.embeddingModel ?? (providerChanged ? defaultModel : base.embeddingModel),
  };
  const errors: string[] = [];
  if (resolved.chunkOverlap >= resolved.chunkSize) {
    errors.push('indexingPreferences.chunkOverlap: must be smaller than chunkSize');
  }
  if (resolved.embeddingProvider === 'local' && resolved.embeddingModel !== LOCAL_EMBEDDING_MODEL) {
    errors.push(`indexingPreferences.embeddingModel: the local provider has only the model "${LOCAL_EMBEDDING_MODEL}"`);
  }
  if (resolved.embeddingProvider === 'openai-compatible' && !config.embeddings) {
    errors.push(
      'indexingPreferences.embeddingProvider: "openai-compatible" needs EMBEDDINGS_BASE_URL to be set on the server',
    );
  }
  if (errors.length) throw new ValidationError(errors);
  return resolved;
}

function dedupe(fields: string[] | null): string[] | null {
  return fields === null ? null : [...new Set(fields)];
}

/** True when documents indexed under `before` would be indexed differently under `after`. */
export function changesIndexing(before: IndexingPreferences, after: IndexingPreferences): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}
