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
      amount: { type: 'number' },
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
