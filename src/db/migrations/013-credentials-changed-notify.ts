import type { Knex } from 'knex';

/**
 * Every change to API keys, users, organizations or memberships announces itself on
 * `quire_credentials_changed`, so API processes that cache resolved keys forget them at once
 * (a revoked key, a removed member, a changed role). Statement-level triggers: one notification
 * per statement, delivered at commit and merged by PostgreSQL within a transaction.
 */
const TABLES = ['api_keys', 'users', 'organizations', 'memberships'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function quire_notify_credentials_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('quire_credentials_changed', '');
      return null;
    end $$`);
  for (const table of TABLES) {
    await knex.raw(`
      create trigger ${table}_credentials_changed
        after insert or update or delete or truncate on ${table}
        for each statement execute function quire_notify_credentials_changed()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`drop trigger ${table}_credentials_changed on ${table}`);
  await knex.raw('drop function quire_notify_credentials_changed()');
}
