import t from 'tap';
import { extractData } from './fixtures.js';

const schema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    issue_date: { type: 'string', format: 'date' },
    due_date: { type: 'string', format: 'date', description: 'Payment due date' },
  },
};

t.test('a date under a due-date caption outranks a date the payment terms bind', async (t) => {
  const invoice = [
    'Rechnung Nr. 2031-77 vom 02.03.2031',
    '',
    'Verkäufer:',
    'Brotzeit Werkstatt GmbH',
    'Ofenweg 4',
    '54321 Backhausen',
    '',
    'Zahlbar innerhalb 30 Tagen netto bis 01.04.2031, 2% Skonto innerhalb 10 Tagen bis 12.03.2031.',
    '',
    'Zahlungsbedingungen:',
    '        Beschreibung                    Fälligkeit       Teilzahlung',
    '                                        16.04.2031',
  ].join('\n');
  const data = extractData(invoice, schema);
  t.equal(data.due_date, '2031-04-16');
});

t.test('with no due-date label, the date the payment terms bind', async (t) => {
  const invoice = ['Rechnung Nr. 2031-78 vom 02.03.2031', '', 'Zahlbar innerhalb 30 Tagen netto bis 01.04.2031.'].join(
    '\n',
  );
  const data = extractData(invoice, schema);
  t.equal(data.due_date, '2031-04-01');
});
