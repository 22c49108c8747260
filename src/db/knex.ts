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

/** Connections of the statement pool (statementPool) of a knex instance, at most. */
const STATEMENT_POOL_MAX = 4;

interface StatementPoolSlot {
  pool: pg.Pool | null;
  readonly open: () => pg.Pool;
}

const statementPools = new WeakMap<Knex, StatementPoolSlot>();

export function createDb(databaseUrl: string, options: { poolMax?: number; logger?: Logger } = {}): Knex {
  const logger = options.logger ?? createLogger('warn');
  const poolMax = options.poolMax ?? 10;
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, application_name: 'quire' },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
    log: knexLog(logger),
  });
  const slot: StatementPoolSlot = {
    pool: null,
    open: () => {
      const pool = new pg.Pool({
        connectionString: databaseUrl,
        application_name: 'quire',
        max: Math.min(poolMax, STATEMENT_POOL_MAX),
        connectionTimeoutMillis: 10_000,
        allowExitOnIdle: true,
      });
      pool.on('error', (error) =>
        logger.warn({ err: error, component: 'db' }, 'an idle statement-pool connection failed'),
      );
      return pool;
    },
  };
  statementPools.set(knex, slot);
  // The statement pool goes with the knex pool (knex.destroy() ends its client's).
  const client = knex.client as { destroy: (...args: unknown[]) => Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (...args: unknown[]) => {
    const pool = slot.pool;
    slot.pool = null;
    statementPools.delete(knex);
    await pool?.end();
    return destroy(...args);
  };
  return knex;
}

/**
 * A small pg pool beside a knex instance's own (made by createDb, ended with it), for single
 * statements that run outside a transaction: a named statement through it costs about a
 * third of what it costs through knex (pool acquire and release, runner, query events), which
 * on a status poll or a run's reads was most of their CPU time. Null for a knex instance
 * createDb did not make, or one being destroyed.
 */
export function statementPool(knex: Knex): pg.Pool | null {
  const slot = statementPools.get(knex);
  if (!slot) return null;
  slot.pool ??= slot.open();
  return slot.pool;
}

/** The connection string a pool was made with (createDb always sets one): for LISTEN connections. */
export function connectionStringOf(knex: Knex): string {
  const connection = knex.client.config.connection as { connectionString?: string } | string;
  const url = typeof connection === 'string' ? connection : connection.connectionString;
  if (!url) throw new Error('this knex instance has no connection string');
  return url;
}
