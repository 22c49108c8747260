import { readFileSync } from 'node:fs';
import { extractFields } from '../../src/pipeline/extract.js';
import { labelVariants } from '../../src/pipeline/schema-fields.js';
import { INVOICE_SCHEMA } from './invoice-schema.js';

const text = readFileSync(process.argv[2]!, 'utf8');
const d = { format: 'text' as const, contentType: 'text/plain', pages: [text], text };
const schema = { type: 'object', properties: { lines: INVOICE_SCHEMA.properties.lines } };
const res = extractFields(d, {
  code: 'x',
  name: 'x',
  jsonSchema: schema as any,
  promptHints: null,
  keepPropertyOrdering: true,
  conversionMode: 'json',
});
console.log(JSON.stringify(res.data, null, 1));
if (process.env.VARIANTS)
  for (const [k, v] of Object.entries(INVOICE_SCHEMA.properties.lines.items.properties))
    console.log(
      k,
      labelVariants(k, v as any)
        .map((x) => x.words.join(' ') + ':' + x.priority)
        .join(' | '),
    );
