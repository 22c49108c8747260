import type { Db } from '../../db/knex.js';
import { selectIndexedIds, selectSearchVectorChanges } from './documents-repository.js';
import { type IndexChanges, type IndexedDocuments, keptSlots, readChanges } from './index-delta.js';
import { recordGrowth } from './slot-join.js';
import { createVersionedCache, type VersionedCache } from './versioned-cache.js';

/**
 * A knowledge base's full-text index held in memory for search: for each lexeme of the
 * documents' `search_vector`, the documents holding it and what it adds to their rank. Ranks are
 * PostgreSQL's `ts_rank` (default weights, no normalisation) of an OR of the query's terms,
 * computed here from the stored tsvectors: for a term with positions p1..pn of weights w1..wn,
 * with wm the largest weight at pm,
 *   contribution = (wm + sum(wi / i^2) - wm / m^2) / (pi^2 / 6),
 * and the rank is the sum of the contributions of the query's terms present, divided by the
 * number of distinct terms. Single-precision arithmetic, as PostgreSQL does it. Scoring a query
 * is then a walk over its terms' postings instead of a rank computed per matching row. Kept per
 * `content_version` like the embeddings (embedding-index.ts): a newer version reads only the
 * documents written since and appends them in new slots, emptying the slots they replace.
 */
interface Posting {
  /** Slots of the documents holding the lexeme, ascending; the first `length` are used. */
  documents: Int32Array;
  contributions: Float64Array;
  length: number;
}

/**
 * Postings shared by the versions of one base's index that grew from one another: documents
 * are appended in new slots, so a version reads a posting up to its own slot count.
 */
interface PostingStore {
  readonly postings: Map<string, Posting>;
  /** Slots filled so far. */
  slots: number;
  /** Postings held, for the cache's size. */
  size: number;
}

export interface LexicalIndex extends IndexedDocuments {
  readonly store: PostingStore;
}

/** `ts_rank`'s default weights of D, C, B and A positions. */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround);
/** Char codes of the weight letters A, B, C, D. */
const WEIGHT_LETTERS = [65, 66, 67, 68];
/** The limit of sum(1 / i^2): pi^2 / 6, as `ts_rank` writes it. */
const SUM_OF_INVERSE_SQUARES = 1.64493406685;

/** Postings kept across all cached knowledge bases (8 Mi, about 100 MiB); least recently used go first. */
const MAX_CACHED_POSTINGS = 8 * 1024 * 1024;
/** The full-text postings of every knowledge base searched lately. */
export type LexicalIndexCache = VersionedCache<LexicalIndex>;

export function createLexicalIndexCache(): LexicalIndexCache {
  return createVersionedCache<LexicalIndex>((index) => index.store.size, MAX_CACHED_POSTINGS);
}

const QUOTE = 39; // '
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/**
 * Calls `onEntry` with each lexeme of a tsvector as PostgreSQL prints it (`'word':1,5A
 * 'other':2`) and its contribution. Printed lexemes double their quotes and backslashes; a
 * position may end in its weight's letter (A, B, C; none is D). Read by hand and without
 * allocating per position: this runs over every document of a base.
 */
export function readTsvector(printed: string, onEntry: (lexeme: string, contribution: number) => void): void {
  const f = Math.fround;
  let i = 0;
  const end = printed.length;
  while (i < end) {
    if (printed.charCodeAt(i) !== QUOTE) {
      i++;
      continue;
    }
    let lexeme = '';
    let from = ++i;
    while (i < end) {
      const code = printed.charCodeAt(i);
      if (code === QUOTE || code === BACKSLASH) {
        if (code === QUOTE && printed.charCodeAt(i + 1) !== QUOTE) break;
        lexeme += printed.slice(from, i + 1);
        i += 2;
        from = i;
        continue;
      }
      i++;
    }
    lexeme += printed.slice(from, i);
    i++; // the closing quote
    let sum = 0;
    let heaviest = -1;
    let heaviestAt = 0;
    let count = 0;
    if (printed.charCodeAt(i) === COLON) {
      i++;
      while (i < end) {
        let code = printed.charCodeAt(i);
        if (code < DIGIT_0 || code > DIGIT_9) break;
        while (code >= DIGIT_0 && code <= DIGIT_9) code = printed.charCodeAt(++i);
        let weight = WEIGHTS[0] as number;
        const letterIndex = WEIGHT_LETTERS.indexOf(code);
        if (letterIndex >= 0) {
          weight = WEIGHTS[3 - letterIndex] as number;
          i++;
        }
        const rank = count + 1;
        sum = f(sum + f(weight / (rank * rank)));
        if (weight > heaviest) {
          heaviest = weight;
          heaviestAt = count;
        }
        count++;
        if (printed.charCodeAt(i) !== COMMA) break;
        i++;
      }
    }
    // A lexeme stored without positions counts as one position of the lowest weight.
    if (count === 0) {
      heaviest = WEIGHTS[0] as number;
      sum = heaviest;
    }
    const at = heaviestAt + 1;
    onEntry(lexeme, f(f(heaviest + sum) - f(heaviest / (at * at))) / SUM_OF_INVERSE_SQUARES);
  }
}

/** The lexemes of a printed tsvector with their contributions. */
export function parseTsvector(printed: string): Array<[string, number]> {
  const entries: Array<[string, number]> = [];
  readTsvector(printed, (lexeme, contribution) => entries.push([lexeme, contribution]));
  return entries;
}

function addPosting(store: PostingStore, lexeme: string, slot: number, contribution: number): void {
  let posting = store.postings.get(lexeme);
  if (!posting) {
    posting = { documents: new Int32Array(4), contributions: new Float64Array(4), length: 0 };
    store.postings.set(lexeme, posting);
  }
  if (posting.length === posting.documents.length) {
    const documents = new Int32Array(posting.length * 2);
    documents.set(posting.documents);
    const contributions = new Float64Array(posting.length * 2);
    contributions.set(posting.contributions);
    posting.documents = documents;
    posting.contributions = contributions;
  }
  posting.documents[posting.length] = slot;
  posting.contributions[posting.length] = contribution;
  posting.length++;
  store.size++;
}

/**
 * `previous` with `changes` (printed tsvectors) applied: in place when `previous` is the newest
 * version of its store and keeps enough of its slots, else copied without its empty slots.
 */
export function applyLexicalChanges(previous: LexicalIndex | undefined, changes: IndexChanges<string>): LexicalIndex {
  const kept = previous ? keptSlots(previous, changes.removals, changes.additions.length) : null;
  let store: PostingStore;
  let documentIds: (string | undefined)[];
  if (previous && kept && previous.store.slots === previous.documentIds.length) {
    store = previous.store;
    documentIds = kept.documentIds;
    // Slots kept in place: a search's join with the other index follows them (slot-join.ts).
    recordGrowth(documentIds, previous.documentIds);
  } else {
    store = { postings: new Map(), slots: 0, size: 0 };
    documentIds = [];
    if (previous) {
      // Slots renumbered in order, so every posting stays ascending.
      const renumbered = new Int32Array(previous.documentIds.length).fill(-1);
      previous.documentIds.forEach((id, slot) => {
        if (id === undefined || changes.removals.has(id)) return;
        renumbered[slot] = documentIds.length;
        documentIds.push(id);
      });
      for (const [lexeme, posting] of previous.store.postings) {
        for (let i = 0; i < posting.length; i++) {
          const slot = posting.documents[i] as number;
          if (slot >= renumbered.length) break;
          const now = renumbered[slot] as number;
          if (now >= 0) addPosting(store, lexeme, now, posting.contributions[i] as number);
        }
      }
      store.slots = documentIds.length;
    }
  }
  let live = documentIds.reduce((count, id) => (id === undefined ? count : count + 1), 0);
  for (const added of changes.additions) {
    const slot = store.slots++;
    readTsvector(added.data, (lexeme, contribution) => addPosting(store, lexeme, slot, contribution));
    documentIds.push(added.id);
    live++;
  }
  return { store, documentIds, live };
}

/**
 * What a query's terms match in a full-text index, as parallel arrays over the matched
 * documents (no object per document: a frequent term matches most of a base).
 */
export interface LexicalHits {
  /** The index's documents by slot (its own array, shared, not copied). */
  readonly documentIds: readonly (string | undefined)[];
  /** How many documents match. */
  readonly count: number;
  /** Each match's slot in `documentIds`. */
  readonly slots: Int32Array;
  /** Each match's ts_rank of an OR of the query's terms (a single-precision value). */
  readonly ranks: Float64Array;
  /** Each match's share of the query's distinct terms present, 0..1. */
  readonly coverages: Float64Array;
}

const NO_HITS: LexicalHits = {
  documentIds: [],
  count: 0,
  slots: new Int32Array(0),
  ranks: new Float64Array(0),
  coverages: new Float64Array(0),
};

/** The documents of `index` holding at least one of `terms`, with their rank and coverage. */
export function scoreTerms(index: LexicalIndex, terms: readonly string[]): LexicalHits {
  if (terms.length === 0) return NO_HITS;
  const { documentIds } = index;
  const slots = documentIds.length;
  const ranks = new Float64Array(slots);
  const counts = new Uint16Array(slots);
  const matched = new Int32Array(slots);
  let count = 0;
  for (const term of terms) {
    const posting = index.store.postings.get(term);
    if (!posting) continue;
    const { documents, contributions } = posting;
    for (let i = 0; i < posting.length; i++) {
      const document = documents[i] as number;
      // Slots past this version's were filled by a newer one.
      if (document >= slots) break;
      if (documentIds[document] === undefined) continue;
      if (counts[document] === 0) matched[count++] = document;
      counts[document] = (counts[document] as number) + 1;
      ranks[document] = Math.fround((ranks[document] as number) + (contributions[i] as number));
    }
  }
  const hits = {
    documentIds,
    count,
    slots: matched.slice(0, count),
    ranks: new Float64Array(count),
    coverages: new Float64Array(count),
  };
  for (let m = 0; m < count; m++) {
    const document = matched[m] as number;
    hits.ranks[m] = Math.fround((ranks[document] as number) / terms.length);
    hits.coverages[m] = (counts[document] as number) / terms.length;
  }
  return hits;
}

/**
 * Full-text relevance of the documents holding at least one of `terms`: `rank` as `ts_rank`
 * gives it and `coverage`, the share of the terms the document holds. Terms are the distinct
 * lexemes PostgreSQL's 'simple' configuration makes of the query (lower-cased words, no stemming
 * and no stop words, so every language is treated alike), read with the knowledge base.
 */
export async function lexicalMatches(
  db: Db,
  cache: LexicalIndexCache,
  knowledgeBase: { id: string; content_version: number },
  terms: readonly string[],
): Promise<LexicalHits> {
  const index = await cache.current(knowledgeBase.id, Number(knowledgeBase.content_version), async (previous) =>
    applyLexicalChanges(
      previous?.index,
      await readChanges(
        previous,
        (since) => selectSearchVectorChanges(db, knowledgeBase.id, since),
        () => selectIndexedIds(db, knowledgeBase.id),
      ),
    ),
  );
  return scoreTerms(index, terms);
}
