import { createNotificationListener } from '../../jobs/notification-listener.js';
import type { Logger } from '../../logger.js';
import { CREDENTIALS_CHANGED_CHANNEL, type PrincipalCache } from './principal-cache.js';

/**
 * Empties `cache` whenever keys, users, organizations or memberships change, in any process (a
 * database trigger announces each change), and whenever the listening connection comes back
 * (announcements may have been missed). Answers a function that stops listening. While the
 * connection is down the cache's time to live still bounds how late a revocation takes effect.
 */
export async function forgetPrincipalsOnCredentialChanges(
  databaseUrl: string,
  cache: PrincipalCache,
  log: Logger,
): Promise<() => Promise<void>> {
  const listener = await createNotificationListener(databaseUrl, log, { applicationName: 'quire credentials' });
  const stopReconnects = listener.onReconnect(() => cache.clear());
  await listener.subscribe(CREDENTIALS_CHANGED_CHANNEL, () => cache.clear());
  return async () => {
    stopReconnects();
    await listener.close();
  };
}
