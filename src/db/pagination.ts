import type { Db, Knex } from './knex.js';

/** Page and limit as validated by the contract (page >= 1, limit 1-100). */
export interface PageRequest {
  readonly page: number;
  readonly limit: number;
}

export interface Page<T> {
  readonly data: T[];
  readonly pagination: { total: number; page: number; limit: number };
}

export function pageRequest(query: Record<string, unknown>): PageRequest {
  return { page: Number(query.page ?? 1), limit: Number(query.limit ?? 20) };
}

export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

/** A LIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page of `filtered()` and the total it would have unpaginated, in one round trip
 * (`count(*) over ()`). A page past the end has no row to carry the total, so only then is it
 * counted separately. `shape` adds the columns and order.
 */
export async function selectPage<Row>(
  db: Db,
  filtered: () => Knex.QueryBuilder,
  shape: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  page: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const rows: (Row & { total_count?: number })[] = await shape(filtered())
    .select(db.raw('count(*) over () as total_count'))
    .limit(page.limit)
    .offset(offsetOf(page));
  if (rows.length > 0) {
    const total = Number(rows[0]?.total_count);
    return { rows: rows.map(({ total_count: _total, ...row }) => row as Row), total };
  }
  if (page.page === 1) return { rows: [], total: 0 };
  const [counted] = await filtered().count<{ total: number }[]>({ total: '*' });
  return { rows: [], total: Number(counted?.total ?? 0) };
}
