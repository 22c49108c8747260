// `tsx scripts/eval/warm-cache.ts [datasets folder] [--half tuning|report|both] [--set <name>]...
// [--sample N] [--part K/M]`: converts the corpus's documents into the evaluation's cache (OCR
// included), so `npm run eval` reads text instead of pixels. Documents are converted in the order
// `--sample N` picks them, so a sampled evaluation finds its documents first; `--part K/M` converts
// only every M-th of them from the K-th (run M processes with K = 0..M-1 to use M cores).
import path from 'node:path';
import { closeOcr } from '../../src/pipeline/convert/ocr.js';
import { ALL_SETS, type DatasetSelection, loadSet, sampleOrder } from './load-datasets.js';

const args = process.argv.slice(2);
const optionValue = (flag: string) => {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
};
const flagged = new Set(['--half', '--set', '--sample', '--part']);
const datasets = path.resolve(
  args.find((arg, index) => !arg.startsWith('--') && !flagged.has(args[index - 1] ?? '')) ?? '../shared/datasets',
);
const half = (optionValue('--half') ?? 'both') as DatasetSelection['half'];
if (!['tuning', 'report', 'both'].includes(half)) throw new Error('--half must be tuning, report or both');
const sets = args.flatMap((arg, index) => (args[index - 1] === '--set' ? [arg] : []));
const unknown = sets.filter((set) => !ALL_SETS.includes(set));
if (unknown.length > 0) throw new Error(`unknown set ${unknown.join(', ')}; the sets are ${ALL_SETS.join(', ')}`);
const sample = optionValue('--sample') === undefined ? undefined : Number(optionValue('--sample'));
const [part = Number.NaN, parts = Number.NaN] = (optionValue('--part') ?? '0/1').split('/').map(Number);
if (!Number.isInteger(part) || !Number.isInteger(parts) || parts < 1 || part < 0 || part >= parts)
  throw new Error('--part must be K/M with 0 <= K < M');

let converted = 0;
let failed = 0;
for (const set of sets.length > 0 ? sets : ALL_SETS) {
  const cases = loadSet(datasets, set, { half, sample })
    .sort((a, b) => sampleOrder(a.file).localeCompare(sampleOrder(b.file)))
    .filter((_, index) => index % parts === part);
  for (const item of cases) {
    if (item.cached) continue;
    try {
      await item.read();
      converted++;
    } catch (error) {
      failed++;
      console.log(`${item.file}: ${(error as Error).message}`);
    }
    if ((converted + failed) % 25 === 0) console.log(`${converted} converted, ${failed} failed (at ${item.file})`);
  }
}
await closeOcr();
console.log(`done: ${converted} converted, ${failed} failed`);
