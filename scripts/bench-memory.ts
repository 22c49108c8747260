// `npm run bench:memory`: the process's resident memory (RSS) while the pipeline's stage threads
// convert hostile documents, and after they go idle. In one process, as a worker runs them:
//   1. idle RSS, before any thread starts;
//   2. one DOCX zip bomb (200 MB of text deflated to about 200 KB): peak RSS;
//   3. four DOCX zip bombs at once: peak RSS;
//   4. one 59-megapixel PNG (just under the 60 MP limit), then four at once: peak RSS of each;
//   5. RSS once the threads have been idle long enough to end (BENCH_MEMORY_SETTLE_MS).
// Settings (environment): BENCH_MEMORY_THREADS (default 2), PIPELINE_STAGE_MEMORY_MB (default 1024),
// BENCH_MEMORY_SETTLE_MS (default 40000: the 30 s thread idle time and some).
import { deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { DOCX_TYPE } from '../src/pipeline/convert/detect-format.js';
import { NATIVE_MEMORY_MB, PipelineWorkers } from '../src/pipeline/stages/bounded-stages.js';
import type { SourceDocument } from '../src/pipeline/types.js';
import { machineLine, positiveInteger } from './bench-support.js';

const threads = positiveInteger('BENCH_MEMORY_THREADS', 2);
const memoryMb = positiveInteger('PIPELINE_STAGE_MEMORY_MB', 1024);
const settleMs = positiveInteger('BENCH_MEMORY_SETTLE_MS', 40_000);
const MIB = 1024 * 1024;

const rssMiB = () => Math.round(process.memoryUsage.rss() / MIB);

/** A one-part ZIP whose word/document.xml holds `size` spaces, declared honestly. */
function zipBomb(size: number): Buffer {
  const content = Buffer.alloc(size, 0x20);
  const data = deflateRawSync(content, { level: 9 });
  const name = Buffer.from('word/document.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

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

const bomb = zipBomb(200 * MIB);
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
