import type { Db } from '../../db/knex.js';
import { ForbiddenError, UnauthorizedError } from '../../errors.js';
import { hashToken, parseToken, tokenMatches } from './api-key-token.js';
import type { Principal, Role } from './principal.js';
import type { PrincipalCache } from './principal-cache.js';

interface KeyRow {
  api_key_id: string;
  token_hash: Buffer;
  organization_id: string | null;
  user_id: string;
  email: string;
  is_platform_admin: boolean;
  organization_slug: string | null;
  organization_name: string | null;
  role: Role | null;
}

// One round trip: the key, its user, its organization and the user's membership there.
export const FIND_KEY_SQL = `
  select k.id as api_key_id, k.token_hash, k.organization_id,
         u.id as user_id, u.email, u.is_platform_admin,
         o.slug as organization_slug, o.name as organization_name,
         m.role
    from api_keys k
    join users u on u.id = k.user_id
    left join organizations o on o.id = k.organization_id
    left join memberships m on m.organization_id = k.organization_id and m.user_id = k.user_id
   where k.lookup_id = ? and k.revoked_at is null`;

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Resolves an API key to its principal. 401 for a missing, malformed, unknown or revoked key;
 * 403 for a key without organization or whose owner left the organization.
 */
export async function authenticate(db: Db, authorization: string | undefined): Promise<Principal> {
  const token = bearerToken(authorization);
  if (token === null)
    throw new UnauthorizedError('Missing or malformed Authorization header: send Authorization: Bearer <API key>');
  const lookupId = parseToken(token);
  if (lookupId === null) throw new UnauthorizedError();
  const result = await db.raw<{ rows: KeyRow[] }>(FIND_KEY_SQL, [lookupId]);
  const row = result.rows[0];
  if (!row || !tokenMatches(token, row.token_hash)) throw new UnauthorizedError();
  if (row.organization_id === null || row.organization_slug === null || row.organization_name === null) {
    throw new ForbiddenError('This API key is not bound to an organization');
  }
  if (row.role === null) {
    throw new ForbiddenError('The owner of this API key is no longer a member of its organization');
  }
  return {
    apiKeyId: row.api_key_id,
    userId: row.user_id,
    email: row.email,
    isPlatformAdmin: row.is_platform_admin,
    organizationId: row.organization_id,
    organizationSlug: row.organization_slug,
    organizationName: row.organization_name,
    role: row.role,
  };
}

/** Resolves an Authorization header to its principal, or throws the 401/403 of `authenticate`. */
export type Authenticator = (authorization: string | undefined) => Promise<Principal>;

/**
 * `authenticate` with resolved principals reused from `cache` (keyed by the token's hash, never
 * the token). A refused key is never cached, so only the refusal of a key that worked can be late,
 * by at most the cache's time to live.
 */
export function cachedAuthenticator(db: Db, cache: PrincipalCache): Authenticator {
  return async (authorization) => {
    const token = bearerToken(authorization);
    const cacheKey = token === null ? null : hashToken(token).toString('base64');
    const cached = cacheKey === null ? undefined : cache.get(cacheKey);
    if (cached) return cached;
    const principal = await authenticate(db, authorization);
    if (cacheKey !== null) cache.set(cacheKey, principal);
    return principal;
  };
}
