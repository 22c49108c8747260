import t from 'tap';
import { extractData, LINE_ITEMS_SCHEMA } from './fixtures.js';

/** Invented invoices in layouts common in the world that the engine's tuning documents do not print. */

/** Item lines as a generic invoice schema names them: several text properties beside the description. */
const LINES_WITH_CODES = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'Product code, article number' },
      name: { type: 'string', description: 'Product or service description' },
      uom: { type: 'string', description: 'Unit of measure' },
      qty: { type: 'number', description: 'Quantity' },
      price_unit: { type: 'number', description: 'Unit price' },
      price_subtotal: { type: 'number', description: 'Line total amount' },
    },
  },
} as const;

t.test(
  'item rows under captions the lexicon does not know: figures before the amount are no part of the name',
  async (t) => {
    const invoice = [
      'Tuinonderhoud Bakker',
      'Molenweg 4, 1234 AB Ergens',
      '',
      'Factuurnummer: T-0042',
      'Datum: 2 mei 2024',
      '',
      'Werkzaamheden                       Uren     Tarief       Totaal',
      'Gras maaien                            4     30,00 €     120,00 €',
      'Heg knippen                          2,5     40,00 €     100,00 €',
      '',
      'Subtotaal                                                220,00 €',
    ].join('\n');
    const data = extractData(invoice, { type: 'object', properties: { line_items: LINE_ITEMS_SCHEMA } });
    t.same(data.line_items, [
      { quantity: 4, description: 'Gras maaien', amount: 120, unit_price: 30 },
      { quantity: 2.5, description: 'Heg knippen', amount: 100, unit_price: 40 },
    ]);
  },
);

t.test('a figure before the amount that does not multiply out is left out, not read as the name', async (t) => {
  const invoice = [
    'Leistung                            Datum        Betrag',
    'Fensterreinigung Erdgeschoss        12.04.     85,00 EUR',
    'Fensterreinigung Obergeschoss           7      95,00 EUR',
    '',
    'Summe                                         180,00 EUR',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { line_items: LINE_ITEMS_SCHEMA } });
  const rows = data.line_items as Record<string, unknown>[];
  t.same(
    rows.map((row) => row.description),
    ['Fensterreinigung Erdgeschoss', 'Fensterreinigung Obergeschoss'],
  );
  t.notOk(rows.some((row) => 'quantity' in row));
});

t.test(
  'a description column with no known caption is the column of words, whatever other text properties the items have',
  async (t) => {
    const invoice = [
      'Service                          Hours     Rate        Amount',
      'Network audit                      10    $80.00      $800.00',
      'Firewall configuration              3    $80.00      $240.00',
      '',
      'Total                                              $1,040.00',
    ].join('\n');
    const data = extractData(invoice, { type: 'object', properties: { lines: LINES_WITH_CODES } });
    const rows = data.lines as Record<string, unknown>[];
    t.same(
      rows.map((row) => [row.name, row.price_unit, row.price_subtotal]),
      [
        ['Network audit', 80, 800],
        ['Firewall configuration', 80, 240],
      ],
    );
  },
);

const HEADER_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    date: { type: 'string', format: 'date', description: 'Invoice date' },
    client_id: { type: 'string', description: 'Customer number, client ID' },
  },
};

t.test('a row of captions over a row of values, the captions compounds written with a hyphen', async (t) => {
  const invoice = [
    'Rechnung',
    'Rechnungs-Nr.      Datum            Kunden-Nr.',
    '2023/0456          07.11.2023       4711',
    '',
    'Gesamtbetrag                       250,00 EUR',
  ].join('\n');
  t.same(extractData(invoice, HEADER_SCHEMA), { invoice_number: '2023/0456', date: '2023-11-07', client_id: '4711' });
});

t.test('an invoice number labelled in a language other than the first of the lexicon, the words apart', async (t) => {
  const invoice = [
    'Rechnung Nr.       Datum',
    'R-88120            15.01.2024',
    '',
    'Summe              99,00 EUR',
  ].join('\n');
  const data = extractData(invoice, HEADER_SCHEMA);
  t.equal(data.invoice_number, 'R-88120');
  t.equal(data.date, '2024-01-15');
});

const TOTALS_SCHEMA = {
  type: 'object',
  properties: {
    amount: { type: 'number', description: 'Total amount to pay, taxes included (grand total)' },
    amount_untaxed: { type: 'number', description: 'Total before tax (net amount, subtotal)' },
    amount_tax: { type: 'number', description: 'Total tax amount (VAT)' },
  },
};

t.test('one tax line per rate, each with its base and a currency code: the tax is their sum', async (t) => {
  const invoice = [
    'Artikel                          Menge   Betrag',
    'Teekanne Glas                        2   40,00 EUR',
    'Gebäckdose                           1   60,00 EUR',
    '',
    'Summe netto                                100,00 EUR',
    'USt. 7 % auf 40,00 EUR                       2,80 EUR',
    'USt. 19 % auf 60,00 EUR                     11,40 EUR',
    'Gesamtbetrag                               114,20 EUR',
  ].join('\n');
  t.same(extractData(invoice, TOTALS_SCHEMA), { amount: 114.2, amount_untaxed: 100, amount_tax: 14.2 });
});

t.test('two taxes of one rate each, as Indian invoices print central and state tax', async (t) => {
  const invoice = [
    'TAX INVOICE',
    'Invoice No.: XY/2024/77',
    '',
    '                                Taxable Value        2,000.00',
    '                                CGST @ 9%              180.00',
    '                                SGST @ 9%              180.00',
    '                                Total                2,360.00',
  ].join('\n');
  t.same(extractData(invoice, TOTALS_SCHEMA), { amount: 2360, amount_untaxed: 2000, amount_tax: 360 });
});

const PHONE_SCHEMA = {
  type: 'object',
  properties: { telephone: { type: 'string', description: 'Telephone number' } },
};

t.test('digits shaped like a phone number that are another number are no phone', async (t) => {
  const documents = [
    ['Rechnung', 'Rechnungsnummer: RE-2023-4417', 'Datum: 01.02.2023'],
    ['INVOICE', 'PO Number: 7100-2234', 'Total  $50.00'],
    ['Invoice', 'VAT Reg No. GB 987 6543 21', 'Total  £12.00'],
    ['Faktura', 'Numer konta: PL27 1140 2004 0000 3002 0135 5387'],
  ];
  for (const lines of documents) t.notOk(extractData(lines.join('\n'), PHONE_SCHEMA).telephone, lines[1] ?? '');
});

t.test('a labelled phone number is still read beside the other numbers', async (t) => {
  const invoice = ['Musterfirma Beispiel GmbH', 'Telefon 0711 987654', 'USt-IdNr. DE123456789'].join('\n');
  t.equal(extractData(invoice, PHONE_SCHEMA).telephone, '0711 987654');
});
