import t from 'tap';
import { extractData } from './fixtures.js';

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
  const invoice = [
    'Rechnung RE-1',
    ' Menge      Produkt                  Preis         Gesamtbetrag',
    ' 2,00       Luftballon               0,80 €        1,60 €',
    ' 10,00      Heiße Luft pro Liter:    0,10 €        1,00 €',
    'Nettobetrag: 2,60 €',
    'zuzüglich Umsatzsteuer',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { line_items: items } });
  t.same(data.line_items, [
    { description: 'Luftballon', quantity: 2, unit_price: 0.8, amount: 1.6 },
    { description: 'Heiße Luft pro Liter', quantity: 10, unit_price: 0.1, amount: 1 },
  ]);
});

t.test('code lines and notes under a row do not end the table or join the description', async (t) => {
  const invoice = [
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
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { line_items: items } });
  t.same(data.line_items, [
    { description: 'Kunstrasen grün', quantity: 3, unit_price: 3.3333, amount: 10 },
    { description: 'Schweinesteak', quantity: 1, unit_price: 5.5, amount: 5.5 },
  ]);
});
