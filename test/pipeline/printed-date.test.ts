import t from 'tap';
import { extractData } from './fixtures.js';

const letter = ['ACME Corporation', 'Quarterly results', 'Date: November 4, 2024', 'Patient DOB: 19/08/1990'].join(
  '\n',
);

t.test('a date asked for as a plain string is returned as printed', async (t) => {
  const schema = {
    type: 'object',
    properties: { document_date: { type: 'string' }, dob: { type: 'string', description: 'date of birth' } },
  };
  t.same(extractData(letter, schema), { document_date: 'November 4, 2024', dob: '19/08/1990' });
});

t.test('format: date, or a description naming the ISO form, asks for YYYY-MM-DD', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      document_date: { type: 'string', format: 'date' },
      dob: { type: 'string', description: 'date of birth, YYYY-MM-DD' },
    },
  };
  t.same(extractData(letter, schema), { document_date: '2024-11-04', dob: '1990-08-19' });
});
