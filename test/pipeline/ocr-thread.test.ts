import { once } from 'node:events';
import t from 'tap';
import { PipelineWorkers } from '../../src/pipeline/stages/bounded-stages.js';
import type { OcrThreadExit } from '../../src/pipeline/stages/ocr-thread.js';
import { source } from './fixtures.js';
import { textImage } from './image-fixtures.js';

/** The OCR thread's starts and exits, in order. */
function lifecycle(workers: PipelineWorkers): string[] {
  const events: string[] = [];
  workers.ocr.on('start', () => events.push('start'));
  workers.ocr.on('exit', (reason: OcrThreadExit) => events.push(`exit:${reason}`));
  return events;
}

const scan = (text: string) => textImage([text]).encode('png');

t.test('the document threads share one OCR thread', async (t) => {
  const workers = new PipelineWorkers({ threads: 2, ocrIdleMs: 600_000 });
  t.teardown(() => workers.close());
  const events = lifecycle(workers);
  const [first, second] = await Promise.all([
    workers.convert(source(await scan('Invoice Number: 11'))),
    workers.convert(source(await scan('Invoice Number: 22'))),
  ]);
  t.equal(first.text, 'Invoice Number: 11');
  t.equal(second.text, 'Invoice Number: 22');
  t.same(events, ['start'], 'two documents read at once, one engine');
  t.ok(workers.ocr.running);
});

t.test('the OCR thread is replaced after reading its number of pages', async (t) => {
  const workers = new PipelineWorkers({ threads: 1, ocrRecyclePages: 2, ocrIdleMs: 600_000 });
  t.teardown(() => workers.close());
  const events = lifecycle(workers);
  const recycled = once(workers.ocr, 'exit');
  for (const number of [1, 2, 3]) {
    t.equal((await workers.convert(source(await scan(`Page ${number}`)))).text, `Page ${number}`);
  }
  t.same(await recycled, ['recycled']);
  t.same(events, ['start', 'exit:recycled', 'start'], 'the third page started a fresh thread');
});

t.test('an idle OCR thread is ended, and the next page starts one again', async (t) => {
  const workers = new PipelineWorkers({ threads: 1, ocrIdleMs: 20 });
  t.teardown(() => workers.close());
  const events = lifecycle(workers);
  // Listening before the page: the thread may end as idle before convert() has returned. The idle
  // timer does not keep a process alive (an idle service may exit), so the test holds it open.
  const ended = once(workers.ocr, 'exit');
  const keepAlive = setInterval(() => {}, 1000);
  t.teardown(() => clearInterval(keepAlive));
  t.equal((await workers.convert(source(await scan('Total: 5')))).text, 'Total: 5');
  t.same(await ended, ['idle']);
  t.notOk(workers.ocr.running, 'no engine is held');
  t.equal((await workers.convert(source(await scan('Total: 6')))).text, 'Total: 6');
  t.same(events.slice(0, 3), ['start', 'exit:idle', 'start']);
});

t.test('a text document never starts the OCR thread', async (t) => {
  const workers = new PipelineWorkers({ threads: 1 });
  t.teardown(() => workers.close());
  const events = lifecycle(workers);
  t.equal((await workers.convert(source('Total: 7'))).text, 'Total: 7');
  t.same(events, []);
  t.notOk(workers.ocr.running);
});
