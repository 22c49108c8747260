import t from 'tap';
import { appearsInText, type PresentTally, readThroughOcr, tallyPresent } from '../../scripts/eval/present.js';

t.test('a string appears when its normalised form is in the normalised text', async (t) => {
  t.ok(appearsInText('Maple Leaf Bakery', 'MAPLE-LEAF  BAKERY\n12 Birch Rd'));
  t.ok(appearsInText('12 BIRCH RD, OAKVILLE', '12 Birch Rd\nOakville'), 'across lines and punctuation');
  t.notOk(appearsInText('Maple Leaf Bakery', 'MAPLE LEAF BAKFRY'));
});

t.test('an amount appears with two decimals, not inside a longer number', async (t) => {
  t.ok(appearsInText(39.8, 'TOTAL\nRM 39.80'));
  t.ok(appearsInText(39.8, 'Summe 39,80 EUR'));
  t.ok(appearsInText(1234.5, 'Total 1,234.50'));
  t.ok(appearsInText(12, 'TOTAL 12'), 'a whole amount as printed without cents');
  t.notOk(appearsInText(39.8, 'Ref 139.80'));
  t.notOk(appearsInText(39.8, 'Total 39.85'));
});

t.test('a date appears in any usual printed form', async (t) => {
  t.ok(appearsInText('2019-03-12', 'Date: 12/03/2019'));
  t.ok(appearsInText('2019-03-12', '03-12-19 14:02'));
  t.ok(appearsInText('2019-03-12', '12 Mar 2019'));
  t.ok(appearsInText('2019-03-12', 'March 12, 2019'));
  t.notOk(appearsInText('2019-03-12', '13/03/2019'));
});

t.test('the tally counts present values and marks present misses', async (t) => {
  const tally: PresentTally = { fields: new Map(), misses: new Set() };
  const text = 'CORNER SHOP\nTOTAL 5.00\n01/02/2020';
  tallyPresent(
    tally,
    { store_name: 'Corner Shop', total: 5, date: '2020-02-01', items: [] },
    { total: 4 },
    text,
    'a.jpg',
  );
  tallyPresent(
    tally,
    { store_name: 'Other Shop', total: 5 },
    { store_name: 'Other Shop', total: 5 },
    'smudge',
    'b.jpg',
  );
  t.same(tally.fields.get('store_name'), { present: 1, matched: 0, labelled: 2 });
  t.same(tally.fields.get('total'), { present: 1, matched: 0, labelled: 2 });
  t.same([...tally.misses], ['a.jpg store_name', 'a.jpg total', 'a.jpg date']);
  t.notOk(tally.fields.has('items'));
  t.ok(readThroughOcr('set/receipt-1.jpg'));
  t.notOk(readThroughOcr('set/invoice.pdf'));
});

t.test('key-value elements count as present when key and value are in the text', async (t) => {
  const tally: PresentTally = { fields: new Map(), misses: new Set() };
  const text = 'Batch No.:  QX-17\nShelf   B4\nOwner: Ann Lee';
  tallyPresent(
    tally,
    {
      fields: [
        { key: 'Batch No.', value: 'QX-17' },
        { key: 'Shelf', value: 'B4' },
        { key: 'Owner', value: 'Ann Leigh' },
      ],
    },
    { fields: [{ key: 'Shelf', value: 'B4' }] },
    text,
    'form.png',
  );
  t.same(tally.fields.get('fields[]'), { present: 2, matched: 1, labelled: 3 });
  t.same([...tally.misses], ['form.png fields[0].key', 'form.png fields[0].value']);
});
