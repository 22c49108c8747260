import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import type { ConvertedDocument } from '../../src/pipeline/types.js';
import { convertCached, type Half, halfOf, isCached } from './corpus.js';
import { INVOICE_SCHEMA } from './invoice-schema.js';

/**
 * The labelled documents of every dataset folder: the schema they are extracted with, the expected
 * values, and a way to read the document (converted text from the evaluation's cache when it is there).
 */

export interface EvalCase {
  /** `<dataset>/<document file name>`, as identification-labels.json names documents. */
  readonly file: string;
  readonly schema: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
  /** True when reading the document needs no conversion work (cached, plain text, or text given in the record). */
  readonly cached: boolean;
  readonly read: () => Promise<ConvertedDocument>;
}

export interface DatasetSelection {
  readonly half: Half | 'both';
  /** At most this many documents per set, chosen by a hash of the file name (the same ones every run). */
  readonly sample?: number;
}

/** The sets whose folder holds `schema.json` and one `<doc>.expected.json` per document. */
export const SCHEMA_SETS = [
  'wildreceipt-receipts',
  'funsd-forms',
  'cuad-contracts',
  'kleister-charity-sample',
  'einvoice-facturx-zugferd',
  'einvoice-en16931-rendered',
] as const;
export const INVOICE2DATA_SET = 'invoice2data-compare';
export const OMNI_SET = 'omni-ocr-benchmark-samples';
export const ALL_SETS: readonly string[] = [...SCHEMA_SETS, INVOICE2DATA_SET, OMNI_SET];

const DOCUMENT = /\.(pdf|txt|jpe?g|png|docx|html)$/i;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function fileCase(
  root: string,
  set: string,
  name: string,
  schema: Record<string, unknown>,
  expected: Record<string, unknown>,
): EvalCase {
  const absolute = path.join(root, set, name);
  return {
    file: `${set}/${name}`,
    schema,
    expected,
    cached: isCached(absolute) || /\.txt$/i.test(name),
    read: () => convertCached(absolute),
  };
}

function loadSchemaSet(root: string, set: string): EvalCase[] {
  const folder = path.join(root, set);
  const schema = readJson(path.join(folder, 'schema.json')) as Record<string, unknown>;
  const names = readdirSync(folder).sort();
  const cases: EvalCase[] = [];
  for (const name of names) {
    if (!name.endsWith('.expected.json')) continue;
    const stem = name.slice(0, -'.expected.json'.length);
    const document = names.find((other) => DOCUMENT.test(other) && other.slice(0, other.lastIndexOf('.')) === stem);
    if (!document) continue;
    cases.push(fileCase(root, set, document, schema, readJson(path.join(folder, name)) as Record<string, unknown>));
  }
  return cases;
}

/** Golden keys that describe the upstream template, not the document: nothing on the page to extract. */
const TEMPLATE_KEYS = new Set(['desc']);

/** invoice2data: golden `<name>.json` (a list with one object) beside `<name>.pdf` or `<name>.txt`, one generic schema. */
function loadInvoice2data(root: string): EvalCase[] {
  const folder = path.join(root, INVOICE2DATA_SET);
  const cases: EvalCase[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const base = name.slice(0, -'.json'.length);
    const extension = ['.pdf', '.txt'].find((candidate) => existsSync(path.join(folder, base + candidate)));
    if (!extension) continue;
    const parsed = readJson(path.join(folder, name)) as Record<string, unknown>[];
    const expected = Object.fromEntries(Object.entries(parsed[0] ?? {}).filter(([key]) => !TEMPLATE_KEYS.has(key)));
    cases.push(fileCase(root, INVOICE2DATA_SET, base + extension, INVOICE_SCHEMA, expected));
  }
  return cases;
}

interface OmniRecord {
  readonly jsonSchema: Record<string, unknown>;
  readonly trueJsonOutput: Record<string, unknown>;
  readonly trueMarkdownOutput: string;
}

// The ground-truth page text is Markdown with HTML tables; as HTML it goes through the same
// converter as an uploaded HTML page, so tables become aligned rows.
const markdown = new MarkdownIt({ html: true });

/** OmniAI records: no document file; each record carries its schema, expected JSON and page text. */
function loadOmni(root: string): EvalCase[] {
  const folder = path.join(root, OMNI_SET);
  const cases: EvalCase[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const raw = readJson(path.join(folder, name)) as OmniRecord | OmniRecord[];
    const record = Array.isArray(raw) ? raw[0] : raw;
    if (!record) continue;
    const html = markdown.render(record.trueMarkdownOutput);
    cases.push({
      file: `${OMNI_SET}/${name}`,
      schema: record.jsonSchema,
      expected: record.trueJsonOutput,
      cached: true,
      read: () => convertDocument({ bytes: Buffer.from(html), contentType: 'text/html', filename: name }),
    });
  }
  return cases;
}

/** The order `--sample N` takes documents in: the first N of a half by a hash of the file name. */
export function sampleOrder(file: string): string {
  return createHash('sha256')
    .update(`sample:${path.basename(file)}`)
    .digest('hex');
}

/** The documents of one set in the selected half (and sample), in file-name order; [] when the folder is missing. */
export function loadSet(root: string, set: string, selection: DatasetSelection): EvalCase[] {
  if (!existsSync(path.join(root, set))) return [];
  const all =
    set === INVOICE2DATA_SET ? loadInvoice2data(root) : set === OMNI_SET ? loadOmni(root) : loadSchemaSet(root, set);
  const inHalf = all.filter((item) => selection.half === 'both' || halfOf(item.file) === selection.half);
  if (selection.sample === undefined || inHalf.length <= selection.sample) return inHalf;
  const chosen = new Set(
    inHalf
      .map((item) => item.file)
      .sort((a, b) => sampleOrder(a).localeCompare(sampleOrder(b)))
      .slice(0, selection.sample),
  );
  return inHalf.filter((item) => chosen.has(item.file));
}
