import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { convertDocument } from '../../src/pipeline/convert.js';

const f = process.argv[2]!;
const r = JSON.parse(readFileSync(f, 'utf8'));
const rec = Array.isArray(r) ? r[0] : r;
const html = new MarkdownIt({ html: true }).render(rec.trueMarkdownOutput);
const d = await convertDocument({ bytes: Buffer.from(html), contentType: 'text/html', filename: 'x' });
console.log(d.text);
