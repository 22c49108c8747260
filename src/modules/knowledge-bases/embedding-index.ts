import type { Db } from '../../db/knex.js';
import { decodeVectors } from '../embeddings/vectors.js';
import { selectEmbeddings } from './documents-repository.js';
import { createVersionedCache, type VersionedCache } from './versioned-cache.js';

/**
 * A knowledge base's chunk embeddings, held in memory for search: one flat array and,
 * per chunk, the index of the document it belongs to. Similarity is a dot product (vectors
 * are normalised), so scoring 10,000 documents of 256 dimensions is a few million
 * multiply-adds, a few milliseconds, on any PostgreSQL, with or without pgvector.
 * Kept per `content_version` (versioned-cache.ts), so every process sees every write.
 */
interface EmbeddingIndex {
  readonly version: number;
  readonly dimensions: number;
  readonly documentIds: string[];
  /** For each chunk, its document's position in documentIds. */
  readonly chunkOwners: Int32Array;
  /** Held as doubles: V8 multiplies them a third faster than floats it must widen first. */
  readonly vectors: Float64Array;
}

/** Numbers kept across all cached knowledge bases (32 Mi doubles = 256 MiB); least recently used go first. */
const MAX_CACHED_NUMBERS = 32 * 1024 * 1024;

/** The embeddings of every knowledge base searched lately, by base and dimensions. */
export type EmbeddingIndexCache = VersionedCache<EmbeddingIndex>;

export function createEmbeddingIndexCache(): EmbeddingIndexCache {
  return createVersionedCache<EmbeddingIndex>((index) => index.vectors.length, MAX_CACHED_NUMBERS);
}

async function load(db: Db, knowledgeBaseId: string, dimensions: number, version: number): Promise<EmbeddingIndex> {
  const rows = await selectEmbeddings(db, knowledgeBaseId, dimensions);
  let chunkCount = 0;
  for (const row of rows) chunkCount += row.embedding.length / 4 / dimensions;
  const vectors = new Float64Array(chunkCount * dimensions);
  const chunkOwners = new Int32Array(chunkCount);
  let chunk = 0;
  rows.forEach((row, documentIndex) => {
    const floats = decodeVectors(row.embedding);
    vectors.set(floats, chunk * dimensions);
    const chunks = floats.length / dimensions;
    chunkOwners.fill(documentIndex, chunk, chunk + chunks);
    chunk += chunks;
  });
  return { version, dimensions, documentIds: rows.map((row) => row.id), chunkOwners, vectors };
}

/** The embeddings of a knowledge base at `version`, from memory when that is the one cached. */
function currentIndex(
  db: Db,
  cache: EmbeddingIndexCache,
  knowledgeBaseId: string,
  dimensions: number,
  version: number,
): Promise<EmbeddingIndex> {
  return cache.current(`${knowledgeBaseId}:${dimensions}`, version, () =>
    load(db, knowledgeBaseId, dimensions, version),
  );
}

/** Dot product of `query` with the `dimensions` floats of `vectors` from `offset`, four at a time. */
function dotAt(vectors: Float64Array, offset: number, query: Float64Array, dimensions: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 4 <= dimensions; i += 4) {
    a += (vectors[offset + i] as number) * (query[i] as number);
    b += (vectors[offset + i + 1] as number) * (query[i + 1] as number);
    c += (vectors[offset + i + 2] as number) * (query[i + 2] as number);
    d += (vectors[offset + i + 3] as number) * (query[i + 3] as number);
  }
  for (; i < dimensions; i++) a += (vectors[offset + i] as number) * (query[i] as number);
  return a + b + c + d;
}

export interface VectorSimilarities {
  readonly documentIds: readonly string[];
  /** Per document (same positions as documentIds): the cosine of its best chunk. */
  readonly similarities: Float32Array;
}

/**
 * Cosine similarity of `query` with each embedded document: the best of its chunks.
 * `contentVersion` is the knowledge base's, as just read by the caller.
 */
export async function vectorSimilarities(
  db: Db,
  cache: EmbeddingIndexCache,
  knowledgeBase: { id: string; content_version: number },
  query: Float32Array,
): Promise<VectorSimilarities> {
  const dimensions = query.length;
  const index = await currentIndex(db, cache, knowledgeBase.id, dimensions, Number(knowledgeBase.content_version));
  const best = new Float32Array(index.documentIds.length).fill(-1);
  const { vectors, chunkOwners } = index;
  const wideQuery = Float64Array.from(query);
  for (let chunk = 0; chunk < chunkOwners.length; chunk++) {
    const dot = dotAt(vectors, chunk * dimensions, wideQuery, dimensions);
    const owner = chunkOwners[chunk] as number;
    if (dot > (best[owner] as number)) best[owner] = dot;
  }
  return { documentIds: index.documentIds, similarities: best };
}
