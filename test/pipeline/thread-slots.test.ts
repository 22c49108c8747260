import t from 'tap';
import { ThreadSlots } from '../../src/pipeline/stages/thread-slots.js';

const settled = () => new Promise((resolve) => setImmediate(resolve));

t.test('a slot is taken at once while one is free; beyond them callers wait', async (t) => {
  const slots = new ThreadSlots(2);
  const got: string[] = [];
  await slots.acquire();
  await slots.acquire();
  void slots.acquire().then(() => got.push('third'));
  await settled();
  t.same(got, [], 'the third waits: both slots are held');
  t.equal(slots.waiting, 1);
  slots.release();
  await settled();
  t.same(got, ['third'], 'a released slot goes to the waiter');
  t.equal(slots.waiting, 0);
});

t.test('waiters get slots in the order they asked, one per release', async (t) => {
  const slots = new ThreadSlots(1);
  await slots.acquire();
  const order: number[] = [];
  for (const n of [1, 2, 3]) void slots.acquire().then(() => order.push(n));
  slots.release();
  await settled();
  t.same(order, [1]);
  slots.release();
  slots.release();
  await settled();
  t.same(order, [1, 2, 3]);
  slots.release();
  // The one slot is free again, once: a second caller waits.
  await slots.acquire();
  let second = false;
  void slots.acquire().then(() => {
    second = true;
  });
  await settled();
  t.notOk(second, 'released slots are counted back, never more than there are');
});
