import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/knex.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { newToken } from './api-key-token.js';
import type { Role } from './principal.js';

/**
 * Operator-side identity management: organizations, users, memberships and API keys.
 * Used by the CLI (`npx quire org|user|member|key …`) and by first-start seeding; the HTTP API
 * never issues keys.
 */

export interface Organization {
  id: string;
  slug: string;
  name: string;
}

export interface User {
  id: string;
  email: string;
  isPlatformAdmin: boolean;
}

const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const ROLES: readonly Role[] = ['owner', 'admin', 'member'];

export async function createOrganization(db: Db, slug: string, name: string): Promise<Organization> {
  if (!SLUG_PATTERN.test(slug)) {
    throw new BadRequestError(
      `Invalid slug "${slug}": use lowercase letters, digits, "-" and "_" (at most 63, starting with a letter or digit)`,
    );
  }
  if (!name.trim()) throw new BadRequestError('An organization needs a name');
  try {
    const [row] = await db('organizations').insert({ slug, name: name.trim() }).returning(['id', 'slug', 'name']);
    return row as Organization;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`Organization "${slug}" already exists`);
    throw error;
  }
}

export async function findOrganizationBySlug(db: Db, slug: string): Promise<Organization> {
  const row = await db('organizations').where({ slug }).first('id', 'slug', 'name');
  if (!row) throw new NotFoundError(`No organization with slug "${slug}"`);
  return row as Organization;
}

function presentUser(row: { id: string; email: string; is_platform_admin: boolean }): User {
  return { id: row.id, email: row.email, isPlatformAdmin: row.is_platform_admin };
}

export async function createUser(db: Db, email: string, isPlatformAdmin = false): Promise<User> {
  if (!EMAIL_PATTERN.test(email)) throw new BadRequestError(`Invalid email "${email}"`);
  try {
    const [row] = await db('users')
      .insert({ email, is_platform_admin: isPlatformAdmin })
      .returning(['id', 'email', 'is_platform_admin']);
    return presentUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`User "${email}" already exists`);
    throw error;
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<User> {
  const row = await db('users').whereRaw('lower(email) = lower(?)', [email]).first('id', 'email', 'is_platform_admin');
  if (!row) throw new NotFoundError(`No user with email "${email}"`);
  return presentUser(row);
}

/** Adds a member, or changes the role of one who already is. */
export async function addMember(db: Db, organizationSlug: string, email: string, role: Role) {
  if (!ROLES.includes(role)) throw new BadRequestError(`Invalid role "${role}": use ${ROLES.join(', ')}`);
  const organization = await findOrganizationBySlug(db, organizationSlug);
  const user = await findUserByEmail(db, email);
  await db('memberships')
    .insert({ organization_id: organization.id, user_id: user.id, role })
    .onConflict(['organization_id', 'user_id'])
    .merge({ role });
  return { organization: organization.slug, email: user.email, role };
}

export async function removeMember(db: Db, organizationSlug: string, email: string) {
  const organization = await findOrganizationBySlug(db, organizationSlug);
  const user = await findUserByEmail(db, email);
  const removed = await db('memberships').where({ organization_id: organization.id, user_id: user.id }).delete();
  if (removed === 0) throw new NotFoundError(`"${email}" is not a member of "${organizationSlug}"`);
  return { organization: organization.slug, email: user.email, removed: true };
}

/**
 * Issues a key for a user, bound to one organization (the user must be a member) or to none.
 * The token is returned once; only its hash is stored.
 */
export async function createApiKey(db: Db, email: string, organizationSlug: string | null, name: string | null) {
  const user = await findUserByEmail(db, email);
  let organization: Organization | null = null;
  if (organizationSlug !== null) {
    organization = await findOrganizationBySlug(db, organizationSlug);
    const member = await db('memberships').where({ organization_id: organization.id, user_id: user.id }).first('role');
    if (!member) throw new BadRequestError(`"${email}" is not a member of "${organizationSlug}"`);
  }
  const { token, lookupId, hash } = newToken();
  const [row] = await db('api_keys')
    .insert({
      lookup_id: lookupId,
      token_hash: hash,
      user_id: user.id,
      organization_id: organization?.id ?? null,
      name,
    })
    .returning(['id']);
  return { id: row.id as string, key: token, organization: organization?.slug ?? null };
}

export async function revokeApiKey(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError(`No API key with id "${id}"`);
  const updated = await db('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  if (updated === 0) throw new NotFoundError(`No active API key with id "${id}"`);
  return { id, revoked: true };
}
