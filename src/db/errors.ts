import { ConflictError } from '../errors.js';

/** PostgreSQL SQLSTATEs quire reacts to; services never read `pg` error codes themselves. */
const UNIQUE_VIOLATION = '23505';
export const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || (error as { constraint?: string }).constraint === constraint;
}

/**
 * Runs a write and turns a unique violation of the named constraint into a 409 with `message`.
 * Anything else propagates unchanged (and ends as a 500 if nobody handles it).
 */
export async function translateUniqueViolation<T>(
  write: () => Promise<T>,
  constraint: string,
  message: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw new ConflictError(message);
    throw error;
  }
}

const FOREIGN_KEY_VIOLATION = '23503';
/** `lock_timeout` expired while waiting for a row lock. */
const LOCK_NOT_AVAILABLE = '55P03';

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === FOREIGN_KEY_VIOLATION;
}

/** PostgreSQL rolled the transaction back to resolve a conflict with another: running it again may succeed. */
export function isSerializationConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === SERIALIZATION_FAILURE || state === DEADLOCK_DETECTED;
}

export function isLockTimeout(error: unknown): boolean {
  return sqlState(error) === LOCK_NOT_AVAILABLE;
}
