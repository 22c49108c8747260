import t from 'tap';
import { slotsIn } from '../../src/modules/knowledge-bases/slot-join.js';

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
