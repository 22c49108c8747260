/**
 * Per-knowledge-base data held in memory for search, each entry tagged with the base's
 * `content_version` it shows at least. Every document write bumps that number in its
 * transaction, so a search that reads a newer number brings the entry up to date (`load` gets
 * the entry held, to apply only what changed since): any number of quire processes stay
 * consistent with the database. An entry at a newer version than the one read serves as well.
 * Entries are kept least recently used first until their summed size passes `maxSize`;
 * concurrent searches of one stale base share one load.
 */
export interface VersionedCache<T> {
  current(
    key: string,
    version: number,
    load: (previous: { version: number; index: T } | undefined) => Promise<T>,
  ): Promise<T>;
}

export function createVersionedCache<T>(sizeOf: (value: T) => number, maxSize: number): VersionedCache<T> {
  const entries = new Map<string, { version: number; value: T }>();
  const loading = new Map<string, Promise<T>>();

  const remember = (key: string, version: number, value: T) => {
    const held = entries.get(key);
    // A slower load of an older version does not replace a newer entry.
    if (held && held.version > version) {
      version = held.version;
      value = held.value;
    }
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
      if (cached && cached.version >= version) {
        remember(key, cached.version, cached.value);
        return cached.value;
      }
      const pendingKey = `${key}@${version}`;
      let pending = loading.get(pendingKey);
      if (!pending) {
        pending = load(cached && { version: cached.version, index: cached.value }).finally(() =>
          loading.delete(pendingKey),
        );
        loading.set(pendingKey, pending);
      }
      const value = await pending;
      remember(key, version, value);
      return value;
    },
  };
}
