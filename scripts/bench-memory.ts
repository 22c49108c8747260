// `npm run bench:memory`: the process's resident memory (RSS) while the pipeline's stage threads
// convert hostile documents, and after they go idle. In one process, as a worker runs them:
//   1. idle RSS, before any thread starts;
//   2. one DOCX zip bomb (200 MB of text deflated to about 200 KB): peak RSS;
//   3. four DOCX zip bombs at once: peak RSS;
//   4. one 59-megapixel PNG (just under the 60 MP limit), then four at once: peak RSS of each;
//   5. RSS once the threads have been idle long enough to end (BENCH_MEMORY_SETTLE_MS).
// Settings (environment): BENCH_MEMORY_THREADS (default 2), PIPELINE_STAGE_MEMORY_MB (default 1024),
// BENCH_MEMORY_SETTLE_MS (default 40000: the 30 s thread idle time and some).
import sharp from 'sharp';
import { DOCX_TYPE } from '../src/pipeline/convert/detect-format.js';
import { NATIVE_MEMORY_MB, PipelineWorkers } from '../src/pipeline/stages/bounded-stages.js';
import type { SourceDocument } from '../src/pipeline/types.js';
import { docxOf } from '../test/pipeline/zip-fixtures.js';
import { machineLine, positiveInteger } from './bench-support.js';

const threads = positiveInteger('BENCH_MEMORY_THREADS', 2);
const memoryMb = positiveInteger('PIPELINE_STAGE_MEMORY_MB', 1024);
const settleMs = positiveInteger('BENCH_MEMORY_SETTLE_MS', 40_000);
const MIB = 1024 * 1024;

const rssMiB = () => Math.round(process.memoryUsage.rss() / MIB);

/** Runs the documents at once; answers the peak RSS seen (sampled every 20 ms) and each outcome. */
async function peakWhile(workers: PipelineWorkers, documents: SourceDocument[]) {
  let peak = rssMiB();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB());
  }, 20);
  const outcomes = await Promise.all(
    documents.map((document) =>
      workers.convert(document).then(
        () => 'converted',
        (error: Error) => `${error.name}: ${error.message}`,
      ),
    ),
  );
  clearInterval(sampler);
  return { peakRssMiB: Math.max(peak, rssMiB()), outcomes: [...new Set(outcomes)] };
}

const bomb = docxOf(Buffer.alloc(200 * MIB, 0x20));
const png = await sharp({ create: { width: 7680, height: 7680, channels: 3, background: '#ffffff' } })
  .png()
  .toBuffer();
const docx = (bytes: Buffer): SourceDocument => ({ bytes, contentType: DOCX_TYPE, filename: 'bomb.docx' });
const image = (bytes: Buffer): SourceDocument => ({ bytes, contentType: 'image/png', filename: 'big.png' });

const workers = new PipelineWorkers({ threads, memoryMb, timeoutMs: 300_000 });
const idle = rssMiB();
const results = {
  idleRssMiB: idle,
  budgetPerStageMiB: memoryMb + NATIVE_MEMORY_MB,
  oneZipBomb: await peakWhile(workers, [docx(bomb)]),
  fourZipBombs: await peakWhile(workers, [docx(bomb), docx(bomb), docx(bomb), docx(bomb)]),
  onePng59Mp: await peakWhile(workers, [image(png)]),
  fourPngs59Mp: await peakWhile(workers, [image(png), image(png), image(png), image(png)]),
  afterIdleRssMiB: 0,
};
await new Promise((resolve) => setTimeout(resolve, settleMs));
results.afterIdleRssMiB = rssMiB();
await workers.close();
console.log(machineLine());
console.log(JSON.stringify(results, null, 2));
