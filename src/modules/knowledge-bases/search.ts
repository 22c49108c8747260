import type { Config } from '../../config.js';
import type { Db } from '../../db/knex.js';
import type { Principal } from '../identity/principal.js';
import { findForSearchOrNotFound } from './access.js';
import { findDocumentsByIds } from './documents-repository.js';
import {
  createEmbeddingIndexCache,
  type EmbeddingIndexCache,
  type VectorSimilarities,
  vectorSimilarities,
} from './embedding-index.js';
import { embeddingProviderFor } from './indexer.js';
import { createLexicalIndexCache, type LexicalHits, type LexicalIndexCache, lexicalMatches } from './lexical-index.js';
import { presentDocument } from './present.js';
import { slotsIn } from './slot-join.js';

/** What searches keep in memory between requests: each base's embeddings and full-text postings. */
export interface SearchIndexes {
  readonly embeddings: EmbeddingIndexCache;
  readonly lexical: LexicalIndexCache;
}

/** One per API process (built by the server), shared by every search. */
export function createSearchIndexes(): SearchIndexes {
  return { embeddings: createEmbeddingIndexCache(), lexical: createLexicalIndexCache() };
}

const NO_VECTORS: VectorSimilarities = {
  documentIds: [],
  similarities: new Float32Array(0),
  tolerance: 0,
  exact: () => -1,
};

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

export interface Scored {
  readonly id: string;
  readonly similarity: number;
  readonly rank: number;
}

/**
 * The `limit` best documents with a similarity of at least `threshold`, best first (ties: higher
 * ts_rank, then id), scored exactly as if every cosine were exact. The similarity moves no more
 * than the cosine does, so the approximate cosines decide everything outside a band of twice
 * their tolerance: documents surely under the threshold drop out, and once `limit` documents
 * are surely over it, documents surely under the limit-th of those drop out too. Only the few
 * left (typically about `limit`) are scored with their exact cosines. Works by slot number (the
 * full-text matches joined to the vector slots once per pair of index versions): no map, set or
 * object per document.
 */
export function rankHits(
  vectors: VectorSimilarities,
  lexical: LexicalHits,
  threshold: number,
  limit: number,
): Scored[] {
  const tolerance = vectors.tolerance;
  const { documentIds, similarities } = vectors;
  const { count, ranks, coverages } = lexical;
  let bestRank = 0;
  for (let match = 0; match < count; match++) bestRank = Math.max(bestRank, ranks[match] as number);
  // match -1: the document holds no query term.
  const similarity = (cosine: number, match: number) =>
    match < 0
      ? hybridSimilarity(cosine, 0, 0)
      : hybridSimilarity(cosine, coverages[match] as number, bestRank > 0 ? (ranks[match] as number) / bestRank : 0);
  // Each vector slot's full-text match (-1: none); matches without a vector slot are listed apart.
  const matchAt = new Int32Array(documentIds.length).fill(-1);
  const vectorSlotOf = slotsIn(lexical.documentIds, documentIds);
  const unembedded: number[] = [];
  for (let match = 0; match < count; match++) {
    const slot = vectorSlotOf[lexical.slots[match] as number] as number;
    if (slot >= 0) matchAt[slot] = match;
    else unembedded.push(match);
  }
  // Candidates as parallel lists: vector slot (-1: no embedding), full-text match, approximate similarity.
  const candidateSlots: number[] = [];
  const candidateMatches: number[] = [];
  const approximates: number[] = [];
  for (let slot = 0; slot < documentIds.length; slot++) {
    if (documentIds[slot] === undefined) continue;
    const cosine = similarities[slot] as number;
    const match = matchAt[slot] as number;
    // Without a full-text match the score is the cosine itself (negatives as 0): most documents stop here.
    if (match < 0 && Math.max(0, cosine) < threshold - tolerance) continue;
    const approximate = similarity(cosine, match);
    if (approximate >= threshold - tolerance) {
      candidateSlots.push(slot);
      candidateMatches.push(match);
      approximates.push(approximate);
    }
  }
  // Documents stored without an embedding count through their full-text relevance alone.
  for (const match of unembedded) {
    const exact = similarity(0, match);
    if (exact >= threshold) {
      candidateSlots.push(-1);
      candidateMatches.push(match);
      approximates.push(exact);
    }
  }
  // The limit-th best of the documents surely over the threshold (a min-heap of the best seen).
  const surely = new MinHeap(limit);
  for (const approximate of approximates) {
    if (approximate >= threshold + tolerance) surely.offer(approximate);
  }
  const floor = Math.max(threshold - tolerance, surely.full ? surely.min - 2 * tolerance : -Infinity);
  const scored: Scored[] = [];
  for (let candidate = 0; candidate < approximates.length; candidate++) {
    const approximate = approximates[candidate] as number;
    if (approximate < floor) continue;
    const slot = candidateSlots[candidate] as number;
    const match = candidateMatches[candidate] as number;
    const exact = slot < 0 ? approximate : similarity(vectors.exact(slot), match);
    if (exact < threshold) continue;
    scored.push({
      id: (slot < 0 ? lexical.documentIds[lexical.slots[match] as number] : documentIds[slot]) as string,
      similarity: exact,
      rank: match < 0 ? 0 : (ranks[match] as number),
    });
  }
  scored.sort((a, b) => b.similarity - a.similarity || b.rank - a.rank || (a.id < b.id ? -1 : 1));
  return scored.slice(0, limit);
}

/** The `capacity` largest numbers offered, smallest at the root. */
class MinHeap {
  private readonly values: number[] = [];
  constructor(private readonly capacity: number) {}

  get full(): boolean {
    return this.values.length >= this.capacity;
  }

  get min(): number {
    return this.values[0] as number;
  }

  offer(value: number): void {
    const values = this.values;
    if (values.length < this.capacity) {
      values.push(value);
      for (let i = values.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if ((values[parent] as number) <= value) break;
        values[i] = values[parent] as number;
        values[parent] = value;
        i = parent;
      }
      return;
    }
    if (this.capacity === 0 || value <= (values[0] as number)) return;
    values[0] = value;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < values.length && (values[left] as number) < (values[smallest] as number)) smallest = left;
      if (right < values.length && (values[right] as number) < (values[smallest] as number)) smallest = right;
      if (smallest === i) break;
      values[i] = values[smallest] as number;
      values[smallest] = value;
      i = smallest;
    }
  }
}

export async function searchKnowledgeBase(
  db: Db,
  config: Config,
  indexes: SearchIndexes,
  principal: Principal,
  id: string,
  input: SearchInput,
) {
  const { knowledgeBase, terms } = await findForSearchOrNotFound(db, principal, id, input.query);
  const provider = embeddingProviderFor(knowledgeBase.indexing_preferences, config);
  const [queryVector] = await provider.embed([input.query]);
  // Both run at once, each over an index held in memory for the base's content version.
  const [vectors, lexical] = await Promise.all([
    queryVector ? vectorSimilarities(db, indexes.embeddings, knowledgeBase, queryVector) : NO_VECTORS,
    lexicalMatches(db, indexes.lexical, knowledgeBase, terms),
  ]);
  const top = rankHits(vectors, lexical, input.similarityThreshold, input.limit);
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
