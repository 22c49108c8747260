import t from 'tap';
import { cleanDescription } from '../../src/pipeline/extract/item-descriptions.js';
import { extractData } from './fixtures.js';

t.test('a description loses its row number and the price notes wrapped under it', async (t) => {
  t.equal(cleanDescription('3 Sturzflug-Geier', 2), 'Sturzflug-Geier');
  t.equal(cleanDescription('12 x 1,0l PET', 2), '12 x 1,0l PET', 'a number that is not the row’s stays');
  t.equal(cleanDescription('Hotel night Bruttopreis : 170,0000', 0), 'Hotel night');
  t.equal(cleanDescription('1 Breakfast Bruttopreis: 14,00', 0), 'Breakfast');
  t.equal(cleanDescription('Bruttopreis : 14,00', 0), 'Bruttopreis : 14,00', 'nothing left: kept as printed');
});

t.test('a table whose position column runs into the description', async (t) => {
  const invoice = [
    '  Pos. Artikelbeschreibung              Menge        Preis     Betrag',
    '    1 Superdrachen                           2       20,00      40,00',
    '    2 Turbo Flyer                            5       40,00     200,00',
  ].join('\n');
  const items = {
    type: 'object',
    properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  t.same(data.line_items, [
    { description: 'Superdrachen', quantity: 2, amount: 40 },
    { description: 'Turbo Flyer', quantity: 5, amount: 200 },
  ]);
});
