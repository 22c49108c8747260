import type { Db } from '../../db/knex.js';
import { runPeriodically } from '../../jobs/run-periodically.js';
import type { Logger } from '../../logger.js';
import { repairLostDeliveries } from './delivery-repository.js';

/**
 * Every `everyMs`, gives a job to any pending delivery left without one (repairLostDeliveries),
 * until the returned stop is called. Finding one is a defect: it is logged as an error.
 */
export function sweepLostDeliveries(db: Db, log: Logger, everyMs = 60_000): () => void {
  return runPeriodically('sweep lost webhook deliveries', everyMs, log, async () => {
    const repaired = await repairLostDeliveries(db);
    if (repaired) log.error({ repaired }, 'pending webhook deliveries had no job; they were given one');
  });
}
