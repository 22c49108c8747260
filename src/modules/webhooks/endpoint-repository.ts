import type { Db } from '../../db/knex.js';
import { touchUpdatedAt } from '../../db/timestamps.js';

export interface EndpointRow {
  organization_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  last_success_at: Date | null;
  failing_since: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function findEndpoint(db: Db, organizationId: string): Promise<EndpointRow | undefined> {
  return db('webhook_endpoints').where({ organization_id: organizationId }).first();
}

/**
 * Creates the organization's endpoint with `secret`, or points the existing one at `url`
 * (keeping its secret). Either way the endpoint is enabled again and its failure clock restarts:
 * a PUT is how an operator says the receiver is fixed. `created` tells the two apart.
 */
export async function upsertEndpoint(
  db: Db,
  organizationId: string,
  url: string,
  secret: string,
): Promise<{ row: EndpointRow; created: boolean }> {
  const result = await db.raw(
    `
    insert into webhook_endpoints (organization_id, url, secret)
    values (?, ?, ?)
    on conflict (organization_id) do update set
      url = excluded.url,
      disabled_at = null, disabled_reason = null, failing_since = null,
      updated_at = greatest(clock_timestamp(), webhook_endpoints.updated_at)
    returning *, (xmax = 0) as created
    `,
    [organizationId, url, secret],
  );
  const { created, ...row } = result.rows[0] as EndpointRow & { created: boolean };
  return { row, created };
}

/** The new secret signs from now on; the old one also signs for `overlapMs`. */
export async function rotateSecret(
  db: Db,
  organizationId: string,
  secret: string,
  overlapMs: number,
): Promise<EndpointRow | undefined> {
  const [row] = await db('webhook_endpoints')
    .where({ organization_id: organizationId })
    .update({
      previous_secret: db.ref('secret'),
      previous_secret_expires_at: db.raw(`now() + ? * interval '1 millisecond'`, [overlapMs]),
      secret,
      updated_at: touchUpdatedAt(db),
    })
    .returning('*');
  return row as EndpointRow | undefined;
}

/** Deletes the endpoint; its pending deliveries fail (they can be replayed once one is configured). */
export async function deleteEndpoint(db: Db, organizationId: string): Promise<boolean> {
  const deleted = await db('webhook_endpoints').where({ organization_id: organizationId }).delete();
  if (deleted === 0) return false;
  await db('webhook_deliveries').where({ organization_id: organizationId, status: 'PENDING' }).update({
    status: 'FAILED',
    attempting_until: null,
    next_attempt_at: null,
    last_error: 'the webhook endpoint was deleted',
  });
  return true;
}
