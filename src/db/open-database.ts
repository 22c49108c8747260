import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedPostgres } from './embedded.js';
import { createDb, type Knex } from './knex.js';

export interface OpenDatabase {
  readonly knex: Knex;
  /** True when quire runs on its own embedded PostgreSQL (no DATABASE_URL). */
  readonly embedded: boolean;
  close(): Promise<void>;
  /** Stops only what would outlive the process (the embedded cluster), without draining the pool. */
  closeNow(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded cluster under QUIRE_DATA_DIR (started or joined). */
export async function openDatabase(config: Config, logger: Logger): Promise<OpenDatabase> {
  if (config.databaseUrl !== null) {
    const knex = createDb(config.databaseUrl, { logger });
    return { knex, embedded: false, close: () => knex.destroy(), closeNow: async () => {} };
  }
  const log = logger.child({ component: 'embedded-postgres' });
  const cluster = await startEmbeddedPostgres(config.dataDir, (message) => log.debug(message.trim()));
  log.info({ dataDir: path.join(config.dataDir, 'postgres') }, 'embedded PostgreSQL ready');
  const knex = createDb(cluster.url, { logger });
  return {
    knex,
    embedded: true,
    close: async () => {
      await knex.destroy();
      await cluster.stop();
    },
    // PostgreSQL's fast shutdown ends the pool's sessions itself.
    closeNow: () => cluster.stop(),
  };
}
