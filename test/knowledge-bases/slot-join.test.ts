import t from 'tap';
import { recordGrowth, slotsIn } from '../../src/modules/knowledge-bases/slot-join.js';
import { seededRandom } from '../helpers/contract-fuzz.js';

/** The join of two indexes' slots: each document's slot in the other index, -1 where it is not held. */

t.test('each slot maps to the same document in the other index; empty and missing ones to -1', async (t) => {
  const from = ['a', undefined, 'c', 'd', 'e'];
  const to = ['e', 'x', undefined, 'a', 'c'];
  t.same([...slotsIn(from, to)], [3, -1, 4, -1, 0]);
});

t.test('a document emptied in the other index does not match its old slot', async (t) => {
  const to = ['a', undefined, 'b'];
  t.same([...slotsIn(['b', 'a'], to)], [2, 0]);
  t.same([...slotsIn(['z'], [])], [-1]);
});

t.test('computed once per pair of arrays, again when the other index changes', async (t) => {
  const from = ['a', 'b'];
  const to = ['b', 'a'];
  const first = slotsIn(from, to);
  t.equal(slotsIn(from, to), first, 'the same join for the same pair');
  const newer = ['a'];
  const second = slotsIn(from, newer);
  t.not(second, first);
  t.same([...second], [0, -1]);
});

/** A version grown in place, as the indexes grow one: some slots emptied, some documents appended. */
function grow(parent: readonly (string | undefined)[], next: () => number, fresh: () => string) {
  const child = parent.map((id) => (id !== undefined && next() < 0.1 ? undefined : id));
  // Re-appended (a changed document) or new documents.
  for (let i = Math.floor(next() * 5); i > 0; i--) {
    const live = child.filter((id): id is string => id !== undefined);
    const moved = next() < 0.5 && live.length ? (live[Math.floor(next() * live.length)] as string) : fresh();
    const at = child.indexOf(moved);
    if (at >= 0) child[at] = undefined;
    child.push(moved);
  }
  recordGrowth(child, parent);
  return child;
}

t.test('after growth in place the join follows the slots and equals a fresh one', async (t) => {
  const next = seededRandom(11);
  let counter = 0;
  const fresh = () => `n${counter++}`;
  const shared = Array.from({ length: 60 }, fresh);
  let from: (string | undefined)[] = [...shared.slice(0, 50), ...Array.from({ length: 5 }, fresh)];
  let to: (string | undefined)[] = [...shared.slice(10).reverse(), ...Array.from({ length: 5 }, fresh)];
  slotsIn(from, to);
  for (let round = 0; round < 40; round++) {
    // Either index or both grew since the last join.
    const which = round % 3;
    if (which !== 1) from = grow(from, next, fresh);
    if (which !== 0) to = grow(to, next, fresh);
    const joined = [...slotsIn(from, to)];
    t.same(joined, [...slotsIn([...from], [...to])], `round ${round}`);
  }
});
