// `npm run eval [-- <datasets folder>]`: the offline engine over the shared datasets.
//   (a) invoice2data-compare: every invoice (PDF text layer, or plain text) converted and extracted
//       with ONE generic invoice schema (scripts/eval/invoice-schema.ts); field accuracy against the
//       golden JSON.
//   (b) omni-ocr-benchmark-samples: each record's ground-truth page text (Markdown/HTML) converted as
//       HTML and extracted with the record's own schema; field accuracy against its expected JSON.
//   (c) identification: those documents plus synthetic ones (scripts/eval/synthetic-documents.ts)
//       against seven candidate types; documents of no candidate type must get a low confidence.
// Field accuracy: see scripts/eval/score.ts. The folder is `../shared/datasets` from the repository
// root unless given as the first argument or QUIRE_DATASETS. VERBOSE=1 lists every missed field.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFields } from '../src/pipeline/extract/extract.js';
import { identifyDocument } from '../src/pipeline/identify/identify.js';
import type { ConvertedDocument, ExtractionType } from '../src/pipeline/types.js';
import { CANDIDATE_TYPES } from './eval/candidate-types.js';
import { INVOICE_SCHEMA } from './eval/invoice-schema.js';
import { type InvoiceCase, loadInvoices, loadOmniSamples, type SchemaCase } from './eval/load-datasets.js';
import { combine, percent, type Score, scoreValue } from './eval/score.js';
import { SYNTHETIC_DOCUMENTS } from './eval/synthetic-documents.js';

const TARGET_FIELDS = 70;
const TARGET_IDENTIFICATION = 95;
/** A document of none of the candidate types is identified correctly when its best confidence is below this. */
const LOW_CONFIDENCE = 0.5;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const datasets = path.resolve(repositoryRoot, process.argv[2] ?? process.env.QUIRE_DATASETS ?? '../shared/datasets');
const verbose = process.env.VERBOSE === '1';

function extractionType(schema: Record<string, unknown>): ExtractionType {
  return {
    code: 'eval',
    name: 'Eval',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  };
}

function row(...cells: (string | number)[]): string {
  const [first, ...rest] = cells;
  return `  ${String(first).padEnd(52)}${rest.map((cell) => String(cell).padStart(12)).join('')}`;
}

function fieldSection(
  title: string,
  cases: readonly (InvoiceCase | SchemaCase)[],
  schemaOf: (c: InvoiceCase | SchemaCase) => Record<string, unknown>,
): Score {
  console.log(`\n${title}`);
  console.log(row('document', 'matched', 'fields', 'accuracy'));
  const scores: Score[] = [];
  const extracted: Record<string, unknown>[] = [];
  for (const item of cases) {
    const { data } = extractFields(item.document, extractionType(schemaOf(item)));
    extracted.push(data);
    const score = scoreValue(item.golden, data);
    scores.push(score);
    console.log(row(item.file, score.matched, score.total, percent(score)));
    if (verbose) for (const miss of score.misses) console.log(`      miss ${miss}`);
  }
  const total = combine(scores);
  console.log(row('TOTAL', total.matched, total.total, percent(total)));
  // Upstream counts fields per document, an array as one field: the same view, for comparison.
  const topLevel = combine(
    cases.map((item, index) => {
      const scalars = Object.fromEntries(Object.entries(item.golden).filter(([, value]) => !Array.isArray(value)));
      return scoreValue(scalars, extracted[index]);
    }),
  );
  console.log(row('  of which top-level fields (no arrays)', topLevel.matched, topLevel.total, percent(topLevel)));
  return total;
}

interface IdentificationCase {
  readonly name: string;
  readonly expected: string | null;
  readonly document: ConvertedDocument;
}

function identificationSection(cases: readonly IdentificationCase[]): { matched: number; total: number } {
  console.log(
    `\n(c) identification among ${CANDIDATE_TYPES.length} candidate types (none-of-them: correct when confidence < ${LOW_CONFIDENCE})`,
  );
  console.log(
    `  ${'document'.padEnd(52)}${'expected'.padStart(16)}${'got'.padStart(16)}${'confidence'.padStart(12)}  runner-up`,
  );
  let matched = 0;
  for (const item of cases) {
    const result = identifyDocument(item.document, CANDIDATE_TYPES);
    const top = result.documentType;
    const ok = item.expected === null ? top.confidence < LOW_CONFIDENCE : top.code === item.expected;
    if (ok) matched++;
    const second = result.alternatives[0];
    console.log(
      `${ok ? ' ' : '✗'} ${item.name.padEnd(52)}${String(item.expected ?? '(none)').padStart(16)}${top.code.padStart(16)}` +
        `${top.confidence.toFixed(2).padStart(12)}  ${second ? `${second.code} ${second.confidence.toFixed(2)}` : ''}`,
    );
  }
  console.log(`  TOTAL ${matched}/${cases.length} = ${((100 * matched) / cases.length).toFixed(1)} %`);
  return { matched, total: cases.length };
}

function textDocument(text: string): ConvertedDocument {
  return { format: 'text', contentType: 'text/plain', pages: [text], text };
}

async function main(): Promise<void> {
  if (!existsSync(datasets)) {
    console.error(
      `The datasets folder ${datasets} does not exist. The evaluation reads invoice2data-compare/ and ` +
        'omni-ocr-benchmark-samples/ from it: pass its path as the first argument (npm run eval -- /path/to/datasets) ' +
        'or set QUIRE_DATASETS.',
    );
    process.exit(2);
  }
  const started = performance.now();
  const invoices = await loadInvoices(datasets);
  const samples = await loadOmniSamples(datasets);
  if (invoices.length === 0 && samples.length === 0) {
    console.error(`${datasets} holds neither invoice2data-compare/ nor omni-ocr-benchmark-samples/ with documents.`);
    process.exit(2);
  }
  console.log(`Offline engine evaluation over ${datasets}`);
  console.log(
    'Field accuracy: exact match after normalising dates (ISO), numbers (value), whitespace and case; null golden fields not counted.',
  );
  const invoiceTotal = fieldSection(
    '(a) invoice2data-compare, one generic invoice schema',
    invoices,
    () => INVOICE_SCHEMA,
  );
  const sampleTotal = fieldSection(
    "(b) omni-ocr-benchmark-samples, ground-truth text, each record's own schema",
    samples,
    (item) => (item as SchemaCase).schema,
  );

  const labels = (
    JSON.parse(readFileSync(new URL('./eval/identification-labels.json', import.meta.url), 'utf8')) as {
      labels: Record<string, string | null>;
    }
  ).labels;
  const identification: IdentificationCase[] = [
    ...[...invoices, ...samples]
      .filter((item) => item.file in labels)
      .map((item) => ({ name: item.file, expected: labels[item.file] ?? null, document: item.document })),
    ...SYNTHETIC_DOCUMENTS.map((item) => ({
      name: `synthetic: ${item.name}`,
      expected: item.expected,
      document: textDocument(item.text),
    })),
  ];
  const identified = identificationSection(identification);

  const line = (name: string, score: { matched: number; total: number }, target: number) => {
    const value = score.total === 0 ? 0 : (100 * score.matched) / score.total;
    const verdict =
      score.total === 0 ? 'no data' : value >= target ? 'meets target' : `${(target - value).toFixed(1)} points short`;
    console.log(
      `${row(name, `${score.matched}/${score.total}`, `${value.toFixed(1)} %`, `≥ ${target} %`)}  ${verdict}`,
    );
  };
  console.log('\nSummary');
  console.log(row('', 'matched', 'accuracy', 'target'));
  line('invoice golden fields', invoiceTotal, TARGET_FIELDS);
  line('OCR-to-JSON sample fields', sampleTotal, TARGET_FIELDS);
  line('identification', identified, TARGET_IDENTIFICATION);
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

await main();
