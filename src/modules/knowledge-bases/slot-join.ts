/** Documents by slot, as the search indexes hold them (undefined: the slot was emptied). */
type Slots = readonly (string | undefined)[];

/**
 * For the last `to` each `from` was joined with, the join. An index version's documentIds array
 * is never changed once built (a newer version copies it), so the pair of arrays identifies the
 * join for as long as both versions live; the WeakMap lets it go with `from`.
 */
const joins = new WeakMap<Slots, { to: Slots; slots: Int32Array }>();

/**
 * For each slot of `from`, the slot of the same document in `to`, or -1 where `to` does not
 * hold it (or `from`'s slot is empty). Computed once per pair of index versions, so a search
 * combines the full-text and the vector index by slot number instead of by id.
 */
export function slotsIn(from: Slots, to: Slots): Int32Array {
  const held = joins.get(from);
  if (held && held.to === to) return held.slots;
  const slotOf = new Map<string, number>();
  for (let slot = 0; slot < to.length; slot++) {
    const id = to[slot];
    if (id !== undefined) slotOf.set(id, slot);
  }
  const slots = new Int32Array(from.length);
  for (let slot = 0; slot < from.length; slot++) {
    const id = from[slot];
    slots[slot] = id === undefined ? -1 : (slotOf.get(id) ?? -1);
  }
  joins.set(from, { to, slots });
  return slots;
}
