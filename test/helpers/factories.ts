import { randomBytes } from 'node:crypto';
import type { Knex } from '../../src/db/knex.js';
import type { Role } from '../../src/modules/identity/principal.js';
import { addMember, createApiKey, createOrganization, createUser } from '../../src/modules/identity/service.js';

export interface Actor {
  readonly organization: { id: string; slug: string; name: string };
  readonly user: { id: string; email: string; isPlatformAdmin: boolean };
  readonly key: string;
  readonly keyId: string;
  readonly headers: { authorization: string };
}

function suffix(): string {
  return randomBytes(4).toString('hex');
}

/** A new organization with one member of the given role and an API key for them. */
export async function createActor(
  db: Knex,
  options: { slug?: string; role?: Role; platformAdmin?: boolean } = {},
): Promise<Actor> {
  const organization = await createOrganization(db, options.slug ?? `org${suffix()}`, 'Test Org');
  return addActor(db, organization, options);
}

/** Another user in an existing organization, with their own key. */
export async function addActor(
  db: Knex,
  organization: Actor['organization'],
  options: { role?: Role; platformAdmin?: boolean } = {},
): Promise<Actor> {
  const user = await createUser(db, `user-${suffix()}@example.test`, options.platformAdmin ?? false);
  await addMember(db, organization.slug, user.email, options.role ?? 'owner');
  const key = await createApiKey(db, user.email, organization.slug, null);
  return { organization, user, key: key.key, keyId: key.id, headers: { authorization: `Bearer ${key.key}` } };
}

/** A minimal valid document type body for an organization (non-admin prefix rules). */
export function documentTypeBody(organizationSlug: string, overrides: Record<string, unknown> = {}) {
  return {
    codeType: `${organizationSlug.replace(/-/g, '_')}_invoice_${suffix()}`,
    name: 'Invoice',
    description: 'Supplier invoices',
    jsonSchema: {
      type: 'object',
      properties: {
        invoice_number: { type: 'string' },
        issue_date: { type: 'string', format: 'date' },
        total: { type: 'number' },
      },
      required: ['invoice_number'],
    },
    ...overrides,
  };
}
