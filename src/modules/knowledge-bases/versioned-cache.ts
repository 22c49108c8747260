/**
 * Per-knowledge-base data held in memory for search, each entry tagged with the base's
 * `content_version` it was loaded at. Every document write bumps that number in its
 * transaction, so a search that reads another number loads again: any number of quire
 * processes stay consistent with the database. Entries are kept least recently used first
 * until their summed size passes `maxSize`; concurrent searches of one stale base share one load.
 */
export interface VersionedCache<T> {
  current(key: string, version: number, load: () => Promise<T>): Promise<T>;
}

export function createVersionedCache<T>(sizeOf: (value: T) => number, maxSize: number): VersionedCache<T> {
  const entries = new Map<string, { version: number; value: T }>();
  const loading = new Map<string, Promise<T>>();

  const remember = (key: string, version: number, value: T) => {
    entries.delete(key);
    entries.set(key, { version, value });
    let size = 0;
    for (const entry of entries.values()) size += sizeOf(entry.value);
    // Maps iterate in insertion order: the first entries are the least recently used.
    for (const [oldest, entry] of entries) {
      if (size <= maxSize || oldest === key) break;
      entries.delete(oldest);
      size -= sizeOf(entry.value);
    }
  };

  return {
    async current(key, version, load) {
      const cached = entries.get(key);
      if (cached && cached.version === version) {
        remember(key, version, cached.value);
        return cached.value;
      }
      const pendingKey = `${key}@${version}`;
      let pending = loading.get(pendingKey);
      if (!pending) {
        pending = load().finally(() => loading.delete(pendingKey));
        loading.set(pendingKey, pending);
      }
      const value = await pending;
      remember(key, version, value);
      return value;
    },
  };
}
