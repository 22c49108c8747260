import type { EmbeddingProvider } from './embedding-provider.js';
import { normalize } from './vectors.js';

/**
 * The default embedding: deterministic, offline, no model to download. Each text becomes a
 * bag of hashed features, counted with sublinear weights and L2-normalised:
 * - every word (Unicode letters and digits, lower-cased, accents removed), weight 1;
 * - every character trigram of `^word$`, weight 0.5, so inflections and typos stay close
 *   ("invoice" and "invoices" share most trigrams).
 * Features are hashed (FNV-1a) into LOCAL_EMBEDDING_DIMENSIONS buckets with a hashed sign, the
 * "hashing trick": collisions cancel out on average instead of piling up.
 *
 * It is lexical, not semantic: it finds shared words and word parts, not synonyms. Point
 * EMBEDDINGS_BASE_URL at a model for semantic similarity.
 */
export const LOCAL_EMBEDDING_DIMENSIONS = 384;
export const LOCAL_EMBEDDING_MODEL = 'quire-lexical-v1';

const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.5;
const WORD_PATTERN = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** 32-bit FNV-1a over UTF-16 code units: fast, and stable across processes and versions. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function words(text: string): string[] {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().match(WORD_PATTERN) ?? [];
}

/** Occurrences of each feature; words are keyed `w:…`, trigrams `t:…`. */
function countFeatures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  for (const word of words(text)) {
    add(`w:${word}`);
    const marked = `^${word}$`;
    for (let i = 0; i + 3 <= marked.length; i++) add(`t:${marked.slice(i, i + 3)}`);
  }
  return counts;
}

export function localEmbedding(text: string): Float32Array {
  const vector = new Float32Array(LOCAL_EMBEDDING_DIMENSIONS);
  for (const [feature, count] of countFeatures(text)) {
    const hash = fnv1a(feature);
    // Sublinear: a word said ten times is more present than once, not ten times more.
    const weight = (feature.startsWith('w:') ? WORD_WEIGHT : TRIGRAM_WEIGHT) * (1 + Math.log(count));
    const sign = hash & 0x80000000 ? -1 : 1;
    const bucket = hash % LOCAL_EMBEDDING_DIMENSIONS;
    vector[bucket] = (vector[bucket] as number) + sign * weight;
  }
  return normalize(vector);
}

export const localEmbeddingProvider: EmbeddingProvider = {
  provider: 'local',
  model: LOCAL_EMBEDDING_MODEL,
  embed: async (texts) => texts.map(localEmbedding),
};
