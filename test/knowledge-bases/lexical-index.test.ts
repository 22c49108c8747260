import t from 'tap';
import { applyLexicalChanges, parseTsvector, scoreTerms } from '../../src/modules/knowledge-bases/lexical-index.js';
import { createTestDatabase } from '../helpers/database.js';

/**
 * The in-memory full-text rank equals PostgreSQL's ts_rank of an OR of the query's terms, for
 * repeated words, many positions, weighted positions and lexemes with quotes or backslashes.
 */

const TEXTS = [
  'Invoice invoice INVOICE total due',
  'A contract between the parties; the parties agree. The parties sign.',
  `It's O'Brien's \\ back\\slash and 'quoted' words`,
  Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 'alpha' : `word${i}`)).join(' '),
  'résumé naïve café über straße',
];
const QUERIES = [
  ['invoice'],
  ['invoice', 'total', 'missing'],
  ['parties', 'the'],
  ["o'brien's", 'back\\slash'],
  ['alpha'],
  ['café', 'straße'],
];

function rankOf(printed: string, terms: readonly string[]): number {
  const contributions = new Map(parseTsvector(printed));
  let sum = 0;
  for (const term of terms) sum = Math.fround(sum + (contributions.get(term) ?? 0));
  return Math.fround(sum / terms.length);
}

t.test('ranks computed from the printed tsvector equal ts_rank', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const literal = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  for (const [weighted, vectorSql] of [
    [false, `to_tsvector('simple', ?)`],
    [true, `setweight(to_tsvector('simple', left(?, 20)), 'A') || setweight(to_tsvector('simple', ?), 'C')`],
  ] as const) {
    for (const text of TEXTS) {
      const bindings = weighted ? [text, text] : [text];
      const printed = (await database.knex.raw(`select (${vectorSql})::text as v`, bindings)).rows[0].v as string;
      for (const terms of QUERIES) {
        const query = terms.map(literal).join(' | ');
        const expected = Number(
          (await database.knex.raw(`select ts_rank(${vectorSql}, ?::tsquery)::float8 as r`, [...bindings, query]))
            .rows[0].r,
        );
        const rank = rankOf(printed, terms);
        // ts_rank answers 1e-20 rather than 0 for a document holding no term.
        const wanted = expected <= 1e-19 ? 0 : expected;
        t.ok(
          Math.abs(rank - wanted) <= 1e-6 * Math.max(1, wanted),
          `${terms.join('|')} on "${text.slice(0, 30)}" (weighted: ${weighted}): ${rank} vs ${wanted}`,
        );
      }
    }
  }
});

t.test('scoreTerms lists each live document holding a term once, with its rank and coverage', async (t) => {
  const printed = {
    a: "'apple':1 'pear':2",
    b: "'pear':1,3 'plum':2",
    c: "'apple':1",
    d: "'fig':1",
  };
  const first = applyLexicalChanges(undefined, {
    removals: new Set(),
    additions: Object.entries(printed).map(([id, data]) => ({ id, data })),
  });
  // c is emptied in a newer version; the older one still holds it.
  const second = applyLexicalChanges(first, { removals: new Set(['c']), additions: [{ id: 'e', data: "'apple':4" }] });
  const terms = ['apple', 'pear', 'kiwi'];
  const expected = (ids: string[]) =>
    ids.map((id) => ({
      id,
      rank: rankOf((printed as Record<string, string>)[id] ?? "'apple':4", terms),
      coverage:
        parseTsvector((printed as Record<string, string>)[id] ?? "'apple':4").filter(([lexeme]) =>
          terms.includes(lexeme),
        ).length / terms.length,
    }));
  const listed = (hits: ReturnType<typeof scoreTerms>) =>
    Array.from({ length: hits.count }, (_, m) => ({
      id: hits.documentIds[hits.slots[m] as number],
      rank: hits.ranks[m],
      coverage: hits.coverages[m],
    })).sort((x, y) => String(x.id).localeCompare(String(y.id)));
  t.same(listed(scoreTerms(first, terms)), expected(['a', 'b', 'c']));
  t.same(listed(scoreTerms(second, terms)), expected(['a', 'b', 'e']));
  t.equal(scoreTerms(second, []).count, 0, 'no terms, no matches');
});
