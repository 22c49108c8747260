import t from 'tap';
import { extractData } from './fixtures.js';

/**
 * A receipt read with a schema of nested objects, as users write them for receipts: the details,
 * the totals and the payment, each an object of its own.
 */

const text = (description: string) => ({ type: 'string', description });
const number = (description: string) => ({ type: 'number', description });
const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });

const RECEIPT = [
  'LANTERN NOODLE BAR',
  '',
  '55 Quay Road, Portside, ME 04101',
  '',
  'Order #: 7731   Date: 09/03/2024   Time: 7:15 PM',
  '',
  'Dan Dan Noodles        $12.00',
  'Pork Buns (3)           $7.50',
  '',
  'Subtotal: $19.50',
  'Tax: $1.07',
  'Total: $20.57',
  '',
  'MASTERCARD XXXX XXXX XXXX 0934',
].join('\n');

t.test('a label printed with its value heads no section that hides the totals below it', async (t) => {
  const schema = object({
    order: object({ order_number: text('Order number') }),
    totals: object({ subtotal: number('Subtotal'), tax: number('Tax'), total: number('Total') }),
  });
  t.same(extractData(RECEIPT, schema), {
    order: { order_number: '7731' },
    totals: { subtotal: 19.5, tax: 1.07, total: 20.57 },
  });
});

t.test('a time asked for as a plain string is printed as the receipt prints it', async (t) => {
  t.same(extractData(RECEIPT, object({ time: text('Time of the order') })), { time: '7:15 PM' });
  // A description that asks for the 24-hour clock still gets it.
  t.same(extractData(RECEIPT, object({ time: text('Time of the order, 24-hour clock') })), { time: '19:15' });
});

t.test('the last digits of a card are those after its mask', async (t) => {
  const schema = object({
    payment: object({ card_last_four_digits: text('Last four digits of the card'), last4: text('Card ending') }),
  });
  t.same(extractData(RECEIPT, schema), { payment: { card_last_four_digits: '0934', last4: '0934' } });
  t.same(extractData('Card number: 5500 0000 0000 2468', object({ cardLast4: text('Card number') })), {
    cardLast4: '2468',
  });
});
