import type { Config } from '../../config.js';
import { ServiceUnavailableError } from '../../errors.js';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import { localEmbeddingProvider } from '../embeddings/local-embedding.js';
import { openAiCompatibleEmbeddings } from '../embeddings/openai-compatible-embedding.js';
import { encodeVectors } from '../embeddings/vectors.js';
import type { IndexingPreferences } from './indexing-preferences.js';
import { chunkText, documentText } from './prepare-text.js';

/** The provider a knowledge base was indexed with; its queries must use the same one. */
export function embeddingProviderFor(
  preferences: IndexingPreferences,
  config: Pick<Config, 'embeddings'>,
): EmbeddingProvider {
  if (preferences.embeddingProvider === 'local') return localEmbeddingProvider;
  if (!config.embeddings) {
    throw new ServiceUnavailableError(
      'This knowledge base is indexed with the openai-compatible embedding provider, but EMBEDDINGS_BASE_URL is not set',
    );
  }
  return openAiCompatibleEmbeddings({ ...config.embeddings, model: preferences.embeddingModel });
}

export interface PreparedText {
  readonly text: string;
  readonly chunks: string[];
}

export function prepareText(content: Record<string, unknown>, preferences: IndexingPreferences): PreparedText {
  const text = documentText(content, preferences.contentFields);
  return { text, chunks: chunkText(text, preferences.chunkSize, preferences.chunkOverlap) };
}

export interface DocumentEmbedding {
  readonly embedding: Buffer;
  readonly embeddingDimensions: number;
}

/** Embeds every chunk of every document in one provider call (the provider batches), regrouped per document. */
export async function embedPrepared(
  provider: EmbeddingProvider,
  prepared: readonly PreparedText[],
): Promise<DocumentEmbedding[]> {
  const vectors = await provider.embed(prepared.flatMap((document) => document.chunks));
  let next = 0;
  return prepared.map((document) => {
    const own = vectors.slice(next, next + document.chunks.length);
    next += document.chunks.length;
    return { embedding: encodeVectors(own), embeddingDimensions: own[0]?.length ?? 0 };
  });
}

/** What a document row stores for search: its indexed text, and its embedding unless it was not asked for. */
export interface IndexedText {
  readonly text: string;
  readonly embedding: Buffer | null;
  readonly embeddingDimensions: number | null;
}

/** Prepares and (where `embed`) embeds documents' content under `preferences`, one provider call for all. */
export async function indexContents(
  config: Config,
  preferences: IndexingPreferences,
  documents: readonly { content: Record<string, unknown>; embed: boolean }[],
): Promise<IndexedText[]> {
  const prepared = documents.map((document) => prepareText(document.content, preferences));
  const toEmbed = prepared.filter((_, index) => documents[index]?.embed);
  const embeddings = toEmbed.length ? await embedPrepared(embeddingProviderFor(preferences, config), toEmbed) : [];
  let next = 0;
  return prepared.map((text, index) => {
    const embedded = documents[index]?.embed ? embeddings[next++] : undefined;
    return {
      text: text.text,
      embedding: embedded?.embedding ?? null,
      embeddingDimensions: embedded?.embeddingDimensions ?? null,
    };
  });
}
