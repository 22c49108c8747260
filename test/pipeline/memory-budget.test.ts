import sharp from 'sharp';
import t from 'tap';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { PipelineWorkers, StageMemoryError } from '../../src/pipeline/stages/bounded-stages.js';
import { rejection, source } from './fixtures.js';

/** The process-level memory budget of the stage threads (bounded-stages.ts), native memory included. */

t.test('stages are stopped when the process grows past their memory budget, native memory included', async (t) => {
  // A 5,000 x 5,000 scan: decoding it and reading it by OCR takes far more native memory than
  // the 96 MB this pool allows a stage, though its JavaScript heap stays small.
  const scan = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const workers = new PipelineWorkers({ threads: 2, memoryMb: 96, nativeMemoryMb: 0, timeoutMs: 300_000 });
  t.teardown(() => workers.close());
  const alone = await rejection(workers.convert(source(scan, 'image/png')));
  t.ok(alone instanceof PipelineError, String(alone));
  t.equal((alone as PipelineError).message, 'Conversion needed more than 96 MB', 'alone: the document is at fault');
  const together = await Promise.all([
    rejection(workers.convert(source(scan, 'image/png'))),
    rejection(workers.convert(source(scan, 'image/png'))),
  ]);
  for (const error of together) {
    t.ok(error instanceof StageMemoryError, `together, no document is blamed (the job is retried): ${error}`);
  }
  t.equal((await workers.convert(source('Total: 10'))).text, 'Total: 10', 'a small document still runs');
});
