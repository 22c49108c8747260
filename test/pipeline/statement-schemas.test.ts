import t from 'tap';
import { extractData } from './fixtures.js';

/** Pay slips and bank statements read with the schemas users write for them: the employer's name, and one array per table. */

const text = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });
const rows = (description: string) => ({
  type: 'array',
  items: { type: 'object', properties: { description: text(description), amount: { type: 'number' } } },
});

t.test('the employer of a pay slip is the letterhead name', async (t) => {
  const slip = [
    'PAY ADVICE',
    '',
    'Fernhill Packaging Ltd',
    '2 Mill Lane, Bristol BS1 4DJ',
    '',
    'Employee: Tom Reyes',
  ].join('\n');
  t.same(extractData(slip, { type: 'object', properties: { employer_name: text() } }), {
    employer_name: 'Fernhill Packaging Ltd',
  });
});

t.test('two arrays of the same items take the rows under their own names', async (t) => {
  const slip = [
    'Earnings        Amount',
    'Salary          1,900.00',
    'Holiday pay       210.00',
    '',
    'Deductions      Amount',
    'PAYE tax          301.80',
    'Student loan       44.00',
  ].join('\n');
  const schema = { type: 'object', properties: { payments: rows('Type of payment'), deductions: rows('Deduction') } };
  t.same(extractData(slip, schema), {
    // No heading names the payments: they are the rows no other array's name heads.
    payments: [
      { description: 'Salary', amount: 1900 },
      { description: 'Holiday pay', amount: 210 },
    ],
    deductions: [
      { description: 'PAYE tax', amount: 301.8 },
      { description: 'Student loan', amount: 44 },
    ],
  });
});

t.test('a statement heading names its table of transactions, not the fees table', async (t) => {
  const statement = [
    'Transactions',
    '',
    'Description              Amount',
    'Card purchase Bakery       4.20',
    'Transfer in              250.00',
    '',
    'Fees',
    '',
    'Description              Amount',
    'Monthly account fee        5.00',
  ].join('\n');
  const schema = { type: 'object', properties: { transactions: rows('Transaction'), fees: rows('Fee') } };
  t.same(extractData(statement, schema), {
    transactions: [
      { description: 'Card purchase Bakery', amount: 4.2 },
      { description: 'Transfer in', amount: 250 },
    ],
    fees: [{ description: 'Monthly account fee', amount: 5 }],
  });
});

t.test('a row of captions over one row of values: each value is under its caption', async (t) => {
  const statement = [
    'Customer Statement',
    '',
    'Account Holder       Sort Code   Currency',
    'Marguerite Osei      20-45-77    GBP',
    '',
    'Closing balance: 812.40',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      holder_name: text('Name of the account holder'),
      sort_code: text(),
      closing_balance: { type: 'number' },
    },
  };
  t.same(extractData(statement, schema), {
    holder_name: 'Marguerite Osei',
    sort_code: '20-45-77',
    closing_balance: 812.4,
  });
});

t.test('a value ending in a postcode, then the next label on the same line', async (t) => {
  const bill = 'Meter: 4471 Supply Address: 9 Rowan Close, Hillsdale, NJ 07642 Read Date: June 2, 2024';
  const schema = { type: 'object', properties: { supply_address: text(), meter: text(), read_date: text() } };
  t.same(extractData(bill, schema), {
    supply_address: '9 Rowan Close, Hillsdale, NJ 07642',
    meter: '4471',
    read_date: 'June 2, 2024',
  });
});
