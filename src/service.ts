import type { Config } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { createServer } from './http/server.js';
import type { Logger } from './logger.js';
import { waitForBulkUploads } from './modules/knowledge-bases/bulk-upload.js';
import { DEMO_OWNER_EMAIL, seedDemoOrganization } from './seed-demo.js';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The composition root behind `npm start` and `quire serve`: database (embedded or
 * DATABASE_URL) -> migrations -> HTTP server. SIGTERM/SIGINT stop accepting requests, let
 * in-flight ones finish, then close the pool and the embedded database.
 */
export async function runService(config: Config, logger: Logger): Promise<void> {
  const database = await openDatabase(config, logger);
  const applied = await migrateToLatest(database.knex);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');

  if (database.embedded) {
    const key = await seedDemoOrganization(database.knex, config);
    if (key !== null) {
      // Printed once, on stderr outside the JSON log stream, so a person sees it.
      process.stderr.write(
        `\nquire: created organization "demo" with owner ${DEMO_OWNER_EMAIL}.\n` +
          `quire: API key (shown once, also in ${config.dataDir}/demo-api-key):\n\n    ${key}\n\n`,
      );
    }
  }

  const server = await createServer({ config, db: database.knex, logger });
  await server.start();
  logger.info({ uri: server.info.uri, role: config.role }, 'quire is serving');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await server.stop({ timeout: SHUTDOWN_GRACE_MS });
    // Accepted bulk uploads outlive their responses; let them finish before the pool closes.
    await waitForBulkUploads();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
