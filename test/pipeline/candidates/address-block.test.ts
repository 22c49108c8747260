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
      'OJC MARKETING SDN BHD',
      'ROC NO: 538358-H',
      'NO 2 & 4, JALAN BAYU 4,',
      'BANDAR SERI ALAM,',
      '81750 MASAI, JOHOR',
      'TEL:07-388 2218 FAX:07-388 8218',
      'TAX INVOICE',
    ].join('\n'),
  );
  t.equal(found.length, 1);
  t.equal(found[0]?.value, 'NO 2 & 4, JALAN BAYU 4, BANDAR SERI ALAM, 81750 MASAI, JOHOR');
  t.same(found[0]?.span, { line: 2, start: 0, endLine: 4, end: 18 });
  t.equal(found[0]?.layout, 'letterhead');
});

t.test('a US letterhead: street, then city, state and ZIP; the phone ends it', async (t) => {
  const found = addresses(
    ['Sports Authority # 795', '4820 E Ray Road', 'Phoenix, AZ 85044', '(480) 940-2080', 'SALE'].join('\n'),
  );
  t.equal(found[0]?.value, '4820 E Ray Road, Phoenix, AZ 85044');
});

t.test('a building line above the street and the city after a contact label on the same line', async (t) => {
  const found = addresses(
    ['El Borracho', 'Harborne Court', '65-67 Harborne Road', 'Edgbaston, B15 3BU', 'Tel: 0121 454 5368'].join('\n'),
  );
  t.equal(found[0]?.value, 'Harborne Court, 65-67 Harborne Road, Edgbaston, B15 3BU');
  const singapore = addresses(['ASTONS', '80 Airport Boulevard,', 'Singapore 819642 Tel: 65424709'].join('\n'));
  t.equal(singapore[0]?.value, '80 Airport Boulevard, Singapore 819642');
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
    ["ARTIE'S DELICATESSEN", '2290 BROADWAY', 'New York, NY 10024', '(212) 579-5959', 'Server: Giovanna'].join('\n'),
  );
  t.equal(found[0]?.value, '2290 BROADWAY, New York, NY 10024');
  // A trade noun makes the line a name, not a street.
  const shop = addresses(['SUBWAY', '24 HOUR STORE', 'Dallas, TX 75205', 'Tel 214 528 0197'].join('\n'));
  t.equal(shop[0]?.value, 'Dallas, TX 75205');
});

t.test('a four-digit postcode and its town end the block; alone they are no address', async (t) => {
  const found = addresses(
    ['MIO PRONTO', 'Rue marche aux Poulets 57', '1000 Bruxelles', 'Tel: 02/511.06.66', 'Table No:008'].join('\n'),
  );
  t.equal(found[0]?.value, 'Rue marche aux Poulets 57, 1000 Bruxelles');
  t.same(addresses(['MIO PRONTO', '2016 Summer Menu', 'Table No:008'].join('\n')), []);
});

t.test('a number after "No." is a reference, not a postcode', async (t) => {
  const found = addresses(
    ['Taj Mahal', '17 The Crescent, Abbey Wood', 'Check No. 200109', 'Pint of Heineken 3.23'].join('\n'),
  );
  t.equal(found[0]?.value, '17 The Crescent, Abbey Wood');
});

t.test('after its city, region and postcode an address goes on only with its country', async (t) => {
  const us = addresses(
    ['GROCERY DEPOT', '12300 West Elm Rd', 'Omaha, NE 68154', 'MEMBER 4111779751935', '134991 ORGANIC PASTA 5.99'].join(
      '\n',
    ),
  );
  t.equal(us[0]?.value, '12300 West Elm Rd, Omaha, NE 68154');
  const country = addresses(
    ['Lakeside Books', '12 King St W', 'Toronto, ON', 'Canada', 'Tel: 416 555 0101'].join('\n'),
  );
  t.equal(country[0]?.value, '12 King St W, Toronto, ON, Canada');
});

t.test('a Canadian postal code, a ZIP code a digit short and a town alone under its street', async (t) => {
  const canadian = addresses(
    ['Denman Diner', '823 Pine Street', 'Vancouver, BC, V6G 2L7', 'Tel: (604) 555-0136'].join('\n'),
  );
  t.equal(canadian[0]?.value, '823 Pine Street, Vancouver, BC, V6G 2L7');
  const short = addresses(['Corner Farms', '498 COUNTY ROAD 111', 'RIVERHEAD , NY 1190', '1682-3264'].join('\n'));
  t.equal(short[0]?.value, '498 COUNTY ROAD 111, RIVERHEAD , NY 1190');
  const town = addresses(
    ['The Harbour Lounge', '56 Main Street', 'Greystones', '0402 41418', 'Date: 11/11/2011'].join('\n'),
  );
  t.equal(town[0]?.value, '56 Main Street, Greystones');
  const slogan = addresses(
    ['The Harbour Lounge', '56 Main Street', 'Fresh Every Day', 'Greystones', 'Thank you'].join('\n'),
  );
  t.equal(slogan[0]?.value, '56 Main Street', 'lines of letters that the letterhead does not close are no town');
});

t.test('a street named before its number over the postcode and town, as Europe writes it', async (t) => {
  const dutch = addresses(
    ['             THE ALLEY', '               Damrak 35/36', '            1012 LK Amsterdam', 'Tafel #85'].join('\n'),
  );
  t.equal(dutch[0]?.value, 'Damrak 35/36, 1012 LK Amsterdam');
  const german = addresses(
    ['Restaurant Ilios', 'Bretonischer Ring 7', '85630 Grasbrunn', 'TEL: 089-46169340'].join('\n'),
  );
  t.equal(german[0]?.value, 'Bretonischer Ring 7, 85630 Grasbrunn');
  const named = addresses(['ANNA', 'RESTORAN MURNI 2', '43000 Kajang', 'TEL: 03-1234 5678'].join('\n'));
  t.equal(named[0]?.value, '43000 Kajang', 'a name with a trade noun and a number is no street');
  const streetFirst = addresses(['KEDAI MURNI 88', 'NO 5, JALAN MURNI 2,', '43000 KAJANG', 'TEL: 03-1234'].join('\n'));
  t.equal(streetFirst[0]?.value, 'NO 5, JALAN MURNI 2, 43000 KAJANG', 'over a street line, the name stays out');
});
