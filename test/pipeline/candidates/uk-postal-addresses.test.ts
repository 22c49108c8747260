import t from 'tap';
import { ukPostalAddresses } from '../../../src/pipeline/extract/candidates/uk-postal-addresses.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const byRelation = (text: string, relation: string) =>
  ukPostalAddresses
    .generate(buildDocumentModel(text))
    .filter((c) => c.relations.includes(relation))
    .map((c) => c.value);

t.test('a stacked address block: street, locality, post town, county, postcode', async (t) => {
  const text = [
    'Principal office',
    'Unit 7 Brook Farm',
    '12 Wrenfield Road',
    'Wrenfield Magna',
    'Thetbury',
    'Norfolk',
    'NR17 4QX',
  ].join('\n');
  t.same(byRelation(text, 'postcode'), ['NR17 4QX']);
  t.same(byRelation(text, 'street_line'), ['12 Wrenfield Road']);
  t.same(byRelation(text, 'post_town')[0], 'Thetbury');
  t.same(byRelation(text, 'office_address').length > 0, true);
});

t.test('an address on one line, comma separated', async (t) => {
  const text = 'Our office, 27 Larkhill Road, Elmsford, Kent TN15 8WJ   Tel 01234 567890';
  t.same(byRelation(text, 'postcode'), ['TN15 8WJ']);
  t.same(byRelation(text, 'street_line'), ['27 Larkhill Road']);
  t.same(byRelation(text, 'post_town')[0], 'Elmsford');
});

t.test('two address blocks side by side are read by column', async (t) => {
  const text = [
    '12 High Street                 1 Mill Lane',
    'Ware                           Oakmere',
    'SG12 9RZ                       CM7 4NB',
  ].join('\n');
  t.same(byRelation(text, 'postcode'), ['SG12 9RZ', 'CM7 4NB']);
  t.same(byRelation(text, 'street_line'), ['12 High Street', '1 Mill Lane']);
  t.same(byRelation(text, 'post_town'), ['Ware', 'Oakmere']);
});

t.test('a block not under an office label has no office relation; lower-case text is no postcode', async (t) => {
  t.same(byRelation('Auditors\n1 Bank Street\nLondon\nE14 9QZ', 'office_address'), []);
  t.same(byRelation('see ab1 2cd for details', 'postcode'), []);
});

t.test('a street in prose, and a street name wrapped onto the postcode line', async (t) => {
  const streets = (text: string) => byRelation(text, 'street_line');
  t.same(
    streets(
      'Trustees report on the activities of the Charity that\nis St Aldric Chapel, Marlbury located at Sexton\nRoad, Marlbury, SG7 3JN. It is a registered charity.',
    ),
    ['Sexton Road'],
  );
  t.same(
    streets(
      'The principal place of business of the charity for many years now is located at 58 Fernlea Road, London, N19 4TW.',
    ),
    ['58 Fernlea Road'],
  );
});

t.test('a postcode closing its block with an OCR-misread inward code', async (t) => {
  const text = ['Principal address: Old Mill Hall', 'Quarry Lane', 'Little Stowe', 'Hertfordshire', 'AL9 sQE'].join(
    '\n',
  );
  t.same(byRelation(text, 'postcode'), ['AL9 5QE']);
  t.same(byRelation(text, 'street_line'), ['Quarry Lane']);
  t.same(byRelation(text, 'post_town'), ['Little Stowe']);
  t.same(byRelation('We met at the A4 SIZE printers in town', 'postcode'), [], 'not mid-line');
});

t.test("an adviser's block is evidence against it; one label heads the blocks of several firms", async (t) => {
  const text = [
    'Registered office    7 Willow Row',
    '                     Ashford',
    '                     TN24 8AB',
    '',
    'Solicitors           Hart & Vane LLP',
    '                     2 Castle Street',
    '                     Canterbury',
    '                     CT1 2QA',
    '                     Dell Partners',
    '                     9 Quay Lane',
    '                     Dover',
    '                     CT16 1AA',
  ].join('\n');
  const postcodes = ukPostalAddresses
    .generate(buildDocumentModel(text))
    .filter((c) => c.relations.includes('postcode'));
  t.same(
    postcodes.map((c) => [c.value, c.conflict ?? 0]),
    [
      ['TN24 8AB', 0],
      ['CT1 2QA', 0.5],
      ['CT16 1AA', 0.5],
    ],
  );
});

t.test('the parts of one block share a group, another block has its own', async (t) => {
  const text = [
    'Principal office',
    '3 Elm Road',
    'Leeds',
    'LS1 4AB',
    '',
    'Bankers',
    '1 High Street',
    'York',
    'YO1 7HH',
  ].join('\n');
  const candidates = ukPostalAddresses.generate(buildDocumentModel(text));
  const groupOf = (value: string) => candidates.find((c) => c.value === value)?.group;
  t.equal(groupOf('3 Elm Road'), groupOf('LS1 4AB'));
  t.equal(groupOf('Leeds'), groupOf('LS1 4AB'));
  t.not(groupOf('York'), groupOf('Leeds'));
  t.equal(groupOf('York'), groupOf('YO1 7HH'));
});
