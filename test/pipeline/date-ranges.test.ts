import t from 'tap';
import { extractData } from './fixtures.js';

/** A period printed as a range of two dates: its start is the first date, its end the last. */

const date = (description: string) => ({ type: 'string', format: 'date', description });

t.test('the end of a period printed as a range is its last date', async (t) => {
  const bill = ['WATER BILL', '', 'Bill Date: June 4, 2024', 'Service Period: May 1, 2024 to May 31, 2024'].join('\n');
  const schema = {
    type: 'object',
    properties: { period_start: date('Start of the service period'), period_end: date('End of the service period') },
  };
  t.same(extractData(bill, schema), { period_start: '2024-05-01', period_end: '2024-05-31' });
  const statement = 'Statement Period: 01/02/2024 - 29/02/2024';
  const nested = {
    type: 'object',
    properties: {
      statement_period: { type: 'object', properties: { start_date: date('First day'), end_date: date('Last day') } },
    },
  };
  t.same(extractData(statement, nested), { statement_period: { start_date: '2024-02-01', end_date: '2024-02-29' } });
});
