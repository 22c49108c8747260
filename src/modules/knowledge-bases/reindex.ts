import type { Config } from '../../config.js';
import type { Db, Knex } from '../../db/knex.js';
import { embeddingProviderFor, embedPrepared, prepareText } from './indexer.js';
import { bumpContentVersion, type KnowledgeBaseRow } from './repository.js';

const REINDEX_PAGE_SIZE = 500;

/**
 * Re-prepares and re-embeds every document of a knowledge base with its current
 * indexingPreferences, page by page in the caller's transaction. Documents stored without an
 * embedding (generateEmbedding: false) stay without one.
 */
export async function reindexDocuments(
  trx: Db,
  config: Pick<Config, 'embeddings'>,
  knowledgeBase: KnowledgeBaseRow,
  options: { embed: boolean } = { embed: true },
): Promise<{ documentsProcessed: number; embeddingsGenerated: number }> {
  let documentsProcessed = 0;
  let embeddingsGenerated = 0;
  const preferences = knowledgeBase.indexing_preferences;
  // Without `embed`, the stored embeddings are kept and only the full-text index is rebuilt.
  const provider = options.embed ? embeddingProviderFor(preferences, config) : null;
  // First, so the rewritten documents are stamped with the new version (search reads what changed since its own).
  await bumpContentVersion(trx, knowledgeBase.id);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page: { id: string; content: Record<string, unknown>; embedded: boolean }[] = await trx(
      'knowledge_base_documents',
    )
      .select('id', 'content', trx.raw('embedding is not null as embedded'))
      .where('knowledge_base_id', knowledgeBase.id)
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(REINDEX_PAGE_SIZE);
    if (page.length === 0) break;
    const prepared = page.map((row) => prepareText(row.content, preferences));
    const embedded = provider ? page.filter((row) => row.embedded) : [];
    const embeddings = provider
      ? await embedPrepared(
          provider,
          prepared.filter((_, index) => page[index]?.embedded),
        )
      : [];
    const byId = new Map(embedded.map((row, index) => [row.id, embeddings[index]]));
    await trx.raw(
      `update knowledge_base_documents d
          set search_vector = to_tsvector('simple', u.text),
              embedding = case when ? then u.embedding else d.embedding end,
              embedding_dimensions = case when ? then u.dimensions else d.embedding_dimensions end
         from unnest(?::uuid[], ?::text[], ?::bytea[], ?::integer[]) as u (id, text, embedding, dimensions)
        where d.id = u.id`,
      [
        options.embed,
        options.embed,
        page.map((row) => row.id),
        prepared.map((text) => text.text),
        page.map((row) => byId.get(row.id)?.embedding ?? null),
        page.map((row) => byId.get(row.id)?.embeddingDimensions ?? null),
      ] as Knex.RawBinding[],
    );
    after = page[page.length - 1]?.id as string;
    documentsProcessed += page.length;
    embeddingsGenerated += embeddings.length;
  }
  return { documentsProcessed, embeddingsGenerated };
}
