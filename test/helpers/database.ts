import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Knex } from '../../src/db/knex.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationSource } from '../../src/db/migrations/index.js';

/**
 * One database per test file, cloned from a migrated template, so tap can run files in
 * parallel against one PostgreSQL server. The template's name carries a hash of the migration
 * list: adding a migration makes a new template, and every template is migrated from zero.
 */

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Tests need DATABASE_URL (npm test sets it, starting an embedded PostgreSQL if needed)');
  return url;
}

function urlForDatabase(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function templateName(): Promise<string> {
  // Names and code: a migration edited before it lands (on a branch) makes a new template too.
  const migrations = await migrationSource.getMigrations([]);
  const fingerprint = migrations.map(([name, migration]) => `${name}\n${migration.up.toString()}`).join('\n');
  return `quire_template_${createHash('sha256').update(fingerprint).digest('hex').slice(0, 12)}`;
}

// Serializes template creation across the parallel test processes.
const TEMPLATE_LOCK_KEY = 7_342_002;

async function ensureTemplate(name: string): Promise<void> {
  await withAdminClient(async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_building_${randomBytes(3).toString('hex')}`;
      await client.query(`create database ${building}`);
      const knex = createDb(urlForDatabase(building), { poolMax: 2 });
      try {
        await migrateToLatest(knex);
      } finally {
        await knex.destroy();
      }
      // Renamed only once complete, so a crash never leaves a half-migrated template behind.
      await client.query(`alter database ${building} rename to ${name}`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

export interface TestDatabase {
  readonly knex: Knex;
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await templateName();
  await ensureTemplate(template);
  const name = `quire_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(async (client) => {
    // CREATE DATABASE … TEMPLATE fails while another session is connected to the template.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const url = urlForDatabase(name);
  const knex = createDb(url, { poolMax: 20 });
  return {
    knex,
    url,
    name,
    drop: async () => {
      await knex.destroy();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
