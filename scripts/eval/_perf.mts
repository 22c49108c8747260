import { extractFields } from '../../src/pipeline/extract.js';
import { identifyDocument } from '../../src/pipeline/identify.js';
import { CANDIDATE_TYPES } from './candidate-types.js';
import { INVOICE_SCHEMA } from './invoice-schema.js';
import { SYNTHETIC_DOCUMENTS } from './synthetic-documents.js';

const unit = SYNTHETIC_DOCUMENTS.map((d) => d.text).join('\n\n');
let text = '';
while (text.length < 1_400_000) text += `${unit}\n\n`;
const pages = text.match(/[\s\S]{1,4000}/g)!;
const d = { format: 'text' as const, contentType: 'text/plain', pages, text: pages.join('\n\f\n') };
for (let i = 0; i < 2; i++) {
  const t0 = performance.now();
  const r = extractFields(d, {
    code: 'x',
    name: 'x',
    jsonSchema: INVOICE_SCHEMA as any,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  });
  const t1 = performance.now();
  identifyDocument(d, CANDIDATE_TYPES);
  const t2 = performance.now();
  console.log(
    `${(d.text.length / 1e6).toFixed(2)} MB, ${pages.length} pages: extract ${(t1 - t0).toFixed(0)} ms (${r.fields.length} fields), identify ${(t2 - t1).toFixed(0)} ms`,
  );
}
