import type { Config } from '../../config.js';
import type { Db } from '../../db/knex.js';
import type { Principal } from '../identity/principal.js';
import { findOrNotFound } from './access.js';
import { findDocumentsByIds } from './documents-repository.js';
import { createEmbeddingIndexCache, type EmbeddingIndexCache, vectorSimilarities } from './embedding-index.js';
import { embeddingProviderFor } from './indexer.js';
import { createLexicalIndexCache, type LexicalIndexCache, lexicalMatches } from './lexical-index.js';
import { presentDocument } from './present.js';

/** What searches keep in memory between requests: each base's embeddings and full-text postings. */
export interface SearchIndexes {
  readonly embeddings: EmbeddingIndexCache;
  readonly lexical: LexicalIndexCache;
}

/** One per API process (built by the server), shared by every search. */
export function createSearchIndexes(): SearchIndexes {
  return { embeddings: createEmbeddingIndexCache(), lexical: createLexicalIndexCache() };
}

export interface SearchInput {
  readonly query: string;
  readonly limit: number;
  readonly similarityThreshold: number;
  readonly includeMetadata: boolean;
}

/** How much the full-text side can lift a document: 1 − (1 − cosine)(1 − LEXICAL_WEIGHT · lexical). */
const LEXICAL_WEIGHT = 0.9;
/** Within the lexical score: the share of query terms present, then ts_rank relative to the best match. */
const COVERAGE_WEIGHT = 0.8;

/**
 * The hybrid score, in 0..1 (README "Knowledge bases" explains it):
 * - `cosine`: embedding similarity of the query with the document's best chunk (negatives as 0);
 * - `lexical` = 0.8 · coverage + 0.2 · ts_rank / best ts_rank, where coverage is the share of the
 *   query's distinct terms found in the document's tsvector;
 * - similarity = 1 − (1 − cosine) · (1 − 0.9 · lexical): either signal alone can make a
 *   document relevant, both together rank it higher, and a document holding every query term
 *   scores at least 0.9 whatever its length (cosine alone falls with document length).
 */
export function hybridSimilarity(cosine: number, coverage: number, relativeRank: number): number {
  const lexical = COVERAGE_WEIGHT * coverage + (1 - COVERAGE_WEIGHT) * relativeRank;
  const score = 1 - (1 - Math.max(0, cosine)) * (1 - LEXICAL_WEIGHT * lexical);
  return Math.min(1, Math.max(0, score));
}

interface Scored {
  readonly id: string;
  readonly similarity: number;
  readonly rank: number;
}

export async function searchKnowledgeBase(
  db: Db,
  config: Config,
  indexes: SearchIndexes,
  principal: Principal,
  id: string,
  input: SearchInput,
) {
  const knowledgeBase = await findOrNotFound(db, principal, id);
  const provider = embeddingProviderFor(knowledgeBase.indexing_preferences, config);
  const [queryVector] = await provider.embed([input.query]);
  // Both run at once, each over an index held in memory for the base's content version.
  const [vectors, lexical] = await Promise.all([
    queryVector
      ? vectorSimilarities(db, indexes.embeddings, knowledgeBase, queryVector)
      : { documentIds: [], similarities: new Float32Array(0) },
    lexicalMatches(db, indexes.lexical, knowledgeBase, input.query),
  ]);
  const bestRank = lexical.reduce((best, match) => Math.max(best, match.rank), 0);
  const lexicalById = new Map(lexical.map((match) => [match.id, match]));
  const scored: Scored[] = [];
  const consider = (id: string, cosine: number) => {
    const match = lexicalById.get(id);
    const relativeRank = match && bestRank > 0 ? match.rank / bestRank : 0;
    const similarity = hybridSimilarity(cosine, match?.coverage ?? 0, relativeRank);
    if (similarity >= input.similarityThreshold) scored.push({ id, similarity, rank: match?.rank ?? 0 });
  };
  const embedded = new Set<string>();
  vectors.documentIds.forEach((id, position) => {
    const cosine = vectors.similarities[position] as number;
    // Without a full-text match the score is the cosine itself (negatives as 0): most documents stop here.
    if (Math.max(0, cosine) < input.similarityThreshold && !lexicalById.has(id)) return;
    embedded.add(id);
    consider(id, cosine);
  });
  // Documents stored without an embedding count through their full-text relevance alone.
  for (const match of lexical) if (!embedded.has(match.id)) consider(match.id, 0);
  scored.sort((a, b) => b.similarity - a.similarity || b.rank - a.rank || (a.id < b.id ? -1 : 1));
  const top = scored.slice(0, input.limit);
  const rows = new Map(
    (
      await findDocumentsByIds(
        db,
        top.map((hit) => hit.id),
      )
    ).map((row) => [row.id, row]),
  );
  const data = top.flatMap((hit) => {
    const row = rows.get(hit.id);
    // Deleted between scoring and reading: leave it out.
    if (!row) return [];
    return [
      {
        document: presentDocument(row, { includeMetadata: input.includeMetadata }),
        similarity: Math.round(hit.similarity * 10_000) / 10_000,
      },
    ];
  });
  return { data, query: input.query, resultsCount: data.length };
}
