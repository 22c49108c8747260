import type { Db } from '../../db/knex.js';
import { type LexicalMatch, queryTerms, selectSearchVectors } from './documents-repository.js';
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
 * is then a walk over its terms' postings instead of a rank computed per matching row.
 */
interface LexicalIndex {
  readonly documentIds: readonly string[];
  readonly postings: ReadonlyMap<string, { documents: Int32Array; contributions: Float64Array }>;
  readonly size: number;
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
  return createVersionedCache<LexicalIndex>((index) => index.size, MAX_CACHED_POSTINGS);
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

async function load(db: Db, knowledgeBaseId: string): Promise<LexicalIndex> {
  const rows = await selectSearchVectors(db, knowledgeBaseId);
  const building = new Map<string, { documents: number[]; contributions: number[] }>();
  let size = 0;
  rows.forEach((row, documentIndex) => {
    readTsvector(row.vector, (lexeme, contribution) => {
      let posting = building.get(lexeme);
      if (!posting) {
        posting = { documents: [], contributions: [] };
        building.set(lexeme, posting);
      }
      posting.documents.push(documentIndex);
      posting.contributions.push(contribution);
      size++;
    });
  });
  const postings = new Map<string, { documents: Int32Array; contributions: Float64Array }>();
  for (const [lexeme, posting] of building) {
    postings.set(lexeme, {
      documents: Int32Array.from(posting.documents),
      contributions: Float64Array.from(posting.contributions),
    });
  }
  return { documentIds: rows.map((row) => row.id), postings, size };
}

/**
 * Full-text relevance of the documents holding at least one term of `query`: `rank` as
 * `ts_rank` gives it and `coverage`, the share of the query's distinct terms the document holds.
 * Terms are the lexemes PostgreSQL's 'simple' configuration makes of the query (lower-cased
 * words, no stemming and no stop words, so every language is treated alike).
 */
export async function lexicalMatches(
  db: Db,
  cache: LexicalIndexCache,
  knowledgeBase: { id: string; content_version: number },
  query: string,
): Promise<LexicalMatch[]> {
  const [terms, index] = await Promise.all([
    queryTerms(db, query),
    cache.current(knowledgeBase.id, Number(knowledgeBase.content_version), () => load(db, knowledgeBase.id)),
  ]);
  if (terms.length === 0) return [];
  const ranks = new Float64Array(index.documentIds.length);
  const counts = new Uint16Array(index.documentIds.length);
  const matched: number[] = [];
  for (const term of terms) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    posting.documents.forEach((document, i) => {
      if (counts[document] === 0) matched.push(document);
      counts[document] = (counts[document] as number) + 1;
      ranks[document] = Math.fround((ranks[document] as number) + (posting.contributions[i] as number));
    });
  }
  return matched.map((document) => ({
    id: index.documentIds[document] as string,
    rank: Math.fround((ranks[document] as number) / terms.length),
    coverage: (counts[document] as number) / terms.length,
  }));
}
