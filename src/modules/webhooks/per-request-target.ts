import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Db } from '../../db/knex.js';
import { ValidationError } from '../../errors.js';
import { privateAddressRange } from '../../outbound/address-policy.js';
import { findEndpoint } from './endpoint-repository.js';
import { checkEndpointUrl } from './endpoint-service.js';

const FIELD = 'webhook_url';

/** Every address `host` resolves to now; a name that does not resolve is refused. */
async function addressesOf(host: string): Promise<string[]> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true })).map((answer) => answer.address);
  } catch {
    throw new ValidationError([`${FIELD}: the host ${host} does not resolve`]);
  }
}

/**
 * A submission's `webhook_url` (the hosted SDKs' per-request webhook), checked at submit: the
 * endpoint URL rules (absolute http(s), no credentials), the same address policy as delivery
 * (loopback, private, link-local… refused unless `allowPrivate`; delivery checks again when it
 * connects), and an organization webhook endpoint to sign with. Null when none was sent.
 */
export async function checkPerRequestWebhookUrl(
  db: Db,
  organizationId: string,
  value: unknown,
  allowPrivate: boolean,
): Promise<string | null> {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new ValidationError([`${FIELD}: must be a string`]);
  const url = checkEndpointUrl(value, FIELD);
  if (!allowPrivate) {
    const host = new URL(url).hostname;
    for (const address of await addressesOf(host)) {
      const range = privateAddressRange(address);
      if (range !== null) {
        throw new ValidationError([
          `${FIELD}: ${host} is a private or local network address (${range}); set WEBHOOK_ALLOW_PRIVATE_TARGETS=true to allow it`,
        ]);
      }
    }
  }
  const endpoint = await findEndpoint(db, organizationId);
  if (!endpoint || endpoint.disabled_at !== null) {
    throw new ValidationError([
      `${FIELD}: deliveries are signed with the organization's webhook secret; configure an enabled endpoint first (PUT /api/webhook-endpoint)`,
    ]);
  }
  return url;
}
