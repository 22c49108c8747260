import t from 'tap';
import { extractData } from './fixtures.js';

/** The line items the engine reads from an invoice written as lines. */
function lineItems(lines: readonly string[]): unknown {
  return extractData(lines.join('\n'), { type: 'object', properties: { line_items: items } }).line_items;
}

const items = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      description: { type: 'string' },
      quantity: { type: 'number' },
      unit_price: { type: 'number' },
      amount: { type: 'number', description: 'Net line amount' },
    },
  },
};

t.test('a German totals line ends the item table; a description ending in a colon is kept', async (t) => {
  const read = lineItems([
    'Rechnung RE-1',
    ' Menge      Produkt                  Preis         Gesamtbetrag',
    ' 2,00       Glasmurmel               0,80 €        1,60 €',
    ' 10,00      Warmer Tee pro Kanne:    0,10 €        1,00 €',
    'Nettobetrag: 2,60 €',
    'zuzüglich Umsatzsteuer',
  ]);
  t.same(read, [
    { description: 'Glasmurmel', quantity: 2, unit_price: 0.8, amount: 1.6 },
    { description: 'Warmer Tee pro Kanne', quantity: 10, unit_price: 0.1, amount: 1 },
  ]);
});

t.test('code lines and notes under a row do not end the table or join the description', async (t) => {
  const read = lineItems([
    'Pos   Referenzen      Beschreibung          Nettopreis      Menge      Nettobetrag',
    '',
    '      Art-Nr:         Teppichrest rot        2,5000          3 m²            7,50',
    '      Art-Nr-Lief.: TR7X',
    '      4098765000126 (GTIN)',
    ' 1                    Aus der Lieferung Nr. 2020-73804 berechnet:',
    '                      Bruttopreis :3,0000',
    '',
    '      Art-Nr:         Rindergulasch          6,2500          1 kg            6,25',
    '      4098765000348 (GTIN)',
    '',
    'Positionssumme                                                              13,75',
  ]);
  t.same(read, [
    { description: 'Teppichrest rot', quantity: 3, unit_price: 2.5, amount: 7.5 },
    { description: 'Rindergulasch', quantity: 1, unit_price: 6.25, amount: 6.25 },
  ]);
});

t.test('header lines, notes after blank lines and article numbers under a row', async (t) => {
  const read = lineItems([
    'Pos              Beschreibung    Nettopreis          Menge       Entgelt',
    '    Art-Nr',
    '    (Art)',
    ' 1                Netzarbeit          0,04      12000 KWH          48,00',
    '    NA418         NT',
    '    4315577000022',
    '    (GLN)',
    '',
    '                   Weitere Eigenschaften:',
    '',
    ' 2                Kopierpapier        0,01       1210 Stk          12,10',
    '    PAP12         A4',
    '                  4315577000039 Recycling',
    '',
    '',
    'Zahlungsbedingungen: 14 Tage',
  ]);
  t.same(read, [
    { description: 'Netzarbeit NT', quantity: 12000, unit_price: 0.04, amount: 48 },
    { description: 'Kopierpapier A4 Recycling', quantity: 1210, unit_price: 0.01, amount: 12.1 },
  ]);
});

t.test('a column label printed over several lines ("Positions-" / "betrag")', async (t) => {
  const read = lineItems([
    ' Pos Beschreibung   Nettopreis         Menge        USt.   Positions-',
    '                                                           betrag',
    '                                                           ohne USt.',
    ' 1   Übernachtung      146,2000         1 Stk         7 %       146,20',
    ' 2   Verpflegung        12,3500         1 Stk        19 %        12,35',
  ]);
  t.same(
    (read as Record<string, unknown>[]).map((item) => item.amount),
    [146.2, 12.35],
  );
});

t.test('a caption word under the header ("MwSt.") continues the header, it is no totals line', async (t) => {
  const read = lineItems([
    ' Menge  Produkt                  Preis       Gesamtbetrag',
    '                                 Ohne        Ohne MwSt.',
    '                                 MwSt.',
    ' 2      Glasmurmel               0,80        1,60',
    ' 10     Warmer Tee               0,10        1,00',
    '',
    'MwSt. 19 %                                   0,50',
  ]);
  t.same(read, [
    { description: 'Glasmurmel', quantity: 2, unit_price: 0.8, amount: 1.6 },
    { description: 'Warmer Tee', quantity: 10, unit_price: 0.1, amount: 1 },
  ]);
});

/** Two made-up items under a table's header, then what a language prints to close the table. */
function twoItemsThen(header: string, totals: readonly string[]): string[] {
  return [
    header,
    '1     Papier ksero A4        4418     6       14,00        84,00',
    '2     Segregator             4418     3       9,50         28,50',
    ...totals,
  ];
}
const TWO_ITEMS = [
  { description: 'Papier ksero A4', quantity: 6, unit_price: 14, amount: 84 },
  { description: 'Segregator', quantity: 3, unit_price: 9.5, amount: 28.5 },
];

t.test('totals lines of other languages end the item table', async (t) => {
  const polish = twoItemsThen('Lp.   Nazwa towaru           PKWiU    Ilość   Cena netto   Wartość netto', [
    '                                      Razem:  112,50 zł    VAT: 25,88 zł',
    'Do zapłaty: 138,38 zł',
    'Forma płatności: przelew      Termin: 2022-05-30',
  ]);
  t.same(lineItems(polish), TWO_ITEMS, 'Polish: Razem, Do zapłaty');
  // An Indian tax invoice: the CGST / SGST lines under the taxable value are no items.
  const indian = twoItemsThen('S.No  Description            HSN      Qty     Rate         Amount', [
    '',
    '                                      Taxable Value       112,50',
    '                                      CGST @ 6%             6,75',
    '                                      SGST @ 6%             6,75',
    '                                      Grand Total         126,00',
  ]);
  t.same(lineItems(indian), TWO_ITEMS, 'Indian: Taxable Value');
});
