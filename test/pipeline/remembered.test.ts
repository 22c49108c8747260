import t from 'tap';
import { rememberedBy } from '../../src/pipeline/extract/remembered.js';

t.test('a value is computed once per key, and the memory is cleared when full', async (t) => {
  let computed = 0;
  const remembered = rememberedBy<number>(2);
  const square = (n: number) =>
    remembered(String(n), () => {
      computed++;
      return n * n;
    });
  t.equal(square(3), 9);
  t.equal(square(3), 9);
  t.equal(computed, 1, 'remembered');
  square(4);
  square(5); // full: cleared, then 5 remembered
  t.equal(computed, 3);
  square(3);
  t.equal(computed, 4, 'forgotten when the memory was cleared');
});
