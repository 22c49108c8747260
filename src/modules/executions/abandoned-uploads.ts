import type { Db } from '../../db/knex.js';
import { runPeriodically } from '../../jobs/run-periodically.js';
import type { Logger } from '../../logger.js';

/**
 * An upload still arriving after this long was abandoned: the process that received it died
 * (a finished or refused upload always leaves its uploading phase or is deleted at once).
 * Twice the 15 minutes after which an upload stops blocking its step's deletion.
 */
export const ABANDONED_UPLOAD_AFTER = '30 minutes';

/**
 * Deletes executions left in their uploading phase by a process that died mid-upload, with
 * their stored bytes (cascade). Their client never got a 202, so nobody knows their ids.
 * Safe on every worker at once: a plain idempotent delete.
 */
export async function deleteAbandonedUploads(db: Db): Promise<number> {
  return db('executions')
    .whereNotNull('uploading_since')
    .andWhere('status', 'ENQUEUED')
    .andWhereRaw(`uploading_since < now() - interval '${ABANDONED_UPLOAD_AFTER}'`)
    .delete();
}

/** Runs deleteAbandonedUploads every `everyMs` until the returned stop is called. */
export function sweepAbandonedUploads(db: Db, log: Logger, everyMs = 5 * 60_000): () => void {
  return runPeriodically('sweep abandoned uploads', everyMs, log, async () => {
    const deleted = await deleteAbandonedUploads(db);
    if (deleted) log.info({ deleted }, 'deleted executions whose upload was abandoned');
  });
}
