import type { components } from '../../../generated/openapi.js';
import { isUuid } from '../../db/ids.js';
import type { Knex } from '../../db/knex.js';
import { type Page, type PageRequest, selectPage } from '../../db/pagination.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { enqueueDeliveryJob } from '../../jobs/kinds/deliver-webhook-enqueue.js';
import type { Principal } from '../identity/principal.js';

/** Attempts listed per delivery, newest last; older ones are counted in `attempts` but not shown. */
const ATTEMPTS_SHOWN = 20;

type WebhookDelivery = components['schemas']['WebhookDelivery'];

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event: WebhookDelivery['event'];
  event_id: string;
  execution_id: string | null;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Date;
}

interface AttemptRow {
  delivery_id: string;
  attempted_at: Date;
  url: string;
  status_code: number | null;
  latency_ms: number;
  response_body: string | null;
  error: string | null;
}

export interface DeliveryFilters {
  event?: string;
  status?: string;
  executionId?: string;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function present(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event,
    eventId: row.event_id,
    executionId: row.execution_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    deliveredAt: iso(row.delivered_at),
    createdAt: row.created_at.toISOString(),
    attemptLog: attempts.map((attempt) => ({
      attemptedAt: attempt.attempted_at.toISOString(),
      url: attempt.url,
      statusCode: attempt.status_code,
      latencyMs: attempt.latency_ms,
      responseBody: attempt.response_body,
      error: attempt.error,
    })),
  };
}

/** Ids as text: bigints stay exact, and uuids read the same whatever parser is installed. */
function deliveryColumns(db: Knex) {
  return [
    db.raw('id::text as id'),
    'webhook_id',
    'event',
    db.raw('event_id::text as event_id'),
    db.raw('execution_id::text as execution_id'),
    'status',
    'attempts',
    'next_attempt_at',
    'last_attempt_at',
    'last_status_code',
    'last_error',
    'delivered_at',
    'created_at',
  ];
}

async function attemptsOf(db: Knex, ids: string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (ids.length === 0) return byDelivery;
  const rows: AttemptRow[] = await db
    .select(
      db.raw('delivery_id::text as delivery_id'),
      'attempted_at',
      'url',
      'status_code',
      'latency_ms',
      'response_body',
      'error',
    )
    .from(
      db('webhook_delivery_attempts')
        .select('*', db.raw('row_number() over (partition by delivery_id order by id desc) as recent'))
        .whereIn('delivery_id', ids)
        .as('a'),
    )
    .where('recent', '<=', ATTEMPTS_SHOWN)
    .orderBy('id');
  for (const row of rows) {
    const list = byDelivery.get(row.delivery_id) ?? [];
    list.push(row);
    byDelivery.set(row.delivery_id, list);
  }
  return byDelivery;
}

/** Newest first, with each delivery's attempt log (the last 20 attempts). */
export async function listDeliveries(
  db: Knex,
  principal: Principal,
  filters: DeliveryFilters,
  page: PageRequest,
): Promise<Page<WebhookDelivery>> {
  if (filters.executionId !== undefined && !isUuid(filters.executionId)) {
    throw new ValidationError(['query.executionId: must be a UUID']);
  }
  const filtered = () => {
    const query = db('webhook_deliveries').where({ organization_id: principal.organizationId });
    if (filters.event) query.where({ event: filters.event });
    if (filters.status) query.where({ status: filters.status });
    if (filters.executionId) query.where({ execution_id: filters.executionId });
    return query;
  };
  const { rows, total } = await selectPage<DeliveryRow>(
    db,
    filtered,
    (query) => query.select(deliveryColumns(db)).orderBy('webhook_deliveries.id', 'desc'),
    page,
  );
  const attempts = await attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => present(row, attempts.get(row.id) ?? [])),
    pagination: { total, page: page.page, limit: page.limit },
  };
}

function deliveryNotFound(): NotFoundError {
  return new NotFoundError('Webhook delivery not found');
}

/**
 * Sends a finished delivery again, with the same `webhook-id` (a receiver that already has it
 * can recognise the duplicate) and a fresh retry schedule. A pending one is already on its way
 * (409). The organization's current endpoint receives it: it must exist and be enabled (409).
 */
export async function redeliver(db: Knex, principal: Principal, id: string) {
  if (!/^\d{1,18}$/.test(id)) throw deliveryNotFound();
  await db.transaction(async (trx) => {
    const delivery = await trx('webhook_deliveries')
      .where({ id, organization_id: principal.organizationId })
      .forUpdate()
      .first('status', db.raw('execution_id::text as execution_id'));
    if (!delivery) throw deliveryNotFound();
    if (delivery.status === 'PENDING')
      throw new ConflictError('This delivery is still pending; it has not finished yet');
    const endpoint = await trx('webhook_endpoints').where({ organization_id: principal.organizationId }).first();
    if (!endpoint) throw new ConflictError('No webhook endpoint is configured for this organization');
    if (endpoint.disabled_at !== null) {
      throw new ConflictError('The webhook endpoint is disabled; PUT /api/webhook-endpoint to enable it again');
    }
    await trx('webhook_deliveries').where({ id }).update({
      status: 'PENDING',
      retry_from: trx.fn.now(),
      failures_since_retry_from: 0,
      attempting_until: null,
      next_attempt_at: trx.fn.now(),
      delivered_at: null,
      waiting_delivery_ids: [],
    });
    await enqueueDeliveryJob(trx, {
      deliveryId: id,
      executionId: delivery.execution_id,
      organizationId: principal.organizationId,
    });
  });
  const row = await db('webhook_deliveries').where({ id }).first(deliveryColumns(db));
  return present(row as DeliveryRow, (await attemptsOf(db, [id])).get(id) ?? []);
}
