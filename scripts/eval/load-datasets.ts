import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import type { ConvertedDocument } from '../../src/pipeline/types.js';

/** Reading the two dataset folders into converted documents and their expected outputs. */

export interface InvoiceCase {
  readonly file: string;
  readonly document: ConvertedDocument;
  readonly golden: Record<string, unknown>;
}

export interface SchemaCase {
  readonly file: string;
  readonly document: ConvertedDocument;
  readonly schema: Record<string, unknown>;
  readonly golden: Record<string, unknown>;
}

/** Golden keys that describe the upstream template, not the document: nothing on the page to extract. */
const TEMPLATE_KEYS = new Set(['desc']);

const CONTENT_TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.txt': 'text/plain' };

export async function loadInvoices(root: string): Promise<InvoiceCase[]> {
  const folder = path.join(root, 'invoice2data-compare');
  if (!existsSync(folder)) return [];
  const cases: InvoiceCase[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const base = name.slice(0, -'.json'.length);
    const extension = ['.pdf', '.txt'].find((candidate) => existsSync(path.join(folder, base + candidate)));
    if (!extension) continue;
    const file = `invoice2data-compare/${base}${extension}`;
    const bytes = readFileSync(path.join(folder, base + extension));
    const document = await convertDocument({ bytes, contentType: CONTENT_TYPES[extension] ?? null, filename: file });
    const parsed = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as Record<string, unknown>[];
    const golden = Object.fromEntries(Object.entries(parsed[0] ?? {}).filter(([key]) => !TEMPLATE_KEYS.has(key)));
    cases.push({ file, document, golden });
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

export async function loadOmniSamples(root: string): Promise<SchemaCase[]> {
  const folder = path.join(root, 'omni-ocr-benchmark-samples');
  if (!existsSync(folder)) return [];
  const cases: SchemaCase[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const raw = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as OmniRecord | OmniRecord[];
    const record = Array.isArray(raw) ? raw[0] : raw;
    if (!record) continue;
    const html = markdown.render(record.trueMarkdownOutput);
    const document = await convertDocument({ bytes: Buffer.from(html), contentType: 'text/html', filename: name });
    cases.push({
      file: `omni-ocr-benchmark-samples/${name}`,
      document,
      schema: record.jsonSchema,
      golden: record.trueJsonOutput,
    });
  }
  return cases;
}
