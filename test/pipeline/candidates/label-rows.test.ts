import t from 'tap';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { isLabelPhrase } from '../../../src/pipeline/extract/model/form-text.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test('a short phrase ending in a colon or a field noun is a label phrase; a written value is not', async (t) => {
  for (const label of ['Account Name', 'CHARGE NO.', 'Vendor #', 'Recipient(s):', 'Issue Date', 'Product Code'])
    t.ok(isLabelPhrase(label), label);
  for (const value of ['Brand Operations', 'Harbour Supplies Ltd', 'Room 12 Date', 'see attached note', 'FULL PAGE'])
    t.notOk(isLabelPhrase(value), value);
});

t.test('a label phrase is never the value of the cell before it: the next cell is its value', async (t) => {
  const text = ['Quarry Works Inc.    Reference No.     K-4471', 'P. Lowe (Ext.)       Account Name      ORCHARD'].join(
    '\n',
  );
  t.same(pairsOf(text), [
    ['Reference No.', 'K-4471'],
    ['Account Name', 'ORCHARD'],
  ]);
});

t.test('a row of colon labels left blank over rows of values pairs column by column, down the column', async (t) => {
  const text = [
    '   Recipient:             Firm:                  Phone No.:          Fax No.:',
    '    Ms. Ada Quill          Norland, Pike          (555) 201-1100      (555) 201-1101',
    '                           & Vane',
    '    Mr. Tom Esk            Harbour Mills Inc.                         (555) 388-4000',
    '',
    '    Dr. Ivo Lark           Brook & Sons           (555) 610-2200      (555) 610-2201',
    '',
    '       Please ring the office if a page is missing.',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Recipient', 'Ms. Ada Quill Mr. Tom Esk Dr. Ivo Lark'],
    ['Firm', 'Norland, Pike & Vane Harbour Mills Inc. Brook & Sons'],
    ['Phone No.', '(555) 201-1100 (555) 610-2200'],
    ['Fax No.', '(555) 201-1101 (555) 388-4000 (555) 610-2201'],
  ]);
});

t.test('captions ending in field nouns over a row of words in their columns, even a little left of them', async (t) => {
  const text = [
    'COST CENTRE CHARGED        | BILLING CODE NO.     EXTRA COPIES TO:',
    '   Field Sales             | Promo Budget       R. Tamsin',
    '',
    'STOCK CODE                               BATCH NUMBER (if known)',
    '   QX-17                                  | none',
  ].join('\n');
  t.same(pairsOf(text), [
    ['COST CENTRE CHARGED', 'Field Sales'],
    ['BILLING CODE NO.', 'Promo Budget'],
    ['EXTRA COPIES TO', 'R. Tamsin'],
    ['STOCK CODE', 'QX-17'],
    ['BATCH NUMBER (if known)', 'none'],
  ]);
});

t.test('one sure label beside a caption, or label and value cells under labels, is no row of labels', async (t) => {
  const text = [
    '   Media Name                    N/A',
    '  *Issue Frequency/Year          Weekly',
    '',
    'Wrapper:                         Sealant:',
    'Supplier      Norbury            Supplier      Kell',
  ].join('\n');
  const pairs = pairsOf(text);
  t.notOk(
    pairs.some(([key]) => key === 'Media Name' && pairs.some(([, value]) => value?.includes('Frequency'))),
    'Media Name does not take the labels under it',
  );
  t.notOk(
    pairs.some(([key, value]) => key === 'Wrapper' && value?.includes('Supplier')),
    'Wrapper does not take a label cell',
  );
});
