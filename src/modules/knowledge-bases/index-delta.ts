import type { ChangesSince } from './documents-repository.js';

/** A search index's documents: by slot, the document's id (undefined: removed since the slot was filled). */
export interface IndexedDocuments {
  readonly documentIds: readonly (string | undefined)[];
  /** How many slots hold a document. */
  readonly live: number;
}

export interface IndexChanges<T> {
  /** Documents to drop (deleted, changed or no longer indexed). */
  readonly removals: ReadonlySet<string>;
  /** Documents to add, after the removals (a changed document is removed, then added again). */
  readonly additions: readonly { id: string; data: T }[];
}

/**
 * What an index loaded at `previous.version` must change to show at least every write up to
 * the version its caller read (none previous: everything). Writes stamp each document with the
 * base's version, so the documents written since are one indexed query away, and that query
 * counts the indexed documents in the same snapshot. Deleted documents leave no row; they show
 * as a count the index would exceed after the changes, and only then are the present ids read,
 * to drop the held ones no longer among them.
 */
export async function readChanges<T>(
  previous: { version: number; index: IndexedDocuments } | undefined,
  changesSince: (version: number) => Promise<ChangesSince<T>>,
  presentIds: () => Promise<string[]>,
): Promise<IndexChanges<T>> {
  const { changed, total } = await changesSince(previous ? previous.version : -1);
  const documentIds = previous?.index.documentIds ?? [];
  // The changed documents the index holds: one pass over its slots against the (few) changed
  // ids, rather than a set of every held id (a write would cost the next search that set).
  const held = new Set<string>();
  if (changed.length > 0 && documentIds.length > 0) {
    const changedIds = new Set(changed.map((row) => row.id));
    for (const id of documentIds) if (id !== undefined && changedIds.has(id)) held.add(id);
  }
  const removals = new Set<string>();
  const additions: { id: string; data: T }[] = [];
  let live = previous?.index.live ?? 0;
  for (const row of changed) {
    if (held.has(row.id)) {
      removals.add(row.id);
      live--;
    }
    if (row.data !== null) {
      additions.push({ id: row.id, data: row.data });
      live++;
    }
  }
  // The index then holds every document of the snapshot plus the ones deleted since it was loaded.
  if (live !== total) {
    const present = new Set(await presentIds());
    for (const id of documentIds) if (id !== undefined && !present.has(id)) removals.add(id);
  }
  return { removals, additions };
}

/**
 * The slots `removals` empties in `documentIds`, or null when the index is better rebuilt
 * without its empty slots: more than a quarter of them would be empty once `additions` are in.
 */
export function keptSlots(
  index: IndexedDocuments,
  removals: ReadonlySet<string>,
  additions: number,
): { documentIds: (string | undefined)[]; live: number } | null {
  const documentIds = index.documentIds.slice();
  let live = index.live;
  if (removals.size > 0) {
    for (let slot = 0; slot < documentIds.length; slot++) {
      const id = documentIds[slot];
      if (id !== undefined && removals.has(id)) {
        documentIds[slot] = undefined;
        live--;
      }
    }
  }
  return documentIds.length - live > (documentIds.length + additions) / 4 ? null : { documentIds, live };
}
