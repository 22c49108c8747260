import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { halfOf } from '../../scripts/eval/corpus.js';
import { loadSet } from '../../scripts/eval/load-datasets.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'quire-eval-'));
t.teardown(() => rmSync(root, { recursive: true, force: true }));

const receipts = path.join(root, 'wildreceipt-receipts');
mkdirSync(receipts);
const schema = { type: 'object', properties: { total: { type: 'number' } } };
writeFileSync(path.join(receipts, 'schema.json'), JSON.stringify(schema));
const names = Array.from({ length: 20 }, (_, index) => `receipt-${String(index).padStart(2, '0')}`);
for (const [index, name] of names.entries()) {
  writeFileSync(path.join(receipts, `${name}.txt`), `TOTAL ${index}.00`);
  writeFileSync(path.join(receipts, `${name}.expected.json`), JSON.stringify({ total: index }));
}
writeFileSync(path.join(receipts, 'orphan.expected.json'), '{}');

const invoices = path.join(root, 'invoice2data-compare');
mkdirSync(invoices);
writeFileSync(path.join(invoices, 'Shop.txt'), 'Invoice');
writeFileSync(path.join(invoices, 'Shop.json'), JSON.stringify([{ amount: 10, desc: 'template' }]));
writeFileSync(path.join(invoices, 'NoDocument.json'), JSON.stringify([{ amount: 1 }]));

t.test('a schema set pairs each document with its expected file and the set schema', async (t) => {
  const all = loadSet(root, 'wildreceipt-receipts', { half: 'both' });
  t.equal(all.length, 20, 'an expected file without a document is left out');
  t.equal(all[3]?.file, 'wildreceipt-receipts/receipt-03.txt');
  t.same(all[3]?.expected, { total: 3 });
  t.same(all[3]?.schema, schema);
  t.ok(all[3]?.cached, 'plain text needs no conversion budget');
});

t.test('the halves split the set by file name and the sample is the same every time', async (t) => {
  const report = loadSet(root, 'wildreceipt-receipts', { half: 'report' });
  const tuning = loadSet(root, 'wildreceipt-receipts', { half: 'tuning' });
  t.equal(report.length + tuning.length, 20);
  t.ok(report.every((item) => halfOf(item.file) === 'report'));
  t.ok(tuning.every((item) => halfOf(item.file) === 'tuning'));
  const sample = loadSet(root, 'wildreceipt-receipts', { half: 'both', sample: 5 }).map((item) => item.file);
  t.equal(sample.length, 5);
  t.same(
    loadSet(root, 'wildreceipt-receipts', { half: 'both', sample: 5 }).map((item) => item.file),
    sample,
  );
  t.not(
    sample.join(),
    names
      .slice(0, 5)
      .map((name) => `wildreceipt-receipts/${name}.txt`)
      .join(),
    'not simply the first files',
  );
});

t.test('invoice2data golden files drop the template description and need a document beside them', async (t) => {
  const cases = loadSet(root, 'invoice2data-compare', { half: 'both' });
  t.same(
    cases.map((item) => [item.file, item.expected]),
    [['invoice2data-compare/Shop.txt', { amount: 10 }]],
  );
});

t.test('a missing set folder is an empty set', async (t) => {
  t.same(loadSet(root, 'funsd-forms', { half: 'both' }), []);
});
