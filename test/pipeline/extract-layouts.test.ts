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
    'Daniel               Roe',
    'First Name:          Last Name:',
    '2817B North Maple Rd',
    'Address:',
    'Pinecrest            84213',
    'City:                Zip:',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: { firstName: text(), lastName: text(), address: text(), city: text(), zip: text() },
  };
  t.same(extract(form, schema), {
    firstName: 'Daniel',
    lastName: 'Roe',
    address: '2817B North Maple Rd',
    city: 'Pinecrest',
    zip: '84213',
  });
  const above = form.split('\n');
  // The same form with the captions above its values reads downwards.
  const below = [above[0], above[2], above[1], above[4], above[3], above[6], above[5]].join('\n');
  t.same(extract(below, schema), extract(form, schema));
});

t.test('a yes/no question answered by a ticked box', async (t) => {
  const schema = { type: 'object', properties: { admitted: { type: 'boolean' }, smoker: { type: 'boolean' } } };
  t.same(extract('Is the applicant currently admitted? □ Yes ☑ No\nIs the applicant a smoker? Yes No', schema), {
    admitted: false,
  });
});

t.test('receipt lines without a table header, totals not taken as items', async (t) => {
  const receipt = [
    'TAVERNA OLIVA',
    'Chicken Souvlaki Wrap $11.75',
    'Falafel Bowl $14.25',
    'Halloumi Plate $15.50',
    '',
    'Subtotal $41.50',
    'Total $45.24',
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
      { description: 'Chicken Souvlaki Wrap', amount: 11.75 },
      { description: 'Falafel Bowl', amount: 14.25 },
      { description: 'Halloumi Plate', amount: 15.5 },
    ],
    total: 45.24,
  });
});

t.test('a grouped table: group headings, subtotals per group, codes before the names', async (t) => {
  const invoice = [
    'Description                       Quantity     Unit Price    Disc.% Taxes        Amount',
    '--- Hardware ---',
    '[LM-1] Reading Lamp                   2.00         70.00      0.00 15.00%       $ 140.00',
    '                                                                      Subtotal $ 140.00',
    '--- Food ---',
    '[TEA] Green Tea                       1.00          2.00     10.00 15.00%         $ 1.80',
    '                                                                      Subtotal $ 1.80',
    '',
    '                                      Total                                  $ 141.80',
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
      { code: 'LM-1', description: 'Reading Lamp', quantity: 2, unitPrice: 70, discount: 0, taxes: 15, amount: 140 },
      { code: 'TEA', description: 'Green Tea', quantity: 1, unitPrice: 2, discount: 10, taxes: 15, amount: 1.8 },
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
  t.same(extract('FACTUUR\nFactuurnummer: 481726350\nFactuurdatum: 23 maart 2016\nTotaal      € 638,42', schema), {
    invoice_number: '481726350',
    date: '2016-03-23',
    amount: 638.42,
  });
  t.same(extract('Facture n° 2021074415\nDate : 14/09/2021\nTotal TTC :   48,17 €', schema), {
    invoice_number: '2021074415',
    date: '2021-09-14',
    amount: 48.17,
  });
  t.same(
    extract('Rechnung\nRechnungsnr.   51873920\nRechnungsdatum   12. Juni 2017\nGesamtbetrag: 27,64 EUR', schema),
    {
      invoice_number: '51873920',
      date: '2017-06-12',
      amount: 27.64,
    },
  );
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
  const letter = ['Blauwkraan B.V.', 'Kadeweg 318, Havenveld   (078) 612 4407', 'Totaal      € 638,42'].join('\n');
  t.same(extract(letter, schema), {
    issuer: 'Blauwkraan B.V.',
    currency: 'EUR',
    phone: '(078) 612 4407',
    total: 638.42,
  });
});

t.test('a wide financial table: two labelled columns and an unlabelled caption column', async (t) => {
  const table = [
    '3Q22    2Q22    Pounds in thousands                 YTD 2022   YTD 2021',
    '7,425   8,115   Gross Margin (Stated)               23,940     25,210',
    '1.67    1.83    Margin Per Unit Sold³               5.41       5.88',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      results: {
        type: 'array',
        items: { type: 'object', properties: { description: text(), ytd_2022: number, ytd_2021: number } },
      },
    },
  };
  t.same(extract(table, schema), {
    results: [
      { description: 'Gross Margin (Stated)', ytd_2022: 23940, ytd_2021: 25210 },
      { description: 'Margin Per Unit Sold', ytd_2022: 5.41, ytd_2021: 5.88 },
    ],
  });
});

t.test('a tax line: the rate and its base, then the tax amount in the last column', async (t) => {
  const totals = [
    'Subtotal                                  $ 318.40',
    'Tax 15% on $ 146.20                        $ 21.93',
    'Total                                     $ 340.33',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      amount_untaxed: { type: 'number', description: 'Total before tax' },
      amount_tax: { type: 'number', description: 'Total tax amount' },
      amount: { type: 'number', description: 'Total amount to pay' },
    },
  };
  t.same(extract(totals, schema), { amount_untaxed: 318.4, amount_tax: 21.93, amount: 340.33 });
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
    '[123456] Soy Candle                    1.00          42.00       $ 42.00',
    'Natural soy wax',
    '[LM-1] Reading Lamp                    2.00          70.00      $ 140.00',
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
      { code: '123456', description: 'Soy Candle Natural soy wax', quantity: 1, price: 42, amount: 42 },
      { code: 'LM-1', description: 'Reading Lamp', quantity: 2, price: 70, amount: 140 },
    ],
  });
  const code = fields.find((field) => field.path === '/lines/0/code');
  t.equal(code?.text, '123456');
});

t.test('a unit of measure written after the quantity', async (t) => {
  const invoice = [
    'Description                  Quantity     Price      Amount',
    'Soy wax                       1.00 kg     42.00       42.00',
    'Reading Lamp                  2 PCS       70.00      140.00',
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
      { description: 'Soy wax', quantity: 1, uom: 'kg', price: 42, amount: 42 },
      { description: 'Reading Lamp', quantity: 2, uom: 'PCS', price: 70, amount: 140 },
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
    'Zentor Pad Air Wifi 64 GB                             1        349,00',
    'Canvas Slim Sleeve Green                              1         54,99',
  ].join('\n');
  t.same(extract(withNames, schema), {
    lines: [
      { name: 'Zentor Pad Air Wifi 64 GB', qty: 1, amount: 349 },
      { name: 'Canvas Slim Sleeve Green', qty: 1, amount: 54.99 },
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
    '                                                        1234 AB Vlietstad',
    'Jane Doe',
    'Main Street 5',
    '5678 CD Eikendorp',
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
  t.same(data, { seller_street: 'Havenstraat 12', seller_zip: '1234 AB', seller_city: 'Vlietstad' });
  t.equal(fields.find((field) => field.path === '/seller_city')?.text, 'Vlietstad');
  const american = ['Acme Supplies', '4557 Main St', 'Millbrook CA 95123', 'United States'].join('\n');
  t.same(extract(american, schema), { seller_street: '4557 Main St', seller_zip: '95123', seller_city: 'Millbrook' });
  const withCountry = {
    type: 'object',
    properties: { seller_country: text(), country_code: text('Country code of the seller (ISO 3166)') },
  };
  t.same(extract(american, withCountry), { seller_country: 'United States', country_code: 'US' });
  t.same(
    extract(
      european.replace(
        '1234 AB Vlietstad',
        '1234 AB Vlietstad\n                                                        Nederland',
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
    'Facture n°718305264 du 09 Juillet 2018',
    'Date limite de paiement le 12 Juillet 2018                     34.50 € TTC',
    '',
    'Total facture                  28.75          5.75          34.50',
    'Somme à payer                                             34.50 € TTC',
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
    invoice_number: '718305264',
    date: '2018-07-09',
    date_due: '2018-07-12',
    amount: 34.5,
  });
});

t.test('a tax summary: captions over a row of figures, one space between captions', async (t) => {
  const summary = [
    'Alle bedragen inclusief BTW                             Factuur totaal EUR         34,50',
    '',
    '                          BTW %      Grondslag BTW bedrag            Totaal',
    '                            21 %          28,51         5,99          34,50',
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
  t.same(data, { amount: 34.5, amount_untaxed: 28.51, amount_tax: 5.99 });
  t.equal(fields.find((field) => field.path === '/amount_tax')?.text, '5,99');
});

t.test("a seller's VAT id printed in groups after 'UStId', never the seller's name", async (t) => {
  const letter = [
    '   Example Hosting AG - Uferweg 1 - D-63925 Lindheim',
    '',
    'Rechnung',
    'Im Internet: www.example.de         UStId DE 318 274 659         SWIFT MSTRDEF1ABC',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      vat: text('VAT number (tax identification number) of the seller'),
      siren: text('SIREN company number'),
    },
  };
  t.same(extract(letter, schema), { vat: 'DE 318 274 659' });
});

t.test('a customer number labelled "Id.client" or "Kundennr."', async (t) => {
  const schema = { type: 'object', properties: { client_id: text('Customer number, client ID') } };
  const french = [
    'Référence interne   Id.client              Adresse',
    'FO20583716          20681935               18 rue',
  ].join('\n');
  t.same(extract(french, schema), { client_id: '20681935' });
  t.same(extract('Rechnungsnr.   51873920        Kundennr.   58316', schema), { client_id: '58316' });
});
