import type { EmbeddingProvider } from './embedding-provider.js';
import { normalize } from './vectors.js';

/**
 * The default embedding: deterministic, offline, no model to download. Each text becomes a
 * bag of hashed features:
 * - every word (Unicode letters and digits, lower-cased, accents removed), weight 1;
 * - every character trigram of `^word$`, weight 0.5, so inflections and typos stay close
 *   ("invoice" and "invoices" share most trigrams).
 * Features are hashed (32-bit FNV-1a) into LOCAL_EMBEDDING_DIMENSIONS buckets with a hashed
 * sign (the "hashing trick": collisions cancel out on average instead of piling up); each
 * bucket's signed sum c becomes sign(c)·ln(1 + |c|), and the vector is L2-normalised.
 *
 * It is lexical, not semantic: it finds shared words and word parts, not synonyms. Point
 * EMBEDDINGS_BASE_URL at a model for semantic similarity.
 */
export const LOCAL_EMBEDDING_DIMENSIONS = 256;
export const LOCAL_EMBEDDING_MODEL = 'quire-lexical-v1';

const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.5;
const WORD_PATTERN = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Different starting states keep a word's hash apart from a trigram's with the same letters. */
const WORD_SEED = FNV_OFFSET;
const TRIGRAM_SEED = Math.imul(FNV_OFFSET ^ 0x74, FNV_PRIME) >>> 0;
const WORD_START = 0x5e; // ^
const WORD_END = 0x24; // $

/** One step of 32-bit FNV-1a: fast, and stable across processes and versions. */
function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME);
}

function words(text: string): string[] {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().match(WORD_PATTERN) ?? [];
}

function wordHash(word: string): number {
  let hash = WORD_SEED;
  for (let i = 0; i < word.length; i++) hash = fnvStep(hash, word.charCodeAt(i));
  return hash >>> 0;
}

/** A feature as stored per word: its bucket plus one, negated when its hashed sign is negative. */
function signedBucket(hash: number): number {
  const bucket = (hash % LOCAL_EMBEDDING_DIMENSIONS) + 1;
  return hash & 0x80000000 ? -bucket : bucket;
}

/** The word's own feature first, then its trigrams' (of ^word$, hashed without building strings). */
function computeFeatures(word: string): Int32Array {
  const last = word.length + 1;
  const codeAt = (position: number) =>
    position === 0 ? WORD_START : position === last ? WORD_END : word.charCodeAt(position - 1);
  const features = new Int32Array(last);
  features[0] = signedBucket(wordHash(word));
  for (let start = 0; start + 2 <= last; start++) {
    const hash = fnvStep(fnvStep(fnvStep(TRIGRAM_SEED, codeAt(start)), codeAt(start + 1)), codeAt(start + 2)) >>> 0;
    features[start + 1] = signedBucket(hash);
  }
  return features;
}

/**
 * Features per word, remembered: words repeat across documents far more than they vary, and
 * hashing is most of the cost. Cleared when full rather than kept in LRU order: simpler, and a
 * miss only costs a recomputation.
 */
const featureCache = new Map<string, Int32Array>();
const FEATURE_CACHE_WORDS = 100_000;

function featuresOf(word: string): Int32Array {
  let features = featureCache.get(word);
  if (!features) {
    if (featureCache.size >= FEATURE_CACHE_WORDS) featureCache.clear();
    features = computeFeatures(word);
    featureCache.set(word, features);
  }
  return features;
}

export function localEmbedding(text: string): Float32Array {
  const counts = new Float64Array(LOCAL_EMBEDDING_DIMENSIONS);
  for (const word of words(text)) {
    const features = featuresOf(word);
    for (let i = 0; i < features.length; i++) {
      const feature = features[i] as number;
      const weight = i === 0 ? WORD_WEIGHT : TRIGRAM_WEIGHT;
      if (feature > 0) counts[feature - 1] = (counts[feature - 1] as number) + weight;
      else counts[-feature - 1] = (counts[-feature - 1] as number) - weight;
    }
  }
  // Sublinear: a feature seen ten times is more present than once, not ten times more.
  const vector = new Float32Array(LOCAL_EMBEDDING_DIMENSIONS);
  for (let i = 0; i < vector.length; i++) {
    const count = counts[i] as number;
    vector[i] = Math.sign(count) * Math.log1p(Math.abs(count));
  }
  return normalize(vector);
}

export const localEmbeddingProvider: EmbeddingProvider = {
  provider: 'local',
  model: LOCAL_EMBEDDING_MODEL,
  embed: async (texts) => texts.map(localEmbedding),
};
