import t from 'tap';
import { cleanDescription } from '../../src/pipeline/extract/item-descriptions.js';
import { extractData } from './fixtures.js';

t.test('a description loses its row number and the price notes wrapped under it', async (t) => {
  t.equal(cleanDescription('3 Sturm-Falke', 2), 'Sturm-Falke');
  t.equal(cleanDescription('24 x 0,33l Dose', 2), '24 x 0,33l Dose', 'a number that is not the row’s stays');
  t.equal(cleanDescription('Room night Bruttopreis : 145,0000', 0), 'Room night');
  t.equal(cleanDescription('1 Parking Bruttopreis: 12,00', 0), 'Parking');
  t.equal(cleanDescription('Bruttopreis : 12,00', 0), 'Bruttopreis : 12,00', 'nothing left: kept as printed');
});

t.test('a table whose position column runs into the description', async (t) => {
  const invoice = [
    '  Pos. Artikelbeschreibung              Menge        Preis     Betrag',
    '    1 Lenkdrache Nova                        2       20,00      40,00',
    '    2 Sky Glider                             5       40,00     200,00',
  ].join('\n');
  const items = {
    type: 'object',
    properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  t.same(data.line_items, [
    { description: 'Lenkdrache Nova', quantity: 2, amount: 40 },
    { description: 'Sky Glider', quantity: 5, amount: 200 },
  ]);
});
