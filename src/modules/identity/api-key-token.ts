import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API key tokens look like `dtq_<lookupId>_<secret>`: 16 hex characters that find the row,
 * then 32 random bytes. Only the SHA-256 of the whole token is stored. The `dtq_` prefix passes
 * the hosted service's CLI check (`^dt[A-Za-z0-9_-]{20,}$`), which refuses anything else before
 * sending it; keys issued earlier as `qk_…` keep working (their hash covers their own prefix).
 */
export const TOKEN_PREFIX = 'dtq_';
const TOKEN_PATTERN = /^(?:dtq|qk)_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface NewToken {
  readonly token: string;
  readonly lookupId: string;
  readonly hash: Buffer;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function newToken(): NewToken {
  const lookupId = randomBytes(8).toString('hex');
  const token = `${TOKEN_PREFIX}${lookupId}_${randomBytes(32).toString('base64url')}`;
  return { token, lookupId, hash: hashToken(token) };
}

/** The lookup id of a well-formed token, or null: malformed tokens never reach the database. */
export function parseToken(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

export function tokenMatches(token: string, storedHash: Buffer): boolean {
  const hash = hashToken(token);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
