import t from 'tap';
import {
  emptyTally,
  normaliseText,
  parseLooseNumber,
  sameValue,
  schemaFieldPaths,
  scoreDocument,
} from '../../scripts/eval/score.js';

t.test('strings compare after NFKC, lower case and without whitespace or punctuation', async (t) => {
  t.equal(normaliseText("MOLLY'S  Reg-4"), 'mollysreg4');
  t.ok(sameValue("MOLLY'SREG4", "Molly's Reg 4"));
  t.ok(sameValue('418HAWTHORNLANE BRAMPTON,ON', '418 Hawthorn Lane, Brampton, ON'));
  t.ok(sameValue('ﬁle №1', 'file no1'), 'NFKC folds ligatures and compatibility forms');
  t.notOk(sameValue('Brampton', 'Bramptom'));
});

t.test('numbers are parsed in both decimal conventions and with currencies', async (t) => {
  t.equal(parseLooseNumber('1.234,56'), 1234.56);
  t.equal(parseLooseNumber('1,234.56'), 1234.56);
  t.equal(parseLooseNumber('€ 12'), 12);
  t.equal(parseLooseNumber('12,50 EUR'), 12.5);
  t.equal(parseLooseNumber('1 234 567'), 1234567);
  t.equal(parseLooseNumber('(39.80)'), -39.8);
  t.equal(parseLooseNumber('Invoice 12'), null);
  t.ok(sameValue(19.5, '19.504'), 'within 0.005');
  t.notOk(sameValue(19.5, 19.51));
  t.ok(sameValue('0.01', 0.01), 'a numeric golden string equals the number');
});

t.test('dates compare as ISO and booleans exactly', async (t) => {
  t.ok(sameValue('2014-07-29', '2014-07-29'));
  t.ok(sameValue('2014-07-29', '29 July 2014'));
  t.notOk(sameValue('2014-07-29', '2014-07-30'));
  t.ok(sameValue('perpetual', 'Perpetual'));
  t.ok(sameValue(false, false));
  t.notOk(sameValue(false, 'false'));
  t.notOk(sameValue(true, undefined));
});

t.test('absent expected keys are not scored but counted as extra', async (t) => {
  const tally = emptyTally();
  scoreDocument(tally, 'a', { total: 19.5 }, { total: 19.5, tips: 2, store_name: '' });
  t.same(tally.fields.get('total'), { matched: 1, total: 1, extra: 0 });
  t.same(tally.fields.get('tips'), { matched: 0, total: 0, extra: 1 });
  t.notOk(tally.fields.has('store_name'), 'an empty extracted value is no extra');
});

t.test(
  'arrays of objects pair on the normalised name, then score sub-fields; precision and recall apart',
  async (t) => {
    const tally = emptyTally();
    scoreDocument(
      tally,
      'r',
      {
        items: [{ name: 'GINGERALE', price: 2 }, { name: 'TRIPLESTACK', price: 7.69 }, { name: 'NOICE' }],
      },
      {
        items: [
          { name: 'Triple Stack', price: 7.69 },
          { name: 'Ginger Ale', price: 2.5 },
          { name: 'Fries', price: 1 },
        ],
      },
    );
    t.same(tally.fields.get('items[].name'), { matched: 2, total: 3, extra: 0 });
    t.same(tally.fields.get('items[].price'), { matched: 1, total: 2, extra: 0 });
    t.same(tally.elements.get('items[]'), { expected: 3, predicted: 3, paired: 2, whole: 1 });
    t.same(
      tally.misses.map((miss) => `${miss.field} ${JSON.stringify(miss.expected)} ${JSON.stringify(miss.got)}`),
      ['items[0].price 2 2.5', 'items[2].name "NOICE" undefined'],
    );
  },
);

t.test('arrays of strings are set-matched', async (t) => {
  const tally = emptyTally();
  scoreDocument(
    tally,
    'c',
    { parties: ['Northbay Surgical Supply, Inc.', 'QRT Merger Corp.'] },
    { parties: ['QRT MERGER CORP', 'Someone Else'] },
  );
  t.same(tally.fields.get('parties[]'), { matched: 1, total: 2, extra: 0 });
  t.same(tally.elements.get('parties[]'), { expected: 2, predicted: 2, paired: 1, whole: 1 });
});

t.test('null expected values (not on the page) are not scored', async (t) => {
  const tally = emptyTally();
  scoreDocument(tally, 'o', { a: null, b: { c: 'x' } }, { b: { c: 'X' } });
  t.notOk(tally.fields.has('a'));
  t.same(tally.fields.get('b.c'), { matched: 1, total: 1, extra: 0 });
});

t.test('a schema names its leaf fields in order, as the tallies name them', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      title: { type: 'string' },
      parties: { type: 'array', items: { type: 'string' } },
      seller: { type: 'object', properties: { name: { type: 'string' }, address: { properties: { city: {} } } } },
      items: { type: 'array', items: { type: 'object', properties: { name: {}, price: {} } } },
    },
  };
  t.same(schemaFieldPaths(schema), [
    'title',
    'parties[]',
    'seller.name',
    'seller.address.city',
    'items[].name',
    'items[].price',
  ]);
});
