import t from 'tap';
import { extractData } from './fixtures.js';

const party = (country: Record<string, unknown>) => ({
  type: 'object',
  properties: {
    name: { type: 'string' },
    vat_id: { type: 'string', description: 'VAT identification number' },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' }, country },
    },
  },
});
const schemaWith = (country: Record<string, unknown>) => ({
  type: 'object',
  properties: { seller: party(country), buyer: party(country) },
});
const code = { type: 'string', description: 'ISO 3166-1 alpha-2 country code' };

const invoice = [
  'Verkäufer:',
  'Muster Werkstatt GmbH',
  'Eckweg 7',
  '54321 Wiesenau',
  'USt-IdNr: DE274810593',
  '',
  'Käufer:',
  'Theodor Kunde',
  'Feldstr. 17',
  '77654 Hollerbach',
].join('\n');

t.test("the issuer's country code from its VAT ID; an address without a country line is domestic", async (t) => {
  const data = extractData(invoice, schemaWith(code)) as Record<string, { address: Record<string, unknown> }>;
  t.equal(data.seller?.address.country, 'DE');
  t.equal(data.buyer?.address.country, 'DE');
});

t.test('a country asked for by name is not invented', async (t) => {
  const data = extractData(invoice, schemaWith({ type: 'string' })) as Record<
    string,
    { address: Record<string, unknown> }
  >;
  t.notOk(data.seller?.address.country);
  t.notOk(data.buyer?.address.country);
});

t.test('a printed country is kept, and no VAT ID means no guess', async (t) => {
  const printed = extractData(
    invoice.replace('77654 Hollerbach', '77654 Hollerbach\nÖsterreich'),
    schemaWith(code),
  ) as Record<string, { address: Record<string, unknown> }>;
  t.equal(printed.buyer?.address.country, 'AT');
  const unknown = extractData(invoice.replace('USt-IdNr: DE274810593', ''), schemaWith(code)) as Record<
    string,
    { address: Record<string, unknown> }
  >;
  t.notOk(unknown.seller?.address.country);
  t.notOk(unknown.buyer?.address.country);
});

t.test(
  'a schema with the seller’s details at its top level: the country its VAT number, else its IBAN, starts with',
  async (t) => {
    const flat = {
      type: 'object',
      properties: {
        invoice_number: { type: 'string', description: 'Invoice number' },
        vat: { type: 'string', description: 'VAT number (tax identification number) of the seller' },
        iban: { type: 'string', description: 'IBAN bank account number' },
        country_code: { type: 'string', description: 'Country code of the seller (ISO 3166)' },
      },
    };
    const page = (vat: string) =>
      [
        'Linnaeus Tuinhuis B.V.',
        'Molenweg 27',
        '6821 BX Arnhem',
        'Factuurnummer: FR2209147',
        ...(vat ? [`BTW ${vat}`] : []),
        'IBAN BE68 5390 0754 7034',
      ].join('\n');
    t.equal(extractData(page('NL002455799B11'), flat).country_code, 'NL', 'from the VAT number');
    t.equal(extractData(page(''), flat).country_code, 'BE', 'from the IBAN, not the invoice number');
  },
);
