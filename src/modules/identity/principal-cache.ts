import type { Principal } from './principal.js';

/** The channel every change to keys, users, organizations or memberships is announced on. */
export const CREDENTIALS_CHANGED_CHANNEL = 'quire_credentials_changed';

/**
 * Resolved principals by key, each kept at most `ttlMs`, so a revoked key or a removed membership
 * is refused at the latest `ttlMs` after the change even when the change notification is lost.
 * Only successful resolutions are kept: a refused key is looked up again on its next request.
 * Bounded: past `maxEntries` the oldest entry goes.
 */
export interface PrincipalCache {
  get(keyHash: string): Principal | undefined;
  set(keyHash: string, principal: Principal): void;
  /** Forget everything (a change was announced, or announcements may have been missed). */
  clear(): void;
  readonly size: number;
}

export function createPrincipalCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): PrincipalCache {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { principal: Principal; expiresAt: number }>();
  return {
    get(keyHash) {
      const entry = entries.get(keyHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(keyHash);
        return undefined;
      }
      return entry.principal;
    },
    set(keyHash, principal) {
      if (ttlMs <= 0) return;
      entries.delete(keyHash);
      entries.set(keyHash, { principal, expiresAt: now() + ttlMs });
      // Maps iterate in insertion order: the first key is the oldest.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
