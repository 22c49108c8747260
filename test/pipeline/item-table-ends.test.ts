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
    ' 2,00       Luftballon               0,80 €        1,60 €',
    ' 10,00      Heiße Luft pro Liter:    0,10 €        1,00 €',
    'Nettobetrag: 2,60 €',
    'zuzüglich Umsatzsteuer',
  ]);
  t.same(read, [
    { description: 'Luftballon', quantity: 2, unit_price: 0.8, amount: 1.6 },
    { description: 'Heiße Luft pro Liter', quantity: 10, unit_price: 0.1, amount: 1 },
  ]);
});

t.test('code lines and notes under a row do not end the table or join the description', async (t) => {
  const read = lineItems([
    'Pos   Referenzen      Beschreibung          Nettopreis      Menge      Nettobetrag',
    '',
    '      Art-Nr:         Kunstrasen grün        3,3333          3 m²           10,00',
    '      Art-Nr-Lief.: KR3M',
    '      4012345001235 (GTIN)',
    ' 1                    Aus der Lieferung Nr. 2018-51112 berechnet:',
    '                      Bruttopreis :4,0000',
    '',
    '      Art-Nr:         Schweinesteak          5,5000          1 kg            5,50',
    '      4000050986428 (GTIN)',
    '',
    'Positionssumme                                                              15,50',
  ]);
  t.same(read, [
    { description: 'Kunstrasen grün', quantity: 3, unit_price: 3.3333, amount: 10 },
    { description: 'Schweinesteak', quantity: 1, unit_price: 5.5, amount: 5.5 },
  ]);
});

t.test('header lines, notes after blank lines and article numbers under a row', async (t) => {
  const read = lineItems([
    'Pos              Beschreibung    Nettopreis          Menge       Entgelt',
    '    Art-Nr',
    '    (Art)',
    ' 1                Wirkarbeit          0,05      10000 KWH          52,00',
    '    WA997         HT',
    '    4123456000014',
    '    (GLN)',
    '',
    '                   Weitere Eigenschaften:',
    '',
    ' 2                Kopierpapier        0,01       1210 Stk          12,10',
    '    KOP05         A4',
    '                  4123456000038 Recycling',
    '',
    '',
    'Zahlungsbedingungen: 14 Tage',
  ]);
  t.same(read, [
    { description: 'Wirkarbeit HT', quantity: 10000, unit_price: 0.05, amount: 52 },
    { description: 'Kopierpapier A4 Recycling', quantity: 1210, unit_price: 0.01, amount: 12.1 },
  ]);
});

t.test('a column label printed over several lines ("Positions-" / "betrag")', async (t) => {
  const read = lineItems([
    ' Pos Beschreibung   Nettopreis         Menge        USt.   Positions-',
    '                                                           betrag',
    '                                                           ohne USt.',
    ' 1   Übernachtung      158,8800         1 Stk         7 %       158,88',
    ' 2   Verpflegung        11,7600         1 Stk        19 %        11,76',
  ]);
  t.same(
    (read as Record<string, unknown>[]).map((item) => item.amount),
    [158.88, 11.76],
  );
});

t.test('a caption word under the header ("MwSt.") continues the header, it is no totals line', async (t) => {
  const read = lineItems([
    ' Menge  Produkt                  Preis       Gesamtbetrag',
    '                                 Ohne        Ohne MwSt.',
    '                                 MwSt.',
    ' 2      Luftballon               0,80        1,60',
    ' 10     Heiße Luft               0,10        1,00',
    '',
    'MwSt. 19 %                                   0,50',
  ]);
  t.same(read, [
    { description: 'Luftballon', quantity: 2, unit_price: 0.8, amount: 1.6 },
    { description: 'Heiße Luft', quantity: 10, unit_price: 0.1, amount: 1 },
  ]);
});
