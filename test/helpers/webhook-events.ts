import type { Knex } from '../../src/db/knex.js';
import { recordDeliveryForEvent } from '../../src/modules/webhooks/delivery-repository.js';

/**
 * Events and their deliveries written the way an execution's transitions write them (one
 * transaction each), without running a document: for tests of delivery alone.
 */

export async function insertExecution(db: Knex, organizationId: string): Promise<string> {
  const [row] = await db('executions').insert({ organization_id: organizationId, kind: 'convert' }).returning('id');
  return row.id as string;
}

/** Records `event` for the execution and its delivery (with its job); answers the event id. */
export async function recordEvent(
  db: Knex,
  organizationId: string,
  executionId: string,
  event: string,
): Promise<string> {
  return db.transaction(async (trx) => {
    const [row] = await trx('events')
      .insert({
        organization_id: organizationId,
        execution_id: executionId,
        event,
        payload: JSON.stringify({ event, execution_id: executionId }),
      })
      .returning(trx.raw('id::text as id'));
    await recordDeliveryForEvent(trx, { id: row.id, organizationId, executionId, event });
    return row.id as string;
  });
}

/** Backends of this database waiting for a lock. */
export async function lockWaiters(db: Knex): Promise<number> {
  const result = await db.raw(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return result.rows[0].n;
}
