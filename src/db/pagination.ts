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
