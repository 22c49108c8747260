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
