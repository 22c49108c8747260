import t from 'tap';
import { addressBlockGenerator } from '../../../src/pipeline/extract/candidates/address-block.js';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function addresses(text: string, relation = 'issuer_address'): Candidate[] {
  return addressBlockGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes(relation));
}

t.test('the letterhead address is the block under the name, to the phone or tax line', async (t) => {
  const found = addresses(
    [
      'PERNIAGAAN BUNGA RAYA SDN BHD',
      'ROC NO: 715402-K',
      'NO 6 & 8, JALAN MAWAR 3,',
      'TAMAN SERI INDAH,',
      '81300 SKUDAI, JOHOR',
      'TEL:07-521 4410 FAX:07-521 4411',
      'TAX INVOICE',
    ].join('\n'),
  );
  t.equal(found.length, 1);
  t.equal(found[0]?.value, 'NO 6 & 8, JALAN MAWAR 3, TAMAN SERI INDAH, 81300 SKUDAI, JOHOR');
  t.same(found[0]?.span, { line: 2, start: 0, endLine: 4, end: 19 });
  t.equal(found[0]?.layout, 'letterhead');
});

t.test('a US letterhead: street, then city, state and ZIP; the phone ends it', async (t) => {
  const found = addresses(
    ['Outdoor Outfitters # 412', '3716 E Elm Road', 'Mesa Verde, AZ 85297', '(480) 555-2080', 'SALE'].join('\n'),
  );
  t.equal(found[0]?.value, '3716 E Elm Road, Mesa Verde, AZ 85297');
});

t.test('a building line above the street and the city after a contact label on the same line', async (t) => {
  const found = addresses(
    ['La Palmera', 'Kestrel Court', '41-43 Kestrel Road', 'Harfield, B27 4QX', 'Tel: 0121 496 0813'].join('\n'),
  );
  t.equal(found[0]?.value, 'Kestrel Court, 41-43 Kestrel Road, Harfield, B27 4QX');
  const singapore = addresses(['KOPI LAMA', '51 Tampines Lane,', 'Singapore 529871 Tel: 65550123'].join('\n'));
  t.equal(singapore[0]?.value, '51 Tampines Lane, Singapore 529871');
});

t.test('an invoice number or a date is not an address line', async (t) => {
  t.same(addresses(['SHOP', 'INVOICE NO: 18183', 'DATE: 09/01/2018'].join('\n')), []);
});

t.test('a labelled address and the address lines under it', async (t) => {
  const text = [
    ...Array.from({ length: 14 }, (_, index) => `row ${index}`),
    'Address: 12 Main Street',
    'Springfield, IL 62701',
    'Notes',
  ].join('\n');
  const found = addresses(text, 'address');
  t.equal(found[0]?.value, '12 Main Street, Springfield, IL 62701');
  t.same(found[0]?.labelWords, ['address']);
  t.notOk(found[0]?.relations.includes('issuer_address'), 'below the letterhead it is not the issuer address');
});

t.test('a house number and a name just above the city line is the street, whatever it is called', async (t) => {
  const found = addresses(
    ["MORTY'S DELICATESSEN", '1875 BROADWAY', 'New York, NY 10031', '(212) 555-0147', 'Server: Marisol'].join('\n'),
  );
  t.equal(found[0]?.value, '1875 BROADWAY, New York, NY 10031');
  // A trade noun makes the line a name, not a street.
  const shop = addresses(['PRAIRIE MART', '24 HOUR STORE', 'Garland, TX 75040', 'Tel 214 555 0197'].join('\n'));
  t.equal(shop[0]?.value, 'Garland, TX 75040');
});

t.test('a four-digit postcode and its town end the block; alone they are no address', async (t) => {
  const found = addresses(
    ['CAFE LUNETTA', 'Rue des Tanneurs 23', '1050 Ixelles', 'Tel: 02/548.13.27', 'Table No:014'].join('\n'),
  );
  t.equal(found[0]?.value, 'Rue des Tanneurs 23, 1050 Ixelles');
  t.same(addresses(['CAFE LUNETTA', '2016 Summer Menu', 'Table No:014'].join('\n')), []);
});

t.test('a number after "No." is a reference, not a postcode', async (t) => {
  const found = addresses(
    ['Spice Garden', '29 The Crescent, Oakley Vale', 'Check No. 200109', 'Pint of Lager 3.23'].join('\n'),
  );
  t.equal(found[0]?.value, '29 The Crescent, Oakley Vale');
});

t.test('after its city, region and postcode an address goes on only with its country', async (t) => {
  const us = addresses(
    ['GROCERY DEPOT', '10475 West Elm Rd', 'Bellwood, NE 68624', 'MEMBER 7302958164420', '208413 WHOLE OATS 5.99'].join(
      '\n',
    ),
  );
  t.equal(us[0]?.value, '10475 West Elm Rd, Bellwood, NE 68624');
  const country = addresses(['Lakeside Books', '12 King St W', 'Guelph, ON', 'Canada', 'Tel: 416 555 0101'].join('\n'));
  t.equal(country[0]?.value, '12 King St W, Guelph, ON, Canada');
});

t.test('a Canadian postal code, a ZIP code a digit short and a town alone under its street', async (t) => {
  const canadian = addresses(
    ['Alder Diner', '417 Pine Street', 'Brackenridge, BC, V2T 3M6', 'Tel: (604) 555-0136'].join('\n'),
  );
  t.equal(canadian[0]?.value, '417 Pine Street, Brackenridge, BC, V2T 3M6');
  const short = addresses(['Prairie Dairy Stop', '372 COUNTY ROAD 214', 'MILLBROOK , NY 1254', '1597-4086'].join('\n'));
  t.equal(short[0]?.value, '372 COUNTY ROAD 214, MILLBROOK , NY 1254');
  const town = addresses(
    ['The Harbour Lounge', '38 Main Street', 'Greystones', '0404 62937', 'Date: 11/11/2011'].join('\n'),
  );
  t.equal(town[0]?.value, '38 Main Street, Greystones');
  const slogan = addresses(
    ['The Harbour Lounge', '38 Main Street', 'Fresh Every Day', 'Greystones', 'Thank you'].join('\n'),
  );
  t.equal(slogan[0]?.value, '38 Main Street', 'lines of letters that the letterhead does not close are no town');
});

t.test('a street named before its number over the postcode and town, as Europe writes it', async (t) => {
  const dutch = addresses(
    ['             THE LANTERN', '               Veerkade 21/22', '            1016 RW Amsterdam', 'Tafel #42'].join(
      '\n',
    ),
  );
  t.equal(dutch[0]?.value, 'Veerkade 21/22, 1016 RW Amsterdam');
  const german = addresses(
    ['Restaurant Olympia', 'Lindenhofer Ring 9', '85654 Moosried', 'TEL: 089-52837461'].join('\n'),
  );
  t.equal(german[0]?.value, 'Lindenhofer Ring 9, 85654 Moosried');
  const named = addresses(['ANNA', 'RESTORAN MURNI 2', '43000 Kajang', 'TEL: 03-1234 5678'].join('\n'));
  t.equal(named[0]?.value, '43000 Kajang', 'a name with a trade noun and a number is no street');
  const streetFirst = addresses(['KEDAI MURNI 88', 'NO 5, JALAN MURNI 2,', '43000 KAJANG', 'TEL: 03-1234'].join('\n'));
  t.equal(streetFirst[0]?.value, 'NO 5, JALAN MURNI 2, 43000 KAJANG', 'over a street line, the name stays out');
});

t.test('a unit numbered by its block letter, a comma after it, starts the address', async (t) => {
  const head = [
    'Fennel & Fig',
    'Orchid Foods Pvt. Ltd.',
    'G-21, Larkspur Point',
    'Elm Phase 2, Navapur',
    'Contact : 0141 - 5550182',
  ];
  t.equal(
    addresses(head.join('\n'))[0]?.value,
    'G-21, Larkspur Point, Elm Phase 2, Navapur',
    'a district and its town close it',
  );
  const lot = ['KEDAI TEPUNG SENJA', 'LOT B-2-07, PLAZA MERANTI,', '47100 PUCHONG, SELANGOR', 'TEL: 03-5550 1234'];
  t.equal(addresses(lot.join('\n'))[0]?.value, 'LOT B-2-07, PLAZA MERANTI, 47100 PUCHONG, SELANGOR');
});

t.test('a town alone under the street line where the letterhead ends closes a block of any length', async (t) => {
  const found = addresses(
    [
      '  KOTO',
      '  3F, Harbour Plaza',
      '  8 Pier Rd, Quarry Bay',
      '  Hong Kong',
      '  Tel: 2555 0142',
      '  12/03/2018 19:20',
      '  1 Miso Soup        38.00',
    ].join('\n'),
  );
  t.equal(found[0]?.value, '3F, Harbour Plaza, 8 Pier Rd, Quarry Bay, Hong Kong');
});
