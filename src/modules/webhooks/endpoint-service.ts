import type { components } from '../../../generated/openapi.js';
import type { Knex } from '../../db/knex.js';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors.js';
import type { Principal } from '../identity/principal.js';
import { deleteEndpoint, type EndpointRow, findEndpoint, rotateSecret, upsertEndpoint } from './endpoint-repository.js';
import { newWebhookSecret } from './signing.js';

/** After a rotation the old secret keeps signing this long, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const MAX_URL_LENGTH = 2048;

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];

/**
 * The endpoint as the API shows it. The secret is included only in the answers that create or
 * rotate it (`presentEndpointWithSecret`), like an API key: a lost secret is replaced by
 * rotating, so a read never exposes it, whoever asks.
 */
export function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  const previousSigns = row.previous_secret_expires_at !== null && row.previous_secret_expires_at > new Date();
  return {
    organizationId: row.organization_id,
    url: row.url,
    enabled: row.disabled_at === null,
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason,
    lastSuccessAt: iso(row.last_success_at),
    failingSince: iso(row.failing_since),
    previousSecretExpiresAt: previousSigns ? iso(row.previous_secret_expires_at) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentEndpointWithSecret(row: EndpointRow): WebhookEndpointWithSecret {
  return { ...presentEndpoint(row), secret: row.secret };
}

function endpointNotFound(): NotFoundError {
  return new NotFoundError('No webhook endpoint is configured for this organization');
}

/** http or https, absolute, without credentials (they would be stored and shown in reads). */
export function checkEndpointUrl(raw: string, field = 'url'): string {
  const problem = (why: string) => new ValidationError([`${field}: ${why}`]);
  if (raw.length > MAX_URL_LENGTH) throw problem(`must have at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw problem('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw problem(`must be an http or https URL, got ${url.protocol.slice(0, -1)}`);
  }
  if (url.username || url.password) throw problem('must not contain a user name or password');
  return url.toString();
}

export async function getEndpoint(db: Knex, principal: Principal) {
  const row = await findEndpoint(db, principal.organizationId);
  if (!row) throw endpointNotFound();
  return presentEndpoint(row);
}

/** Answers the endpoint, with its secret when it was just created. */
export async function putEndpoint(
  db: Knex,
  organizationId: string,
  rawUrl: string,
): Promise<{ created: true; endpoint: WebhookEndpointWithSecret } | { created: false; endpoint: WebhookEndpoint }> {
  const url = checkEndpointUrl(rawUrl);
  const { row, created } = await upsertEndpoint(db, organizationId, url, newWebhookSecret());
  return created ? { created, endpoint: presentEndpointWithSecret(row) } : { created, endpoint: presentEndpoint(row) };
}

export async function removeEndpoint(db: Knex, principal: Principal) {
  const deleted = await db.transaction((trx) => deleteEndpoint(trx, principal.organizationId));
  if (!deleted) throw endpointNotFound();
  return { id: principal.organizationId, deleted: true as const };
}

export async function rotateEndpointSecret(db: Knex, principal: Principal) {
  const row = await rotateSecret(db, principal.organizationId, newWebhookSecret(), ROTATION_OVERLAP_MS);
  if (!row) throw endpointNotFound();
  return presentEndpointWithSecret(row);
}

/**
 * `quire webhook set --org <slug> --url <url>`: creates or re-points the organization's endpoint
 * and prints its secret. Unlike the API, the operator sees the secret of an existing endpoint
 * too: the CLI already has the database itself.
 */
export async function setEndpointForOrganization(db: Knex, organizationId: string, rawUrl: string) {
  let url: string;
  try {
    url = checkEndpointUrl(rawUrl);
  } catch (error) {
    // The CLI prints only the message: put the problem itself in it.
    if (error instanceof ValidationError) throw new BadRequestError(String(error.extra.errors));
    throw error;
  }
  const { endpoint } = await putEndpoint(db, organizationId, url);
  const row = await findEndpoint(db, organizationId);
  return { url: endpoint.url, secret: row!.secret };
}
