import pg from 'pg';
import t from 'tap';
import { connectionStringOf } from '../../src/db/knex.js';
import type { Principal } from '../../src/modules/identity/principal.js';
import { createPrincipalCache } from '../../src/modules/identity/principal-cache.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/server.js';

/**
 * Resolved API keys are reused for AUTH_CACHE_MS, and a revoked key, a removed membership or a
 * changed role takes effect across processes: at once through the change notification, and at
 * the latest after AUTH_CACHE_MS when the notification is lost.
 */

const principal = (id: string): Principal => ({
  apiKeyId: id,
  userId: 'u',
  email: 'a@example.test',
  isPlatformAdmin: false,
  organizationId: 'o',
  organizationSlug: 'org',
  organizationName: 'Org',
  role: 'owner',
});

t.test('entries expire after the time to live, the oldest go past the bound, and 0 keeps nothing', async (t) => {
  let now = 1_000;
  const cache = createPrincipalCache({ ttlMs: 100, maxEntries: 2, now: () => now });
  cache.set('a', principal('a'));
  now += 99;
  t.equal(cache.get('a')?.apiKeyId, 'a', 'fresh entry served');
  now += 1;
  t.equal(cache.get('a'), undefined, 'expired entry not served');
  cache.set('a', principal('a'));
  cache.set('b', principal('b'));
  cache.set('c', principal('c'));
  t.equal(cache.size, 2);
  t.equal(cache.get('a'), undefined, 'the oldest entry was evicted');
  cache.clear();
  t.equal(cache.size, 0);
  const off = createPrincipalCache({ ttlMs: 0 });
  off.set('a', principal('a'));
  t.equal(off.get('a'), undefined, 'a zero time to live caches nothing');
});

/** Another process's connection to the same database (as the CLI revoking a key would be). */
async function otherProcess(app: TestApp, sql: string, params: unknown[], triggers = true): Promise<void> {
  const client = new pg.Client({ connectionString: connectionStringOf(app.db) });
  await client.connect();
  try {
    // `replica` turns ordinary triggers off: the change is made without its notification.
    if (!triggers) await client.query(`set session_replication_role = replica`);
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Milliseconds until GET /api/auth/ok with `headers` answers `status`, polling; fails past `limitMs`. */
async function msUntilStatus(app: TestApp, headers: Record<string, string>, status: number, limitMs: number) {
  const started = Date.now();
  for (;;) {
    const response = await app.inject({ method: 'GET', url: '/api/auth/ok', headers });
    if (response.statusCode === status) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still ${response.statusCode} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

t.test(
  'with a long time to live, the change notification ends a revoked key and a removed member at once',
  async (t) => {
    const app = await buildTestApp(t, { AUTH_CACHE_MS: '60000' });
    const revoked = await createActor(app.db);
    const leaver = await createActor(app.db);
    t.equal((await app.inject({ method: 'GET', url: '/api/auth/ok', headers: revoked.headers })).statusCode, 200);
    t.equal((await app.inject({ method: 'GET', url: '/api/auth/ok', headers: leaver.headers })).statusCode, 200);

    await otherProcess(app, 'update api_keys set revoked_at = now() where id = $1', [revoked.keyId]);
    const revokedAfter = await msUntilStatus(app, revoked.headers, 401, 10_000);
    t.ok(revokedAfter < 10_000, `revoked key refused after ${revokedAfter} ms, far below the 60 s time to live`);

    await otherProcess(app, 'delete from memberships where user_id = $1', [leaver.user.id]);
    const removedAfter = await msUntilStatus(app, leaver.headers, 403, 10_000);
    t.ok(removedAfter < 10_000, `removed member refused after ${removedAfter} ms`);
  },
);

t.test(
  'without its notification, a revoked key still works from the cache and stops within the time to live',
  async (t) => {
    const app = await buildTestApp(t, { AUTH_CACHE_MS: '1000' });
    const owner = await createActor(app.db);
    // Creating the actor announced its own changes: let those notifications arrive (and empty the
    // cache) before the principal is cached, so only the silent revocation follows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    t.equal((await app.inject({ method: 'GET', url: '/api/auth/ok', headers: owner.headers })).statusCode, 200);

    const revokedAt = Date.now();
    await otherProcess(app, 'update api_keys set revoked_at = now() where id = $1', [owner.keyId], false);
    const served = await app.inject({ method: 'GET', url: '/api/auth/ok', headers: owner.headers });
    // The entry may already have expired on a slow machine; when it has not, the cache served it.
    if (Date.now() - revokedAt < 500) t.equal(served.statusCode, 200, 'the cached principal is served');
    await msUntilStatus(app, owner.headers, 401, 5_000);
    const refusedAfter = Date.now() - revokedAt;
    t.ok(refusedAfter <= 1_000 + 3_000, `refused ${refusedAfter} ms after the silent revocation (bound: 1 s + slack)`);
  },
);
