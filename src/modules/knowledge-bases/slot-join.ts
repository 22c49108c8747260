/** Documents by slot, as the search indexes hold them (undefined: the slot was emptied). */
type Slots = readonly (string | undefined)[];

/**
 * For the last `to` each `from` was joined with, the join. An index version's documentIds array
 * is never changed once built (a newer version copies it), so the pair of arrays identifies the
 * join for as long as both versions live; the WeakMap lets it go with `from`.
 */
const joins = new WeakMap<Slots, { to: Slots; slots: Int32Array }>();

/** For an index version grown in place, the version it grew from (see recordGrowth). */
const parents = new WeakMap<Slots, Slots>();

/** Appended documents past this many are joined afresh: each costs a pass over the other index. */
const MAX_APPENDED_TO_FOLLOW = 64;

/**
 * Records that `child` grew from `parent` in place: each slot below `parent.length` holds the
 * parent's document or was emptied, and the slots past it were appended. The join of a grown
 * version is then derived from its parent's in one pass of slot comparisons, without ids.
 */
export function recordGrowth(child: Slots, parent: Slots): void {
  parents.set(child, parent);
}

/**
 * For each slot of `from`, the slot of the same document in `to`, or -1 where `to` does not
 * hold it (or `from`'s slot is empty). Computed once per pair of index versions, so a search
 * combines the full-text and the vector index by slot number instead of by id; after a write,
 * derived from the join of the versions they grew from.
 */
export function slotsIn(from: Slots, to: Slots): Int32Array {
  const held = joins.get(from);
  if (held && held.to === to) return held.slots;
  const slots = grownJoin(from, to) ?? freshJoin(from, to);
  joins.set(from, { to, slots });
  return slots;
}

function freshJoin(from: Slots, to: Slots): Int32Array {
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
  return slots;
}

/** The join derived from one held for `from` or its parent to `to` or its parent, or null. */
function grownJoin(from: Slots, to: Slots): Int32Array | null {
  const fromParent = parents.get(from);
  const toParent = parents.get(to);
  for (const [oldFrom, oldTo] of [
    [from, toParent],
    [fromParent, to],
    [fromParent, toParent],
  ] as const) {
    if (!oldFrom || !oldTo) continue;
    const held = joins.get(oldFrom);
    if (held?.to !== oldTo || from.length - oldFrom.length > MAX_APPENDED_TO_FOLLOW) continue;
    return followGrowth(held.slots, oldFrom, oldTo, from, to);
  }
  return null;
}

/**
 * `old` joins `oldFrom` to `oldTo`; `from` and `to` grew from those in place. A document held
 * at slot `was` of `oldTo` is still there in `to` unless that slot was emptied; a document not
 * in `oldTo` can only be among `to`'s appended slots. Appended `from` slots are looked up in
 * all of `to`.
 */
function followGrowth(old: Int32Array, oldFrom: Slots, oldTo: Slots, from: Slots, to: Slots): Int32Array {
  const appended = new Map<string, number>();
  for (let slot = oldTo.length; slot < to.length; slot++) {
    const id = to[slot];
    if (id !== undefined) appended.set(id, slot);
  }
  const slots = new Int32Array(from.length);
  for (let slot = 0; slot < oldFrom.length; slot++) {
    const id = from[slot];
    const was = old[slot] as number;
    if (id === undefined) slots[slot] = -1;
    else if (was >= 0 && to[was] !== undefined) slots[slot] = was;
    else slots[slot] = appended.get(id) ?? -1;
  }
  for (let slot = oldFrom.length; slot < from.length; slot++) {
    const id = from[slot];
    slots[slot] = id === undefined ? -1 : (appended.get(id) ?? to.indexOf(id));
  }
  return slots;
}
