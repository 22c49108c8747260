import { extractFields } from '../../src/pipeline/extract.js';
import { labelVariants } from '../../src/pipeline/schema-fields.js';

const text = process.argv[2]!.replaceAll('\\n', '\n');
const schema = JSON.parse(process.argv[3]!);
const d = { format: 'text' as const, contentType: 'text/plain', pages: [text], text };
const res = extractFields(d, {
  code: 'x',
  name: 'x',
  jsonSchema: schema,
  promptHints: null,
  keepPropertyOrdering: true,
  conversionMode: 'json',
});
console.log(JSON.stringify(res, null, 1));
if (process.env.VARIANTS)
  for (const [k, v] of Object.entries(schema.properties))
    console.log(
      k,
      labelVariants(k, v as any)
        .map((x) => x.words.join(' ') + ':' + x.priority)
        .join(' | '),
    );
