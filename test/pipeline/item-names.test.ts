import t from 'tap';
import { cleanDescription } from '../../src/pipeline/extract/item-descriptions.js';
import { extractData } from './fixtures.js';

t.test('an item printed as "Name: details" is named by the words before the colon', async (t) => {
  t.equal(cleanDescription('Window cleaning (hours): front and back', 0), 'Window cleaning (hours)');
  t.equal(cleanDescription('Art-Nr: Kettle blue', 0), 'Art-Nr: Kettle blue', 'a code label is no name');
  t.equal(cleanDescription('Serial no: Abc', 0), 'Serial no: Abc', 'a number label is no name');
  t.equal(cleanDescription('Incl. deposit: bottle 0.25', 0), 'Incl. deposit: bottle 0.25', 'a note is no name');
  t.equal(cleanDescription('Lamp: LX-200', 0), 'Lamp: LX-200', 'a code after the colon is no description');
});

t.test('a table of items printed with their descriptions after a colon', async (t) => {
  const invoice = [
    ' Qty        Product                          Price        Total',
    ' 2.00       Garden chairs: teak, folding     45.00 €      90.00 €',
    ' 1.00       Parasol: green, 3m               60.00 €      60.00 €',
  ].join('\n');
  const items = {
    type: 'object',
    properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  t.same(data.line_items, [
    { description: 'Garden chairs', quantity: 2, amount: 90 },
    { description: 'Parasol', quantity: 1, amount: 60 },
  ]);
});

t.test('an item printed as "NAME - Details" is named by its capitals', async (t) => {
  t.equal(cleanDescription('GARDEN HOSE - Green, twenty metres', 0), 'GARDEN HOSE');
  t.equal(cleanDescription('USB-C CABLE - 2 m', 0), 'USB-C CABLE - 2 m', 'a figure after the dash is no description');
  t.equal(cleanDescription('Garden hose - green', 0), 'Garden hose - green', 'a name in lower case keeps its dash');
  t.equal(cleanDescription('SUPPORT - MONTHLY', 0), 'SUPPORT - MONTHLY', 'capitals after the dash go on the name');
});
