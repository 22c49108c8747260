import t from 'tap';
import { normalize } from '../../src/modules/embeddings/vectors.js';
import { exactDot, scanErrorBound, VectorArena } from '../../src/modules/knowledge-bases/dot-products.js';
import { applyEmbeddingChanges, similaritiesIn } from '../../src/modules/knowledge-bases/embedding-index.js';
import type { LexicalHits } from '../../src/modules/knowledge-bases/lexical-index.js';
import { hybridSimilarity, rankHits, type Scored } from '../../src/modules/knowledge-bases/search.js';
import { seededRandom } from '../helpers/contract-fuzz.js';

/**
 * The SIMD scan stays within its stated error of the exact dot product, and the ranking built
 * on it returns exactly what scoring every document with exact cosines returns: same ids, same
 * order, same similarities.
 */

const unitVector = (next: () => number, dimensions: number) =>
  normalize(Float32Array.from({ length: dimensions }, () => next() - 0.5));

t.test('the scan is within scanErrorBound of the double-precision dot product, with and without SIMD', async (t) => {
  const next = seededRandom(1);
  for (const dimensions of [16, 256, 1536, 100]) {
    const count = 600;
    const vectors = Array.from({ length: count }, () => unitVector(next, dimensions));
    const query = unitVector(next, dimensions);
    for (const simd of [true, false]) {
      const arena = new VectorArena(dimensions, 10, simd);
      for (const vector of vectors) arena.append(vector); // grows past its first capacity
      t.equal(arena.length, count);
      const bound = scanErrorBound(dimensions, 1, 1);
      let worst = 0;
      let seen = 0;
      arena.scan(query, count, (position, dot) => {
        t.equal(position, seen++, 'in order');
        worst = Math.max(worst, Math.abs(dot - exactDot(vectors[position] as Float32Array, query)));
      });
      t.equal(seen, count);
      t.ok(worst <= bound, `${dimensions} dimensions, simd ${simd}: error ${worst} within ${bound}`);
      t.same(arena.vectors(7), vectors[7], 'stored as given');
    }
  }
});

/** A document's full-text relevance, as the reference takes it. */
interface LexicalMatch {
  id: string;
  rank: number;
  coverage: number;
}

/** The matches as the full-text index answers them: parallel arrays over slots of its own. */
function hitsOf(matches: readonly LexicalMatch[]): LexicalHits {
  return {
    documentIds: matches.map((match) => match.id),
    count: matches.length,
    slots: Int32Array.from(matches, (_, slot) => slot),
    ranks: Float64Array.from(matches, (match) => match.rank),
    coverages: Float64Array.from(matches, (match) => match.coverage),
  };
}

const NO_HITS = hitsOf([]);

interface Document {
  id: string;
  chunks: Float32Array[];
}

/** Every cosine exact, every document scored, all sorted: what rankHits must equal. */
function reference(
  documents: Document[],
  query: Float32Array,
  lexical: LexicalMatch[],
  threshold: number,
  limit: number,
): Scored[] {
  const bestRank = lexical.reduce((best, match) => Math.max(best, match.rank), 0);
  const byId = new Map(lexical.map((match) => [match.id, match]));
  const scored: Scored[] = [];
  const score = (id: string, cosine: number) => {
    const match = byId.get(id);
    const similarity = hybridSimilarity(
      cosine,
      match?.coverage ?? 0,
      match && bestRank > 0 ? match.rank / bestRank : 0,
    );
    if (similarity >= threshold) scored.push({ id, similarity, rank: match?.rank ?? 0 });
  };
  for (const document of documents) {
    score(document.id, Math.max(...document.chunks.map((chunk) => Math.fround(exactDot(chunk, query)))));
  }
  for (const match of lexical) if (!documents.some((d) => d.id === match.id)) score(match.id, 0);
  scored.sort((a, b) => b.similarity - a.similarity || b.rank - a.rank || (a.id < b.id ? -1 : 1));
  return scored.slice(0, limit);
}

t.test('rankHits equals exact scoring of every document on random data, near-ties included', async (t) => {
  const next = seededRandom(2);
  const dimensions = 64;
  for (let round = 0; round < 60; round++) {
    const query = unitVector(next, dimensions);
    const documents: Document[] = Array.from({ length: 300 }, (_, i) => ({
      id: `doc-${String(i).padStart(3, '0')}`,
      chunks: Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
        // Chunks near the query; at the smallest spread their cosines differ by about the scan's
        // rounding, so the approximate cosines alone would misorder them and pick the wrong page.
        const spread = [0.4, 0.02, 1e-6][round % 3] as number;
        const vector = Float32Array.from(query, (value) => value + (next() - 0.5) * spread);
        return normalize(vector);
      }),
    }));
    // Exact duplicates tie on similarity and fall back to ts_rank, then id.
    documents.push({ id: 'doc-dup-a', chunks: [(documents[0] as Document).chunks[0] as Float32Array] });
    documents.push({ id: 'doc-dup-b', chunks: [(documents[0] as Document).chunks[0] as Float32Array] });
    const lexical: LexicalMatch[] = [];
    for (let i = 0; i < 40; i++) {
      lexical.push({ id: `doc-${String(Math.floor(next() * 300)).padStart(3, '0')}`, rank: next(), coverage: next() });
    }
    lexical.push({ id: 'not-embedded', rank: 0.5, coverage: 1 });
    const uniqueLexical = [...new Map(lexical.map((match) => [match.id, match])).values()];
    const index = applyEmbeddingChanges(undefined, dimensions, {
      removals: new Set(),
      additions: documents.map((document) => {
        const floats = new Float32Array(document.chunks.length * dimensions);
        document.chunks.forEach((chunk, k) => {
          floats.set(chunk, k * dimensions);
        });
        return { id: document.id, data: floats };
      }),
    });
    const threshold = [0, 0.5, 0.9, 0.99][round % 4] as number;
    const limit = [1, 10, 50][Math.floor(round / 3) % 3] as number;
    const expected = reference(documents, query, uniqueLexical, threshold, limit);
    const actual = rankHits(similaritiesIn(index, query), hitsOf(uniqueLexical), threshold, limit);
    t.same(
      actual.map((hit) => hit.id),
      expected.map((hit) => hit.id),
      `round ${round}: same documents in the same order`,
    );
    t.same(
      actual.map((hit) => hit.similarity),
      expected.map((hit) => hit.similarity),
      `round ${round}: the exact similarities`,
    );
  }
});

t.test('after removals and additions the index scores what a fresh one scores', async (t) => {
  const next = seededRandom(3);
  const dimensions = 32;
  const vectorOf = () => unitVector(next, dimensions);
  const initial = Array.from({ length: 40 }, (_, i) => ({ id: `d${i}`, data: vectorOf() }));
  const first = applyEmbeddingChanges(undefined, dimensions, { removals: new Set(), additions: initial });
  // A small change appends in place: the same store, the old version still sees only its own slots.
  const changed = { id: 'd3', data: vectorOf() };
  const added = { id: 'd40', data: vectorOf() };
  const second = applyEmbeddingChanges(first, dimensions, {
    removals: new Set(['d3', 'd5']),
    additions: [changed, added],
  });
  t.equal(second.store, first.store, 'applied in place');
  t.equal(first.documentIds.length, 40, 'the older version is unchanged');
  t.equal(second.live, 40);
  // A second version grown from the same older one copies instead of appending over the first.
  const sibling = applyEmbeddingChanges(first, dimensions, {
    removals: new Set(),
    additions: [{ id: 'x', data: vectorOf() }],
  });
  t.not(sibling.store, first.store, 'copied');
  // Removing more than a quarter compacts.
  const removed = new Set(Array.from({ length: 15 }, (_, i) => `d${i + 10}`));
  const third = applyEmbeddingChanges(second, dimensions, { removals: removed, additions: [] });
  t.not(third.store, second.store, 'compacted');
  t.equal(third.documentIds.length, 25);
  t.notOk(third.documentIds.includes(undefined), 'no empty slots');

  const query = vectorOf();
  const expectedDocuments = new Map<string, Float32Array>();
  for (const { id, data } of initial) expectedDocuments.set(id, data);
  expectedDocuments.delete('d5');
  expectedDocuments.set('d3', changed.data);
  expectedDocuments.set('d40', added.data);
  for (const id of removed) expectedDocuments.delete(id);
  const fresh = applyEmbeddingChanges(undefined, dimensions, {
    removals: new Set(),
    additions: [...expectedDocuments].map(([id, data]) => ({ id, data })),
  });
  const scores = (index: typeof fresh) => {
    const similarities = similaritiesIn(index, query);
    const byId = new Map<string, number>();
    similarities.documentIds.forEach((id, slot) => {
      if (id !== undefined) byId.set(id, similarities.exact(slot));
    });
    return Object.fromEntries([...byId].sort());
  };
  t.same(scores(third), scores(fresh));
  t.same(
    rankHits(similaritiesIn(third, query), NO_HITS, 0, 50),
    rankHits(similaritiesIn(fresh, query), NO_HITS, 0, 50),
  );
});
