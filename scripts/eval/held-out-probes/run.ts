/**
 * Held-out probes: invented receipts and NDAs, scored per field against the offline engine.
 *   npx tsx scripts/eval/held-out-probes/run.ts [--verbose]
 * Each document goes through the service's conversion (convertDocument) and then extractFields, in
 * three variants: receipts as written (one printed line per line), receipts "segmented" (every run of
 * 3+ spaces becomes a line break, as OCR text boxes split a printed row), and NDAs as text and as a
 * text PDF (drawn in Courier with pdf-lib, 60 lines a page).
 * See README.md in this folder for how the documents were made and the scoring rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../../src/pipeline/convert/convert.js';
import { extractFields } from '../../../src/pipeline/extract/extract.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const verbose = process.argv.includes('--verbose');

async function textPdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Courier);
  const lines = text.split('\n');
  for (let start = 0; start < lines.length; start += 60) {
    const page = pdf.addPage([612, 792]);
    lines.slice(start, start + 60).forEach((line, index) => {
      if (line.trim() !== '') page.drawText(line, { x: 40, y: 750 - index * 12, size: 8, font });
    });
  }
  return Buffer.from(await pdf.save());
}

type Variant = 'text' | 'segmented' | 'pdf';

async function convert(text: string, variant: Variant, filename: string) {
  if (variant === 'pdf') {
    const bytes = await textPdf(text);
    return convertDocument({ bytes, contentType: 'application/pdf', filename: filename.replace(/\.txt$/, '.pdf') });
  }
  const body = variant === 'segmented' ? text.replace(/ {3,}/g, '\n') : text;
  return convertDocument({ bytes: Buffer.from(body), contentType: 'text/plain', filename });
}

/** Lower case, and keep only letters and digits. */
function norm(value: unknown): string {
  return String(value ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function scoreString(expected: unknown, actual: unknown): number {
  if (isEmpty(expected)) return isEmpty(actual) ? 1 : 0;
  return norm(expected) === norm(actual) ? 1 : 0;
}

function scoreDate(expected: unknown, actual: unknown): number {
  if (isEmpty(expected)) return isEmpty(actual) ? 1 : 0;
  return typeof actual === 'string' && actual.trim() === expected ? 1 : 0;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[^0-9.-]/g, '');
  const parsed = Number.parseFloat(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}

function scoreNumber(expected: unknown, actual: unknown): number {
  const a = toNumber(actual);
  return a !== null && Math.abs(a - Number(expected)) < 0.005 ? 1 : 0;
}

function scoreParties(expected: unknown, actual: unknown): number {
  const want = (Array.isArray(expected) ? expected : []).map(norm);
  const got = (Array.isArray(actual) ? actual : isEmpty(actual) ? [] : [actual]).map(norm);
  if (want.length === 0 && got.length === 0) return 1;
  const left = [...got];
  let matched = 0;
  for (const party of want) {
    const at = left.indexOf(party);
    if (at >= 0) {
      matched++;
      left.splice(at, 1);
    }
  }
  return matched / Math.max(want.length, got.length);
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  'twenty-four': 24,
  thirty: 30,
  'thirty-six': 36,
  sixty: 60,
};

/** A duration as months ("2 years" → 24, "thirty-six (36) months" → 36), or null. */
function months(value: unknown): number | null {
  if (typeof value === 'number') return null;
  const text = String(value ?? '').toLowerCase();
  const match = /(\d+|[a-z]+(?:-[a-z]+)?)\s*(?:\(\d+\)\s*)?(year|month|week|day)s?\b/.exec(text);
  if (!match) return null;
  const count = /^\d+$/.test(match[1]!) ? Number(match[1]) : NUMBER_WORDS[match[1]!];
  if (count === undefined) return null;
  const unit = match[2]!;
  if (unit === 'year') return count * 12;
  if (unit === 'month') return count;
  if (unit === 'week') return (count * 7) / 30;
  return count / 30;
}

function scoreTerm(expected: unknown, actual: unknown): number {
  const want = months(expected);
  const got = months(actual);
  if (want !== null && got !== null) return Math.abs(want - got) < 1e-9 ? 1 : 0;
  return scoreString(expected, actual);
}

type Scorer = (expected: unknown, actual: unknown) => number;

interface Kind {
  readonly folder: string;
  readonly code: string;
  readonly name: string;
  readonly fields: Record<string, Scorer>;
  readonly targets: Record<string, number>;
  readonly variants: readonly Variant[];
}

const KINDS: readonly Kind[] = [
  {
    folder: 'receipts',
    code: 'receipt',
    name: 'Receipt',
    fields: { company: scoreString, address: scoreString, date: scoreDate, total: scoreNumber },
    targets: { company: 0.9, address: 0.8, date: 0.97, total: 0.9 },
    variants: ['text', 'segmented'],
  },
  {
    folder: 'ndas',
    code: 'nda',
    name: 'Non-disclosure agreement',
    fields: { parties: scoreParties, effective_date: scoreDate, jurisdiction: scoreString, term: scoreTerm },
    targets: { parties: 0.7, effective_date: 0.7, jurisdiction: 0.7, term: 0.7 },
    variants: ['text', 'pdf'],
  },
];

function show(value: unknown): string {
  return JSON.stringify(value ?? null);
}

for (const kind of KINDS) {
  for (const variant of kind.variants) await runKind(kind, variant);
}

async function runKind(kind: Kind, variant: Variant): Promise<void> {
  const folder = join(HERE, kind.folder);
  const jsonSchema = JSON.parse(readFileSync(join(folder, 'schema.json'), 'utf8')) as Record<string, unknown>;
  const type = {
    code: kind.code,
    name: kind.name,
    jsonSchema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json' as const,
  };
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort();
  const sums: Record<string, number> = Object.fromEntries(Object.keys(kind.fields).map((field) => [field, 0]));
  for (const file of files) {
    const text = readFileSync(join(folder, file), 'utf8');
    const expected = JSON.parse(readFileSync(join(folder, file.replace(/\.txt$/, '.expected.json')), 'utf8')) as Record<
      string,
      unknown
    >;
    const { data } = extractFields(await convert(text, variant, file), type);
    for (const [field, scorer] of Object.entries(kind.fields)) {
      const score = scorer(expected[field], data[field]);
      sums[field]! += score;
      if (verbose && score < 1) {
        console.log(
          `  miss ${variant} ${kind.folder}/${file} ${field}: expected ${show(expected[field])} got ${show(data[field])}`,
        );
      }
    }
  }
  console.log(`${kind.folder}, ${variant} (${files.length} documents)`);
  for (const field of Object.keys(kind.fields)) {
    const accuracy = files.length === 0 ? 0 : sums[field]! / files.length;
    const target = kind.targets[field]!;
    const mark = accuracy >= target ? 'ok' : 'BELOW';
    console.log(
      `  ${field.padEnd(15)} ${(accuracy * 100).toFixed(1).padStart(5)} %   target ${(target * 100).toFixed(0)} %  ${mark}`,
    );
  }
}
