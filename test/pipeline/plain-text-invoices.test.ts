import t from 'tap';
import { extractData, LINE_ITEMS_SCHEMA, PARTY_SCHEMA } from './fixtures.js';

/** Invoices typed as plain text, laid out the way US invoicing tools print them. */

const party = PARTY_SCHEMA;

const schema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', description: 'Invoice issue date' },
    due_date: { type: 'string', format: 'date', description: 'Payment due date' },
    seller: party,
    buyer: party,
    total_net: { type: 'number', description: 'Total amount without tax' },
    total_tax: { type: 'number', description: 'Total tax amount' },
    total_gross: { type: 'number', description: 'Total amount including tax' },
    amount_due: { type: 'number', description: 'Amount due for payment' },
    line_items: LINE_ITEMS_SCHEMA,
  },
};

t.test('Bill To beside Ship To, and the totals block under the items ending in Balance Due', async (t) => {
  const invoice = [
    'Brightline Design LLC',
    '450 Market Street, Suite 200',
    'San Francisco, CA 94105',
    '',
    'INVOICE',
    '',
    'Invoice #: 10482',
    'Invoice Date: 03/14/2024',
    'Due Date: 04/13/2024',
    '',
    'Bill To:                                Ship To:',
    'Harbor Coffee Co.                       Harbor Coffee Co. - Warehouse',
    '1200 Pine Avenue                        88 Dock Road',
    'Seattle, WA 98101                       Tacoma, WA 98402',
    '',
    'Description                    Qty      Rate        Amount',
    'Logo redesign                  1        1,200.00    1,200.00',
    'Business cards (box)           4        45.00       180.00',
    '',
    '                               Subtotal             1,380.00',
    '                               Sales Tax (8.5%)     117.30',
    '                               Total                1,497.30',
    '                               Payments/Credits     -500.00',
    '                               Balance Due          $997.30',
  ].join('\n');
  const data = extractData(invoice, schema);
  t.equal(data.invoice_number, '10482');
  t.equal(data.issue_date, '2024-03-14');
  t.equal(data.due_date, '2024-04-13');
  t.same(data.buyer, {
    name: 'Harbor Coffee Co.',
    address: { street: '1200 Pine Avenue', postcode: '98101', city: 'Seattle' },
  });
  t.same(data.line_items, [
    { description: 'Logo redesign', quantity: 1, unit_price: 1200, amount: 1200 },
    { description: 'Business cards (box)', quantity: 4, unit_price: 45, amount: 180 },
  ]);
  t.equal(data.total_net, 1380);
  t.equal(data.total_tax, 117.3);
  t.equal(data.total_gross, 1497.3);
  t.equal(data.amount_due, 997.3);
});

t.test('Ship To before Bill To, labelled totals and a shipping charge before Amount Due', async (t) => {
  const invoice = [
    'INVOICE',
    'Northwind Supplies, Inc.',
    '77 Industrial Pkwy',
    'Austin, TX 78701',
    '',
    'Invoice Number: NW-2291',
    'Date: January 5, 2024',
    'Due: February 4, 2024',
    '',
    'Ship To:                       Bill To:',
    'Acme Robotics                  Acme Robotics Accounts Payable',
    '9 Harbor Way                   PO Box 4410',
    'Boston, MA 02110               Boston, MA 02101',
    '',
    'Item   Description                     Quantity   Unit Price   Line Total',
    'A-100  Servo motor                     10         24.50        245.00',
    'B-220  Mounting bracket                20         3.25         65.00',
    '',
    'Subtotal: $310.00',
    'Tax: $0.00',
    'Shipping: $15.00',
    'Amount Due: $325.00',
  ].join('\n');
  const data = extractData(invoice, schema);
  t.equal(data.invoice_number, 'NW-2291');
  t.equal(data.issue_date, '2024-01-05');
  t.equal(data.due_date, '2024-02-04');
  t.equal((data.seller as Record<string, unknown>).name, 'Northwind Supplies, Inc.');
  t.equal((data.buyer as Record<string, unknown>).name, 'Acme Robotics Accounts Payable');
  t.same(data.line_items, [
    { description: 'Servo motor', quantity: 10, unit_price: 24.5, amount: 245 },
    { description: 'Mounting bracket', quantity: 20, unit_price: 3.25, amount: 65 },
  ]);
  t.equal(data.total_net, 310);
  t.equal(data.total_tax, 0);
  t.equal(data.total_gross, 325, 'not the subtotal: the shipping charge is between');
  t.equal(data.amount_due, 325);
});
