import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };
/** A handle that is either the pool or a transaction, so services compose inside transactions. */
export type Db = Knex | Knex.Transaction;

// BIGINT (count(*) and friends) comes back as a JS number: quire's counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function createDb(databaseUrl: string, options: { poolMax?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, application_name: 'quire' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

/** The connection string a pool was made with (createDb always sets one): for LISTEN connections. */
export function connectionStringOf(knex: Knex): string {
  const connection = knex.client.config.connection as { connectionString?: string } | string;
  const url = typeof connection === 'string' ? connection : connection.connectionString;
  if (!url) throw new Error('this knex instance has no connection string');
  return url;
}
