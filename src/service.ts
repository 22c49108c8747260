import { composeJobWorkers } from './compose-workers.js';
import type { Config } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { createServer } from './http/server.js';
import { scheduleRetentionRuns } from './jobs/kinds/enforce-retention.js';
import type { Logger } from './logger.js';
import { sweepAbandonedUploads } from './modules/executions/abandoned-uploads.js';
import { waitForBulkUploads } from './modules/knowledge-bases/bulk-upload.js';
import { sweepLostDeliveries } from './modules/webhooks/lost-deliveries.js';
import { DEMO_OWNER_EMAIL, seedDemoOrganization } from './seed-demo.js';
import { handleShutdownSignals } from './shutdown-signals.js';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The composition root behind `npm start`, `quire serve` and `quire worker`: database (embedded
 * or DATABASE_URL) -> migrations -> the HTTP server (roles all and api) and the job workers
 * (roles all and worker). SIGTERM/SIGINT stop accepting requests and claiming jobs, let
 * in-flight requests and jobs finish (jobs still running after the grace period are handed
 * back to the queue for another worker), then close the pool and the embedded database.
 * A second signal during that stops the embedded database at once and exits.
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

  const jobs = config.role === 'api' ? null : await composeJobWorkers(config, database.knex, logger);
  const workers = jobs?.workers ?? null;
  if (workers) logger.info({ workerId: workers.workerId }, 'job workers running');
  const sweeperLog = logger.child({ component: 'sweeper' });
  const sweeps = workers
    ? [sweepAbandonedUploads(database.knex, sweeperLog), sweepLostDeliveries(database.knex, sweeperLog)]
    : [];
  const stopRetention = workers ? scheduleRetentionRuns(database.knex, logger.child({ component: 'retention' })) : null;

  const server = config.role === 'worker' ? null : await createServer({ config, db: database.knex, logger });
  if (server) {
    await server.start();
    logger.info({ uri: server.info.uri, role: config.role }, 'quire is serving');
  }

  handleShutdownSignals({
    graceful: async (signal) => {
      logger.info({ signal }, 'shutting down');
      for (const stopSweep of sweeps) stopSweep();
      stopRetention?.();
      await Promise.all([server?.stop({ timeout: SHUTDOWN_GRACE_MS }), workers?.stop(SHUTDOWN_GRACE_MS)]);
      // The document threads (and their OCR engines) go once no job can use them.
      await jobs?.pipeline.close();
      // Accepted bulk uploads outlive their responses; let them finish before the pool closes.
      await waitForBulkUploads();
      await jobs?.webhooks.poster.close();
      await database.close();
      logger.info('stopped');
    },
    immediate: async (signal) => {
      logger.warn({ signal }, 'second signal: stopping now');
      await database.closeNow();
    },
    onError: (error) => logger.error({ err: error }, 'shutdown failed'),
  });
}
