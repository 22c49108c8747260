import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { createLogger, type Logger } from '../logger.js';

export type { Knex };
/** A handle that is either the pool or a transaction, so services compose inside transactions. */
export type Db = Knex | Knex.Transaction;

// BIGINT (count(*) and friends) comes back as a JS number: quire's counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * knex reports a pooled connection that PostgreSQL dropped (a restart, say) as
 * `Connection Error: …` through its own logger, which prints plain coloured text to the console.
 * Routed to pino instead, every line the service writes stays JSON.
 */
function knexLog(logger: Logger): Knex.Config['log'] {
  const log = logger.child({ component: 'db' });
  const text = (message: unknown) => (typeof message === 'string' ? message : String(message));
  return {
    warn: (message: unknown) => log.warn(text(message)),
    error: (message: unknown) => log.error(text(message)),
    deprecate: (message: unknown) => log.warn(text(message)),
    debug: (message: unknown) => log.debug(text(message)),
  };
}

export function createDb(databaseUrl: string, options: { poolMax?: number; logger?: Logger } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, application_name: 'quire' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
    log: knexLog(options.logger ?? createLogger('warn')),
  });
}

/** The connection string a pool was made with (createDb always sets one): for LISTEN connections. */
export function connectionStringOf(knex: Knex): string {
  const connection = knex.client.config.connection as { connectionString?: string } | string;
  const url = typeof connection === 'string' ? connection : connection.connectionString;
  if (!url) throw new Error('this knex instance has no connection string');
  return url;
}
