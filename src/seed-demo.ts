import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import type { Knex } from './db/knex.js';
import { addMember, createApiKey, createOrganization, createUser } from './modules/identity/service.js';

export const DEMO_ORGANIZATION = 'demo';
export const DEMO_OWNER_EMAIL = 'owner@demo.quire.local';

/**
 * First start on the embedded database: creates organization `demo` with an owner and returns
 * that owner's API key, also written to `<dataDir>/demo-api-key` (mode 0600). Returns null when
 * the database already has an organization, so later starts never print a key again.
 */
export async function seedDemoOrganization(knex: Knex, config: Config): Promise<string | null> {
  const key = await knex.transaction(async (trx) => {
    // Two processes starting at once on an empty database must not both seed.
    await trx.raw('lock table organizations in exclusive mode');
    const existing = await trx('organizations').first('id');
    if (existing) return null;
    await createOrganization(trx, DEMO_ORGANIZATION, 'Demo');
    await createUser(trx, DEMO_OWNER_EMAIL);
    await addMember(trx, DEMO_ORGANIZATION, DEMO_OWNER_EMAIL, 'owner');
    return (await createApiKey(trx, DEMO_OWNER_EMAIL, DEMO_ORGANIZATION, 'demo')).key;
  });
  if (key !== null) {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(path.join(config.dataDir, 'demo-api-key'), `${key}\n`, { mode: 0o600 });
  }
  return key;
}
