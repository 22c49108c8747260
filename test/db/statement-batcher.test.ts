import t from 'tap';
import { StatementBatcher } from '../../src/db/statement-batcher.js';

t.test(
  'calls made together run as one batch; calls during a batch form the next; answers go back in order',
  async (t) => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const batcher = new StatementBatcher<number, string>(async (inputs) => {
      batches.push(inputs);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return inputs.map((input) => `answer ${input}`);
    });
    const first = [1, 2, 3].map((n) => batcher.run(n));
    await new Promise((resolve) => setImmediate(resolve));
    const during = [4, 5].map((n) => batcher.run(n));
    release();
    t.same(await Promise.all([...first, ...during]), ['answer 1', 'answer 2', 'answer 3', 'answer 4', 'answer 5']);
    t.same(batches, [
      [1, 2, 3],
      [4, 5],
    ]);
  },
);

t.test('a failed batch rejects each of its callers, and the next batch still runs', async (t) => {
  let calls = 0;
  const batcher = new StatementBatcher<number, number>(async (inputs) => {
    calls += 1;
    if (calls === 1) throw new Error('database down');
    return inputs;
  });
  const failed = await Promise.allSettled([batcher.run(1), batcher.run(2)]);
  t.same(
    failed.map((result) => result.status),
    ['rejected', 'rejected'],
  );
  t.equal(await batcher.run(3), 3);
});

t.test('batches are capped at their maximum size', async (t) => {
  const sizes: number[] = [];
  const batcher = new StatementBatcher<number, number>(async (inputs) => {
    sizes.push(inputs.length);
    return inputs;
  }, 2);
  await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.run(n)));
  t.same(sizes, [2, 2, 1]);
});
