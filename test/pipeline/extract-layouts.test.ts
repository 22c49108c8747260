import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { extractData, textDocument } from './fixtures.js';

/** What the engine extracts from a document written in the test. */
const extract = extractData;

const text = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });
const number = { type: 'number' };

t.test('a form printed with captions under the values', async (t) => {
  const form = [
    'PATIENT INFORMATION',
    'Michael              Doe',
    'First Name:          Last Name:',
    '4636A East Winter Rd',
    'Address:',
    'Abiquiu              87510',
    'City:                Zip:',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: { firstName: text(), lastName: text(), address: text(), city: text(), zip: text() },
  };
  t.same(extract(form, schema), {
    firstName: 'Michael',
    lastName: 'Doe',
    address: '4636A East Winter Rd',
    city: 'Abiquiu',
    zip: '87510',
  });
  const above = form.split('\n');
  // The same form with the captions above its values reads downwards.
  const below = [above[0], above[2], above[1], above[4], above[3], above[6], above[5]].join('\n');
  t.same(extract(below, schema), extract(form, schema));
});

t.test('a yes/no question answered by a ticked box', async (t) => {
  const schema = { type: 'object', properties: { hospitalized: { type: 'boolean' }, pregnant: { type: 'boolean' } } };
  t.same(extract('Is this patient currently hospitalized? □ Yes ☑ No\nIs this member pregnant? Yes No', schema), {
    hospitalized: false,
  });
});

t.test('receipt lines without a table header, totals not taken as items', async (t) => {
  const receipt = [
    'NICK THE GREEK',
    'Beef/Lamb Gyro Pita $12.50',
    'Gyro Bowl $13.25',
    'Pork Gyro Pita $16.50',
    '',
    'Subtotal $42.25',
    'Total $48.43',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      items: { type: 'array', items: { type: 'object', properties: { description: text(), amount: number } } },
      total: number,
    },
  };
  t.same(extract(receipt, schema), {
    items: [
      { description: 'Beef/Lamb Gyro Pita', amount: 12.5 },
      { description: 'Gyro Bowl', amount: 13.25 },
      { description: 'Pork Gyro Pita', amount: 16.5 },
    ],
    total: 48.43,
  });
});

t.test('a grouped table: group headings, subtotals per group, codes before the names', async (t) => {
  const invoice = [
    'Description                       Quantity     Unit Price    Disc.% Taxes        Amount',
    '--- Hardware ---',
    '[CH-1] Office Chair                   2.00         70.00      0.00 15.00%       $ 140.00',
    '                                                                      Subtotal $ 140.00',
    '--- Food ---',
    '[OIL] Olive Oil                       1.00          1.00     10.00 15.00%         $ 0.90',
    '                                                                      Subtotal $ 0.90',
    '',
    '                                      Total                                  $ 140.90',
  ].join('\n');
  const item = {
    type: 'object',
    properties: {
      code: text(),
      description: text(),
      quantity: number,
      unitPrice: number,
      discount: number,
      taxes: number,
      amount: number,
    },
  };
  t.same(extract(invoice, { type: 'object', properties: { lines: { type: 'array', items: item } } }), {
    lines: [
      { code: 'CH-1', description: 'Office Chair', quantity: 2, unitPrice: 70, discount: 0, taxes: 15, amount: 140 },
      { code: 'OIL', description: 'Olive Oil', quantity: 1, unitPrice: 1, discount: 10, taxes: 15, amount: 0.9 },
    ],
  });
});

t.test('labels in Dutch, French and German meet English property names', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      invoice_number: text('Invoice number'),
      date: { type: 'string', format: 'date', description: 'Invoice date' },
      amount: { type: 'number', description: 'Total amount to pay, taxes included (grand total)' },
    },
  };
  t.same(extract('FACTUUR\nFactuurnummer: 993548900\nFactuurdatum: 19 april 2014\nTotaal      € 717,97', schema), {
    invoice_number: '993548900',
    date: '2014-04-19',
    amount: 717.97,
  });
  t.same(extract('Facture n° 2022089083\nDate : 28/11/2022\nTotal TTC :   56,02 €', schema), {
    invoice_number: '2022089083',
    date: '2022-11-28',
    amount: 56.02,
  });
  t.same(extract('Rechnung\nRechnungsnr.   30064443\nRechnungsdatum   7. Mai 2014\nGesamtbetrag: 34,73 EUR', schema), {
    invoice_number: '30064443',
    date: '2014-05-07',
    amount: 34.73,
  });
});

t.test('unlabelled values: the currency of the amounts, the issuer in the letterhead, a lone phone', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      issuer: text('Company that issued the invoice'),
      currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] },
      phone: text(),
      total: number,
    },
  };
  const letter = ['Coolblue B.V.', 'Weena 664, Rotterdam   (010) 798 8999', 'Totaal      € 717,97'].join('\n');
  t.same(extract(letter, schema), {
    issuer: 'Coolblue B.V.',
    currency: 'EUR',
    phone: '(010) 798 8999',
    total: 717.97,
  });
});

t.test('a wide financial table: two labelled columns and an unlabelled caption column', async (t) => {
  const table = [
    '3Q24    2Q24    Dollars in millions                 YTD 2024   YTD 2023',
    '8,610   9,240   Earnings (U.S. GAAP)                26,070     28,380',
    '1.92    2.14    Earnings Per Common Share⁴          6.12       6.98',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      results: {
        type: 'array',
        items: { type: 'object', properties: { description: text(), ytd_2024: number, ytd_2023: number } },
      },
    },
  };
  t.same(extract(table, schema), {
    results: [
      { description: 'Earnings (U.S. GAAP)', ytd_2024: 26070, ytd_2023: 28380 },
      { description: 'Earnings Per Common Share', ytd_2024: 6.12, ytd_2023: 6.98 },
    ],
  });
});

t.test('a tax line: the rate and its base, then the tax amount in the last column', async (t) => {
  const totals = [
    'Subtotal                                  $ 262.90',
    'Tax 15% on $ 112.90                        $ 16.94',
    'Total                                     $ 279.84',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      amount_untaxed: { type: 'number', description: 'Total before tax' },
      amount_tax: { type: 'number', description: 'Total tax amount' },
      amount: { type: 'number', description: 'Total amount to pay' },
    },
  };
  t.same(extract(totals, schema), { amount_untaxed: 262.9, amount_tax: 16.94, amount: 279.84 });
});

t.test('a single-spaced header: quantity before the description, wrapped lines stay in the description', async (t) => {
  const invoice = [
    '   Pos.         Menge Beschreibung                               Preis     Betrag',
    '      1              2 Hosting plan Basic                          3,50       7,00',
    '                         per month',
    '      2              1 Domain name                                 9,00       9,00',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: { pos: text(), qty: number, description: text(), price: number, amount: number },
        },
      },
    },
  };
  t.same(extract(invoice, schema), {
    lines: [
      { pos: '1', qty: 2, description: 'Hosting plan Basic per month', price: 3.5, amount: 7 },
      { pos: '2', qty: 1, description: 'Domain name', price: 9, amount: 9 },
    ],
  });
});

t.test('a bracketed code before a wrapped description', async (t) => {
  const invoice = [
    'Description                        Quantity     Unit Price        Amount',
    '[123456] Beeswax XL                    1.00          42.00       $ 42.00',
    'Natural beeswax',
    '[CH-1] Office Chair                    2.00          70.00      $ 140.00',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: { code: text(), description: text(), quantity: number, price: number, amount: number },
        },
      },
    },
  };
  const { data, fields } = extractFields(textDocument(invoice), {
    code: 't',
    name: 'T',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  });
  t.same(data, {
    lines: [
      { code: '123456', description: 'Beeswax XL Natural beeswax', quantity: 1, price: 42, amount: 42 },
      { code: 'CH-1', description: 'Office Chair', quantity: 2, price: 70, amount: 140 },
    ],
  });
  const code = fields.find((field) => field.path === '/lines/0/code');
  t.equal(code?.text, '123456');
});

t.test('a unit of measure written after the quantity', async (t) => {
  const invoice = [
    'Description                  Quantity     Price      Amount',
    'Beeswax                       1.00 kg     42.00       42.00',
    'Office Chair                  2 PCS       70.00      140.00',
    'Delivery                      1            5.00        5.00',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            description: text(),
            quantity: number,
            uom: text('Unit of measure'),
            price: number,
            amount: number,
          },
        },
      },
    },
  };
  const type: ExtractionType = {
    code: 't',
    name: 'T',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  };
  const { data, fields } = extractFields(textDocument(invoice), type);
  t.same(data, {
    lines: [
      { description: 'Beeswax', quantity: 1, uom: 'kg', price: 42, amount: 42 },
      { description: 'Office Chair', quantity: 2, uom: 'PCS', price: 70, amount: 140 },
      { description: 'Delivery', quantity: 1, price: 5, amount: 5 },
    ],
  });
  t.equal(fields.find((field) => field.path === '/lines/1/uom')?.text, 'PCS');
});

t.test('an "Artikel" column: the code beside a description, the description when there is no other', async (t) => {
  const lines = {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        pos: text('Line position number'),
        code: text('Product code, article number'),
        name: text('Product or service description'),
        qty: number,
        amount: number,
      },
    },
  };
  const schema = { type: 'object', properties: { lines } };
  const withCodes = [
    'Artikel       Omschrijving                       Aantal        Bedrag',
    'A1001         Maintenance kit                         1         49,99',
    'A1002         Descaler                                2         12,00',
  ].join('\n');
  t.same(extract(withCodes, schema), {
    lines: [
      { code: 'A1001', name: 'Maintenance kit', qty: 1, amount: 49.99 },
      { code: 'A1002', name: 'Descaler', qty: 2, amount: 12 },
    ],
  });
  const withNames = [
    'Artikel                                          Aantal        Bedrag',
    'Apple iPad Air Wifi 16 GB                             1        399,00',
    'Leather Slim Cover Black                              1         69,99',
  ].join('\n');
  t.same(extract(withNames, schema), {
    lines: [
      { name: 'Apple iPad Air Wifi 16 GB', qty: 1, amount: 399 },
      { name: 'Leather Slim Cover Black', qty: 1, amount: 69.99 },
    ],
  });
});

t.test("the seller's street, postal code and city from the letterhead, without labels", async (t) => {
  const schema = {
    type: 'object',
    properties: {
      seller_street: text(),
      seller_zip: text(),
      seller_city: text(),
      customer_city: text(),
    },
  };
  const european = [
    '                                                        Example Shop B.V.',
    'INVOICE',
    '                                                        Havenstraat 12',
    'Thank you for your order.',
    '                                                        1234 AB Rotterdam',
    'Jane Doe',
    'Main Street 5',
    '5678 CD Utrecht',
  ].join('\n');
  const type: ExtractionType = {
    code: 't',
    name: 'T',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  };
  const { data, fields } = extractFields(textDocument(european), type);
  t.same(data, { seller_street: 'Havenstraat 12', seller_zip: '1234 AB', seller_city: 'Rotterdam' });
  t.equal(fields.find((field) => field.path === '/seller_city')?.text, 'Rotterdam');
  const american = ['Acme Supplies', '4557 Main St', 'Fremont CA 94538', 'United States'].join('\n');
  t.same(extract(american, schema), { seller_street: '4557 Main St', seller_zip: '94538', seller_city: 'Fremont' });
  const withCountry = {
    type: 'object',
    properties: { seller_country: text(), country_code: text('Country code of the seller (ISO 3166)') },
  };
  t.same(extract(american, withCountry), { seller_country: 'United States', country_code: 'US' });
  t.same(
    extract(
      european.replace(
        '1234 AB Rotterdam',
        '1234 AB Rotterdam\n                                                        Nederland',
      ),
      withCountry,
    ),
    {
      seller_country: 'Nederland',
      country_code: 'NL',
    },
  );
});

t.test('French totals and due dates written without a colon', async (t) => {
  const facture = [
    'Facture n°562044387 du 02 Juillet 2015',
    'Date limite de paiement le 05 Juillet 2015                     29.99 € TTC',
    '',
    'Total facture                  24.99          5.00          29.99',
    'Somme à payer                                             29.99 € TTC',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      invoice_number: text('Invoice number'),
      date: { type: 'string', format: 'date', description: 'Invoice date' },
      date_due: { type: 'string', format: 'date', description: 'Due date' },
      amount: { type: 'number', description: 'Total amount to pay, taxes included (grand total)' },
    },
  };
  t.same(extract(facture, schema), {
    invoice_number: '562044387',
    date: '2015-07-02',
    date_due: '2015-07-05',
    amount: 29.99,
  });
});

t.test('a tax summary: captions over a row of figures, one space between captions', async (t) => {
  const summary = [
    'Prijzen zijn inclusief BTW                              Factuur totaal EUR         49,99',
    '',
    '                          BTW %      Grondslag BTW bedrag           Totaal',
    '                            21 %          41,31         8,68         49,99',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      amount: { type: 'number', description: 'Total amount to pay, taxes included (grand total)' },
      amount_untaxed: { type: 'number', description: 'Total before tax (net amount, subtotal)' },
      amount_tax: { type: 'number', description: 'Total tax amount (VAT)' },
    },
  };
  const type: ExtractionType = {
    code: 't',
    name: 'T',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  };
  const { data, fields } = extractFields(textDocument(summary), type);
  t.same(data, { amount: 49.99, amount_untaxed: 41.31, amount_tax: 8.68 });
  t.equal(fields.find((field) => field.path === '/amount_tax')?.text, '8,68');
});

t.test("a seller's VAT id printed in groups after 'UStId', never the seller's name", async (t) => {
  const letter = [
    '   Example Hosting AG - Uferweg 1 - D-63571 Gelnhausen',
    '',
    'Rechnung',
    'Im Internet: www.example.de         UStId DE 232 446 240         SWIFT HELADEF1GEL',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      vat: text('VAT number (tax identification number) of the seller'),
      siren: text('SIREN company number'),
    },
  };
  t.same(extract(letter, schema), { vat: 'DE 232 446 240' });
});

t.test('a customer number labelled "Id.client" or "Kundennr."', async (t) => {
  const schema = { type: 'object', properties: { client_id: text('Customer number, client ID') } };
  const french = [
    'Numéro de ligne     Id.client              Adresse',
    'FO10479674          10577874               35 rue',
  ].join('\n');
  t.same(extract(french, schema), { client_id: '10577874' });
  t.same(extract('Rechnungsnr.   30064443        Kundennr.   47774', schema), { client_id: '47774' });
});
