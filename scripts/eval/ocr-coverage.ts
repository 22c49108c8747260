// `tsx scripts/eval/ocr-coverage.ts --set wildreceipt-receipts|funsd-forms [--sample N] [--half tuning|report]
// [--datasets <folder>] [--text-out <folder>] [--cached]`: how much of the golden text OCR reads. For a sample
// of a scanned set's documents it converts each file afresh (with `--cached`, takes the evaluation's cached
// conversions and skips documents without one; CPU time then means nothing), and reports the share of golden string
// values found in the text (both normalised: NFKC, lower case, letters and digits only; a value is found
// when it is a substring of the page) and the CPU seconds of each conversion (OCR threads included).
// Compare OCR variants on the same sample, one run at a time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { closeOcr } from '../../src/pipeline/convert/ocr.js';
import type { ConvertedDocument } from '../../src/pipeline/types.js';
import type { Half } from './corpus.js';
import { loadSet, sampleOrder } from './load-datasets.js';

const args = process.argv.slice(2);
const optionValue = (flag: string) => {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
};
const set = optionValue('--set') ?? 'wildreceipt-receipts';
const sample = Number(optionValue('--sample') ?? 40);
const half = (optionValue('--half') ?? 'tuning') as Half;
const textOut = optionValue('--text-out');
const cached = args.includes('--cached');
const datasets = path.resolve(
  optionValue('--datasets') ??
    process.env.QUIRE_DATASETS ??
    (path.basename(path.resolve('..')) === 'wt' ? '../../shared/datasets' : '../shared/datasets'),
);

/** NFKC, lower case, letters and digits only. */
function normalised(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The ways a page may write an ISO date, normalised (separators are gone after normalisation). */
function dateForms(iso: string): string[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return [normalised(iso)];
  const [, year = '', month = '', day = ''] = match;
  const years = [year, year.slice(2)];
  const months = [month, String(Number(month)), MONTHS[Number(month) - 1] ?? month];
  const days = [day, String(Number(day))];
  const forms = new Set<string>();
  for (const y of years)
    for (const m of months)
      for (const d of days) {
        forms.add(`${d}${m}${y}`);
        forms.add(`${m}${d}${y}`);
        forms.add(`${y}${m}${d}`);
      }
  return [...forms];
}

/** The golden values of a document, each as the normalised forms that count as reading it. */
function goldenValues(expected: Record<string, unknown>): { field: string; forms: string[] }[] {
  const values: { field: string; forms: string[] }[] = [];
  const text = (field: string, value: unknown) => {
    if (typeof value === 'string' && normalised(value) !== '') values.push({ field, forms: [normalised(value)] });
  };
  if (set === 'funsd-forms') {
    for (const pair of (expected.fields ?? []) as { key?: unknown; value?: unknown }[]) {
      text('key', pair.key);
      text('value', pair.value);
    }
    return values;
  }
  text('store_name', expected.store_name);
  text('store_address', expected.store_address);
  if (typeof expected.date === 'string') values.push({ field: 'date', forms: dateForms(expected.date) });
  if (typeof expected.total === 'number')
    values.push({ field: 'total', forms: [expected.total.toFixed(2).replace('.', '')] });
  for (const item of (expected.items ?? []) as { name?: unknown }[]) text('item', item.name);
  return values;
}

const cases = loadSet(datasets, set, { half, sample }).sort((a, b) =>
  sampleOrder(a.file).localeCompare(sampleOrder(b.file)),
);
if (textOut) mkdirSync(textOut, { recursive: true });
const byField = new Map<string, { found: number; total: number }>();
let found = 0;
let total = 0;
let cpuTotal = 0;
const cpuEach: number[] = [];
for (const item of cases) {
  if (cached && !item.cached) {
    console.log(`${item.file}\tnot cached, skipped`);
    continue;
  }
  const file = path.join(datasets, item.file);
  const before = process.cpuUsage();
  let pageText = '';
  try {
    const document: ConvertedDocument = cached
      ? await item.read()
      : await convertDocument({ bytes: readFileSync(file), contentType: null, filename: path.basename(file) });
    pageText = document.text;
  } catch (error) {
    console.log(`${item.file}: ${(error as Error).message}`);
  }
  const used = process.cpuUsage(before);
  const seconds = (used.user + used.system) / 1e6;
  cpuTotal += seconds;
  cpuEach.push(seconds);
  if (textOut) writeFileSync(path.join(textOut, `${path.basename(file)}.txt`), pageText);
  const haystack = normalised(pageText);
  let docFound = 0;
  const golden = goldenValues(item.expected);
  for (const value of golden) {
    const hit = value.forms.some((form) => haystack.includes(form));
    const counts = byField.get(value.field) ?? { found: 0, total: 0 };
    counts.total++;
    if (hit) {
      counts.found++;
      docFound++;
    }
    byField.set(value.field, counts);
  }
  found += docFound;
  total += golden.length;
  console.log(`${item.file}\t${docFound}/${golden.length}\t${seconds.toFixed(2)} s cpu`);
}
await closeOcr();
const percent = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
cpuEach.sort((a, b) => a - b);
console.log(`\n${set} (${half} half, ${cases.length} documents)`);
for (const [field, counts] of byField)
  console.log(`  ${field}: ${counts.found}/${counts.total} ${percent(counts.found, counts.total)}`);
console.log(`  all values: ${found}/${total} ${percent(found, total)}`);
console.log(
  `  cpu per document: mean ${(cpuTotal / Math.max(1, cases.length)).toFixed(2)} s, p50 ${(cpuEach[Math.floor(cpuEach.length / 2)] ?? 0).toFixed(2)} s, max ${(cpuEach.at(-1) ?? 0).toFixed(2)} s`,
);
