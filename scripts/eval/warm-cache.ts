// `tsx scripts/eval/warm-cache.ts [datasets folder] [--max-per-set N]`: converts every document of the
// corpus into the evaluation's cache (OCR included), so `npm run eval` reads text instead of pixels.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { closeOcr } from '../../src/pipeline/convert/ocr.js';
import { convertCached, isCached } from './corpus.js';

const args = process.argv.slice(2);
const maxIndex = args.indexOf('--max-per-set');
const maxPerSet = maxIndex >= 0 ? Number(args[maxIndex + 1]) : Number.POSITIVE_INFINITY;
const datasets = path.resolve(
  args.find((arg, index) => !arg.startsWith('--') && (maxIndex < 0 || index !== maxIndex + 1)) ?? '../shared/datasets',
);
const DOCUMENT = /\.(pdf|txt|jpe?g|png|docx)$/i;

let converted = 0;
let failed = 0;
for (const set of readdirSync(datasets).sort()) {
  const folder = path.join(datasets, set);
  if (!statSync(folder).isDirectory()) continue;
  const files = readdirSync(folder)
    .filter((name) => DOCUMENT.test(name) && !/licen[cs]e|readme/i.test(name))
    .sort();
  for (const name of files.slice(0, maxPerSet)) {
    const file = path.join(folder, name);
    if (isCached(file)) continue;
    try {
      await convertCached(file);
      converted++;
    } catch (error) {
      failed++;
      console.log(`${set}/${name}: ${(error as Error).message}`);
    }
    if ((converted + failed) % 25 === 0) console.log(`${converted} converted, ${failed} failed (at ${set}/${name})`);
  }
}
await closeOcr();
console.log(`done: ${converted} converted, ${failed} failed`);
