import t from 'tap';
import { extractData } from './fixtures.js';

t.test('a wrapped description word typed one space after the reference column’s text', async (t) => {
  const invoice = [
    '  Pos   References            Description                  Net price    Quantity     Net amount',
    '',
    '        Buyer-No:             Garden hose green 20m           12,5000     2 pcs           25,00',
    '        Supplier-No: GH20-123 coiled',
    '        4012345000017 (GTIN)',
    '   1',
    '',
    '        Buyer-No:             Hose reel                       30,0000     1 pcs           30,00',
    '        Supplier-No: HR1',
    '   2',
  ].join('\n');
  const items = {
    type: 'object',
    properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  const descriptions = (data.line_items as { description?: string }[]).map((item) => item.description);
  t.same(descriptions, ['Garden hose green 20m coiled', 'Hose reel']);
});

t.test('a labelled note under an item is no part of its name', async (t) => {
  const invoice = [
    'Pos  Description                         Qty     Unit price     Amount',
    '1    Garden hose green,                  2       10.00          20.00',
    '     20 metres',
    '2    Hose reel                           1       30.00          30.00',
    '     Serial no.: HR-99812',
    '3    Watering can                        1       12.00          12.00',
    '     Réf. : WC-10',
    '',
    '                                         Total net              62.00',
  ].join('\n');
  const items = {
    type: 'object',
    properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  const descriptions = (data.line_items as { description?: string }[]).map((item) => item.description);
  t.same(descriptions, ['Garden hose green, 20 metres', 'Hose reel', 'Watering can']);
});

t.test('names printed under their figures when the description caption is on the header’s second line', async (t) => {
  const invoice = [
    '    EAN            Supplier-No                Qty       Pack        Net price     VAT-%',
    '    Buyer-No       Item description',
    '',
    '    Our records show the following goods delivered to you.',
    '    4000000000017 GH20                      2,0000 Pcs.    1         10,0000     19,0',
    '                   Garden hose green',
    '                   Packed: roll',
    '    4000000000024 HR1                       1,0000 Pcs.    1         30,0000     19,0',
    '                   Hose reel',
    '                   Item discount 1: 2,00%    Base: 30,00 €',
    '',
  ].join('\n');
  const items = {
    type: 'object',
    properties: { description: { type: 'string' }, quantity: { type: 'number' }, unit_price: { type: 'number' } },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  t.same(data.line_items, [
    { description: 'Garden hose green', quantity: 2, unit_price: 10 },
    { description: 'Hose reel', quantity: 1, unit_price: 30 },
  ]);
});

t.test('a rate caption typed one space before the line amount’s heads a column of its own', async (t) => {
  const invoice = [
    'Artikel               Menge     Nettopreis          MwSt-% Nettowert',
    'Gartenschlauch        2,0000    10,0000              19,0      20,00',
    'Schlauchtrommel       1,0000    30,0000               7,0      30,00',
    '',
  ].join('\n');
  const items = {
    type: 'object',
    properties: {
      description: { type: 'string', description: 'Item name / description' },
      quantity: { type: 'number' },
      amount: { type: 'number', description: 'Net line amount' },
    },
  };
  const data = extractData(invoice, { type: 'object', properties: { line_items: { type: 'array', items } } });
  t.same(data.line_items, [
    { description: 'Gartenschlauch', quantity: 2, amount: 20 },
    { description: 'Schlauchtrommel', quantity: 1, amount: 30 },
  ]);
});
