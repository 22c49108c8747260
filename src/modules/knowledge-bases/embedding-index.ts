import type { Db } from '../../db/knex.js';
import { decodeVectors } from '../embeddings/vectors.js';
import { selectEmbeddingChanges, selectIndexedIds } from './documents-repository.js';
import { exactDot, scanErrorBound, VectorArena } from './dot-products.js';
import { type IndexChanges, type IndexedDocuments, keptSlots, readChanges } from './index-delta.js';
import { recordGrowth } from './slot-join.js';
import { createVersionedCache, type VersionedCache } from './versioned-cache.js';

/**
 * A knowledge base's chunk embeddings, held in memory for search: every chunk's floats one after
 * another in one block (dot-products.ts scores them four lanes at a time) and, per chunk, the
 * slot of the document it belongs to. Similarity is a dot product (vectors are normalised).
 * Kept per `content_version` (versioned-cache.ts): a newer version reads only the documents
 * written since and appends them; the slots of the documents they replace or that were deleted
 * are emptied and skipped, and once a quarter of the slots are empty the index is copied
 * without them.
 */
interface ChunkStore {
  readonly arena: VectorArena;
  /** For each chunk, its document's slot. */
  owners: Int32Array;
  /** For each slot s, its chunks are firstChunks[s] .. firstChunks[s + 1] - 1. */
  firstChunks: Int32Array;
  /** Slots filled so far (by this index's version or by newer ones grown from it). */
  slots: number;
  /** The largest length of a stored vector: it bounds the scan's rounding error. */
  largestNorm: number;
}

interface EmbeddingIndex extends IndexedDocuments {
  /** Shared with the versions grown from this one, which only append to it. */
  readonly store: ChunkStore;
  /** Chunks of this version: the first chunkCount of the store. */
  readonly chunkCount: number;
}

/** Bytes of vectors kept across all cached knowledge bases (256 MiB); least recently used go first. */
const MAX_CACHED_BYTES = 256 * 1024 * 1024;

/** The embeddings of every knowledge base searched lately, by base and dimensions. */
export type EmbeddingIndexCache = VersionedCache<EmbeddingIndex>;

export function createEmbeddingIndexCache(): EmbeddingIndexCache {
  return createVersionedCache<EmbeddingIndex>((index) => index.store.arena.byteLength, MAX_CACHED_BYTES);
}

function grown(array: Int32Array, length: number): Int32Array {
  if (length <= array.length) return array;
  const bigger = new Int32Array(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}

function emptyStore(dimensions: number, chunks: number): ChunkStore {
  return {
    arena: new VectorArena(dimensions, chunks),
    owners: new Int32Array(Math.max(chunks, 16)),
    firstChunks: new Int32Array(64),
    slots: 0,
    largestNorm: 0,
  };
}

/** Appends one document's chunks to `store` in the next slot. */
function appendDocument(store: ChunkStore, floats: Float32Array): void {
  const dimensions = store.arena.dimensions;
  const first = store.arena.append(floats);
  const chunks = floats.length / dimensions;
  store.owners = grown(store.owners, first + chunks);
  store.owners.fill(store.slots, first, first + chunks);
  for (let chunk = 0; chunk < chunks; chunk++) {
    let sum = 0;
    for (let i = chunk * dimensions; i < (chunk + 1) * dimensions; i++) sum += (floats[i] as number) ** 2;
    store.largestNorm = Math.max(store.largestNorm, Math.sqrt(sum));
  }
  store.firstChunks = grown(store.firstChunks, store.slots + 2);
  store.slots++;
  store.firstChunks[store.slots] = first + chunks;
}

/**
 * `previous` with `changes` applied: in place when `previous` is the newest version of its store
 * and keeps enough of its slots, else copied without its empty slots.
 */
export function applyEmbeddingChanges(
  previous: EmbeddingIndex | undefined,
  dimensions: number,
  changes: IndexChanges<Float32Array>,
): EmbeddingIndex {
  const kept = previous ? keptSlots(previous, changes.removals, changes.additions.length) : null;
  let store: ChunkStore;
  let documentIds: (string | undefined)[];
  if (previous && kept && previous.store.slots === previous.documentIds.length) {
    store = previous.store;
    documentIds = kept.documentIds;
    // Slots kept in place: a search's join with the other index follows them (slot-join.ts).
    recordGrowth(documentIds, previous.documentIds);
  } else {
    const addedChunks = changes.additions.reduce((sum, added) => sum + added.data.length / dimensions, 0);
    store = emptyStore(dimensions, (previous?.chunkCount ?? 0) + addedChunks);
    documentIds = [];
    if (previous) {
      const from = previous.store;
      previous.documentIds.forEach((id, slot) => {
        if (id === undefined || changes.removals.has(id)) return;
        const first = from.firstChunks[slot] as number;
        appendDocument(store, from.arena.vectors(first, (from.firstChunks[slot + 1] as number) - first));
        documentIds.push(id);
      });
    }
  }
  let live = documentIds.reduce((count, id) => (id === undefined ? count : count + 1), 0);
  for (const added of changes.additions) {
    appendDocument(store, added.data);
    documentIds.push(added.id);
    live++;
  }
  return { store, chunkCount: store.firstChunks[store.slots] as number, documentIds, live };
}

/** The embeddings of a knowledge base at `version`, from memory, read again or brought up to date. */
function currentIndex(
  db: Db,
  cache: EmbeddingIndexCache,
  knowledgeBaseId: string,
  dimensions: number,
  version: number,
): Promise<EmbeddingIndex> {
  return cache.current(`${knowledgeBaseId}:${dimensions}`, version, async (previous) => {
    const changes = await readChanges(
      previous,
      (since) => selectEmbeddingChanges(db, knowledgeBaseId, dimensions, since),
      () => selectIndexedIds(db, knowledgeBaseId, dimensions),
    );
    const additions = changes.additions.map((added) => ({ id: added.id, data: decodeVectors(added.data) }));
    return applyEmbeddingChanges(previous?.index, dimensions, { removals: changes.removals, additions });
  });
}

/** Each embedded document's similarity to a query: approximate for all, exact on demand. */
export interface VectorSimilarities {
  /** By slot; undefined: no document there. */
  readonly documentIds: readonly (string | undefined)[];
  /** By slot: the cosine of the document's best chunk, within `tolerance` of the exact one. */
  readonly similarities: Float32Array;
  readonly tolerance: number;
  /** The exact cosine of slot's best chunk: its double-precision dot product, rounded to a float. */
  exact(slot: number): number;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(exactDot(vector, vector));
}

/** Similarities of `query` with every document of `index`: one scan, the best chunk per document. */
export function similaritiesIn(index: EmbeddingIndex, query: Float32Array): VectorSimilarities {
  const { store, chunkCount, documentIds } = index;
  const best = new Float32Array(documentIds.length).fill(-1);
  const owners = store.owners;
  store.arena.scan(query, chunkCount, (chunk, dot) => {
    const owner = owners[chunk] as number;
    if (dot > (best[owner] as number)) best[owner] = dot;
  });
  return {
    documentIds,
    similarities: best,
    tolerance: scanErrorBound(query.length, norm(query), store.largestNorm),
    exact(slot) {
      let exact = -1;
      for (let chunk = store.firstChunks[slot] as number; chunk < (store.firstChunks[slot + 1] as number); chunk++) {
        exact = Math.max(exact, Math.fround(exactDot(store.arena.vectors(chunk), query)));
      }
      return exact;
    },
  };
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
  const index = await currentIndex(db, cache, knowledgeBase.id, query.length, Number(knowledgeBase.content_version));
  return similaritiesIn(index, query);
}
