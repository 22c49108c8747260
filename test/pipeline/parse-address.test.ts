import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { countryCode, parsePostalBlock } from '../../src/pipeline/extract/parse-address.js';

t.test('a block of address lines splits into street, second line, postal code, city and country', async (t) => {
  const parts = parsePostalBlock(['Harbour lane 12', 'Unit 45', '404 Small town', 'NO']);
  t.equal(parts?.street, 0);
  t.equal(parts?.additional, 1);
  t.equal(parts?.locality.postcode.text, '404');
  t.equal(parts?.locality.city.text, 'Small town');
  t.equal(parts?.country?.code, 'NO');
  const prefixed = parsePostalBlock(['Käuferweg 8', 'DE 60311 Frankfurt']);
  t.equal(prefixed?.locality.country, 'DE', 'a country code before the postal code');
  t.equal(prefixed?.locality.city.text, 'Frankfurt');
  t.equal(parsePostalBlock(['12 rue des Tilleuls', '75011 PARIS, FR'])?.locality.country, 'FR', 'or after the city');
  const us = parsePostalBlock(['2200 Cedar Crest Parkway', 'Lake Alder, CA 94987']);
  t.equal(us?.locality.postcode.text, '94987');
  t.equal(us?.locality.city.text, 'Lake Alder');
  t.equal(parsePostalBlock(['14 Wharf Street', 'London SE1 7QT'])?.locality.postcode.text, 'SE1 7QT');
  t.equal(parsePostalBlock(['Thank you', 'for shopping']), null, 'no locality line, no address');
  t.equal(countryCode('Deutschland'), 'DE');
  t.equal(countryCode('Nowhere'), null);
});

const schema = {
  type: 'object',
  properties: {
    seller: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: {
          type: 'object',
          properties: {
            street: { type: 'string' },
            postcode: { type: 'string' },
            city: { type: 'string' },
            country: { type: 'string', description: 'ISO country code' },
          },
        },
      },
    },
    buyer: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
      },
    },
  },
};

function extract(text: string) {
  return extractFields(
    { format: 'text', contentType: 'text/plain', pages: [text], text },
    { code: 't', name: 't', jsonSchema: schema, promptHints: null, keepPropertyOrdering: true, conversionMode: 'json' },
  );
}

t.test("the issuer's letterhead and a labelled party block fill nested address objects", async (t) => {
  const text = [
    'Northwind Traders Ltd',
    '12 Harbour Road',
    'DE 20095 Hamburg',
    '',
    'Buyer:',
    'Customer number: 4711',
    'Contoso GmbH',
    'Hauptstraße 5',
    '10115 Berlin',
  ].join('\n');
  const { data, fields } = extract(text);
  t.same(data.seller, {
    name: 'Northwind Traders Ltd',
    address: { street: '12 Harbour Road', postcode: '20095', city: 'Hamburg', country: 'DE' },
  });
  t.same(data.buyer, { name: 'Contoso GmbH', address: { street: 'Hauptstraße 5', city: 'Berlin' } });
  const city = fields.find((field) => field.path === '/buyer/address/city');
  t.equal(city?.text, 'Berlin', 'each part points at where it is printed');
});

t.test('a company name holding a label word is not a section heading', async (t) => {
  const text = ['Seller:', 'Acme Supplier GmbH', 'Ringstraße 1', '81671 München'].join('\n');
  t.equal((extract(text).data.seller as { name?: string } | undefined)?.name, 'Acme Supplier GmbH');
});

t.test('a Dutch postcode is four digits and two letters', async (t) => {
  const dutch = parsePostalBlock(['Lindeweg 41', '3771 KP Heidedorp']);
  t.equal(dutch?.locality.postcode.text, '3771 KP');
  t.equal(dutch?.locality.city.text, 'Heidedorp');
  t.equal(
    parsePostalBlock(['Rue 1', '5000 NAMUR'])?.locality.postcode.text,
    '5000',
    'a city in capitals stays the city',
  );
});

t.test('a one-letter country mark before the postcode, a country name after the city, a CEDEX city', async (t) => {
  t.same(parsePostalBlock(['Ringstr. 4', 'D-70111 Bergstadt'])?.locality.country, 'DE');
  t.same(parsePostalBlock(['Ringstr. 4', 'A-1010 Wien'])?.locality.country, 'AT');
  const named = parsePostalBlock(['Ringstr. 4', '70111 Bergstadt, Germany'])?.locality;
  t.same([named?.postcode.text, named?.city.text, named?.country], ['70111', 'Bergstadt', 'DE']);
  t.same(parsePostalBlock(['Ringstr. 4', '70111 Bergstadt, Oberland']), null, 'a region after the city is no country');
  t.same(parsePostalBlock(['3 rue Haute', '69003 LYON CEDEX 03'])?.locality.city.text, 'LYON CEDEX 03');
});
