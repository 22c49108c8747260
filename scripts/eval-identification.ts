// `npm run eval:identify [-- <datasets folder>] [--half tuning|report|both] [--sample N]`: identification
// [--cached-only] alone (scripts/eval/identification.ts), report half unless told; --cached-only
// leaves out documents whose conversion (OCR) is not cached yet. The folder is `../shared/datasets`
// from the repository root unless given or QUIRE_DATASETS.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr } from '../src/pipeline/convert/ocr.js';
import { evaluateIdentification } from './eval/identification.js';

const args = process.argv.slice(2);
const flagValue = (flag: string) => {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
};
const flagValues = new Set([flagValue('--half'), flagValue('--sample')]);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const datasets = path.resolve(
  repositoryRoot,
  args.find((arg) => !arg.startsWith('--') && !flagValues.has(arg)) ??
    process.env.QUIRE_DATASETS ??
    '../shared/datasets',
);
const half = flagValue('--half') ?? 'report';
if (half !== 'tuning' && half !== 'report' && half !== 'both')
  throw new Error(`--half: tuning, report or both, not ${half}`);
const sample = flagValue('--sample');
await evaluateIdentification(datasets, {
  half,
  cachedOnly: args.includes('--cached-only'),
  ...(sample === undefined ? {} : { sample: Number(sample) }),
});
await closeOcr();
