const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be a row id (uuid). A malformed id names no row, so services answer 404
 * without asking PostgreSQL, which would otherwise fail the uuid cast with a 500.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
