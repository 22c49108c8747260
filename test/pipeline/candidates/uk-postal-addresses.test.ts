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
    'Unit 4 Hill Farm',
    '12 Kirby Road',
    'Kirby Bedon',
    'Norwich',
    'Norfolk',
    'NR14 7DU',
  ].join('\n');
  t.same(byRelation(text, 'postcode'), ['NR14 7DU']);
  t.same(byRelation(text, 'street_line'), ['12 Kirby Road']);
  t.same(byRelation(text, 'post_town')[0], 'Norwich');
  t.same(byRelation(text, 'office_address').length > 0, true);
});

t.test('an address on one line, comma separated', async (t) => {
  const text = 'Our office, 39 Dartford Road, Sevenoaks, Kent TN13 3TE   Tel 01234 567890';
  t.same(byRelation(text, 'postcode'), ['TN13 3TE']);
  t.same(byRelation(text, 'street_line'), ['39 Dartford Road']);
  t.same(byRelation(text, 'post_town')[0], 'Sevenoaks');
});

t.test('two address blocks side by side are read by column', async (t) => {
  const text = [
    '12 High Street                 1 Mill Lane',
    'Ware                           Thaxted',
    'SG11 2DY                       CM6 2LR',
  ].join('\n');
  t.same(byRelation(text, 'postcode'), ['SG11 2DY', 'CM6 2LR']);
  t.same(byRelation(text, 'street_line'), ['12 High Street', '1 Mill Lane']);
  t.same(byRelation(text, 'post_town'), ['Ware', 'Thaxted']);
});

t.test('a block not under an office label has no office relation; lower-case text is no postcode', async (t) => {
  t.same(byRelation('Auditors\n1 Bank Street\nLondon\nE14 5HP', 'office_address'), []);
  t.same(byRelation('see ab1 2cd for details', 'postcode'), []);
});

t.test('a street in prose, and a street name wrapped onto the postcode line', async (t) => {
  const streets = (text: string) => byRelation(text, 'street_line');
  t.same(
    streets(
      'Trustees report on the activities of the Charity that\nis Christchurch Church, Hitchin located at Bedford\nRoad, Hitchin, SG5 1HF. It is a registered charity.',
    ),
    ['Bedford Road'],
  );
  t.same(
    streets(
      'The principal place of business of the charity for many years now is located at 43 Heathland Road, London, N16 5PQ.',
    ),
    ['43 Heathland Road'],
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
