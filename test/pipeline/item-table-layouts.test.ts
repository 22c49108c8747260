import t from 'tap';
import { extractData, LINE_ITEMS_SCHEMA, NAMED_LINES_SCHEMA } from './fixtures.js';

const schema = { type: 'object', properties: { line_items: LINE_ITEMS_SCHEMA } };

t.test('an item table that prints each name over its figures, under a header of three lines', async (t) => {
  const invoice = [
    '                                                    UNIT                  TOTAL HT',
    'Ligne  CODE ARTICLE, DESIGNATION          P.U. HT (EUR)     Qté      Charge (+)      TVA',
    '                                                                       (EUR)',
    '              Audit comptable',
    '  1   GLN:4012345678                            75,00   PCE  1,00               75,00 10,00%',
    '              Période de mars',
    '              Papeterie et encres',
    '  2   # ligne BC: 7                             12,00   PCE  3,00               36,00 10,00%',
    '',
    'Détail TVA (motif si exonération)                 Code    Taux    Base TVA    Montant TVA',
    '                                                   S    10,00%     111,00         11,10',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Audit comptable', quantity: 1, unit_price: 75, amount: 75 },
    { description: 'Papeterie et encres', quantity: 3, unit_price: 12, amount: 36 },
  ]);
});

t.test('a name on the row’s own line stays the row’s, with its wrapped line', async (t) => {
  const invoice = [
    'Description                 Qty     Unit price     Amount',
    'Setup of the server           1        100.00      100.00',
    '  incl. two site visits',
    'Monthly support               2         50.00      100.00',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Setup of the server incl. two site visits', quantity: 1, unit_price: 100, amount: 100 },
    { description: 'Monthly support', quantity: 2, unit_price: 50, amount: 100 },
  ]);
});

t.test(
  'a column captioned “Amount” beside a “Total” counts units when its figures times the price give the total',
  async (t) => {
    const invoice = [
      ' Amount     Product                 VAT       Price         Total',
      ' 1.00       Advice (hours)          7%        140.00 €      140.00 €',
      ' 250.00     Streamers               19%       0.84 €        210.00 €',
      'Net total: 350.00 €',
    ].join('\n');
    t.same(extractData(invoice, schema).line_items, [
      { description: 'Advice (hours)', quantity: 1, unit_price: 140, amount: 140 },
      { description: 'Streamers', quantity: 250, unit_price: 0.84, amount: 210 },
    ]);
  },
);

t.test('figures that do not multiply leave “Amount” the line amount', async (t) => {
  const invoice = [
    ' Amount     Product                 VAT       Price         Total',
    ' 150.00     Advice (hours)          7%        140.00 €      140.50 €',
    ' 300.00     Streamers               19%       0.84 €        321.00 €',
  ].join('\n');
  const rows = extractData(invoice, schema).line_items as Record<string, unknown>[];
  t.same(
    rows.map((row) => [row.quantity, row.amount]),
    [
      [undefined, 150],
      [undefined, 300],
    ],
  );
});

t.test('a code in brackets before a short name leaves the name on its row, not the group line above', async (t) => {
  const invoice = [
    'Description                                 Quantity       Unit Price            Amount',
    '--- Garden ---',
    '[55501234] Rake XL                              1.00            30.00           $ 30.00',
    '[GARD_1111] Watering Can                        2.00            20.00           $ 40.00',
  ].join('\n');
  t.same(
    (extractData(invoice, schema).line_items as { description: string }[]).map((item) => item.description),
    ['[55501234] Rake XL', '[GARD_1111] Watering Can'],
  );
});

t.test('a returned item keeps the minus sign of its quantity and amount', async (t) => {
  const invoice = [
    'Description                        Qty        Unit price        Amount',
    'Desktop monitor                    1          1.149,00          1.149,00',
    'Returned manual                    -1         4,25              -4,25',
    'Patch cord                         300        0,65              195,00',
    '',
    '                                   Total                        1.339,75',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Desktop monitor', quantity: 1, unit_price: 1149, amount: 1149 },
    { description: 'Returned manual', quantity: -1, unit_price: 4.25, amount: -4.25 },
    { description: 'Patch cord', quantity: 300, unit_price: 0.65, amount: 195 },
  ]);
});

t.test('a header at the foot of a page, its rows at the top of the next', async (t) => {
  const invoice = [
    'Rechnung Nr. 582207',
    'Bezeichnung                Nettopreis      Menge        Entgelt',
    '\f',
    'Putenbrust                 5,50            4            22,00',
    'Rinderhack                 7,00            2            14,00',
    '',
    '                           Positionssumme               36,00',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Putenbrust', quantity: 4, unit_price: 5.5, amount: 22 },
    { description: 'Rinderhack', quantity: 2, unit_price: 7, amount: 14 },
  ]);
  const rowsBefore = invoice.replace('\f\n', '').replace('Rinderhack', '\f\nRinderhack');
  t.same(
    extractData(rowsBefore, schema).line_items,
    [{ description: 'Putenbrust', quantity: 4, unit_price: 5.5, amount: 22 }],
    'once it has rows, a page still ends the table',
  );
});

t.test('an article-number column is no description column; a tax line after the net total is no item', async (t) => {
  const invoice = [
    'Pos.   Artikel-Nr.   Bezeichnung              Menge     Einzelpreis     Gesamt',
    '1      KX-20         Gartenschlauch 20 m      2         18,00           36,00',
    '2      KX-31         Schlauchkupplung         4         2,50            10,00',
    '',
    'Nettobetrag                                                             46,00',
    'zzgl. 19 % MwSt.                                                         8,74',
    'Gesamtbetrag                                                            54,74',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Gartenschlauch 20 m', quantity: 2, unit_price: 18, amount: 36 },
    { description: 'Schlauchkupplung', quantity: 4, unit_price: 2.5, amount: 10 },
  ]);
});

t.test('priced lines without quantities: the one figure is the unit price and the line total', async (t) => {
  const items = { type: 'object', properties: { lines: NAMED_LINES_SCHEMA } };
  const summary = ['Detail', '  Cloud storage            $3.40', '  Support plan             $9.00'].join('\n');
  t.same(extractData(summary, items).lines, [
    { name: 'Cloud storage', price_unit: 3.4, price_subtotal: 3.4 },
    { name: 'Support plan', price_unit: 9, price_subtotal: 9 },
  ]);
});

t.test('captions of no property single-spaced before the description caption head columns of their own', async (t) => {
  const invoice = [
    ' Pos Art-Nr-Kunde Beschreibung   Nettopreis          Menge       Entgelt',
    '                  Holzkohle 3kg        4,20          5 Stk         21,00',
    '    HK3',
    '                    Listenpreis : 4,60',
    '  1                Geliefert wurden 5 Sack.',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Holzkohle 3kg', quantity: 5, unit_price: 4.2, amount: 21 },
  ]);
});

t.test('a row’s amount printed a line lower, alone in its column', async (t) => {
  const invoice = [
    'Pos   Beschreibung                 Nettopreis     Menge     Steuersatz     Nettobetrag',
    '1     Haftpflichtversicherung        400,0000         1          0 %',
    '                                                                               437,20',
    '',
    '      Enthält 9,30 % Versicherungsteuer',
  ].join('\n');
  t.same(extractData(invoice, schema).line_items, [
    { description: 'Haftpflichtversicherung', quantity: 1, unit_price: 400, amount: 437.2 },
  ]);
});
