import t from 'tap';
import { dueDatesGenerator } from '../../../src/pipeline/extract/candidates/due-dates.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { extractData } from '../fixtures.js';

function dueDates(text: string): unknown[] {
  return dueDatesGenerator.generate(buildDocumentModel(text)).map((candidate) => candidate.value);
}

t.test('a date under or beside a due-date label', async (t) => {
  t.same(
    dueDates('Rechnung vom 04.12.2017\nBeschreibung     Fälligkeit     Teilzahlung\n                 18.12.2017'),
    ['2017-12-18'],
  );
  t.same(dueDates('Invoice date: 2020-11-21\nDue date: 2020-12-14'), ['2020-12-14']);
});

t.test('a date a payment sentence binds, not the early-payment discount date', async (t) => {
  t.same(dueDates('Please remit until 2020-12-14.'), ['2020-12-14']);
  t.same(dueDates('Bitte überweisen Sie bis zum 29.05.2017.'), ['2017-05-29']);
  t.same(dueDates('Zahlbar innerhalb 21 Tagen netto bis 09.08.2018, 2% Skonto innerhalb 7 Tagen bis 26.07.2018'), [
    '2018-08-09',
  ]);
  t.same(dueDates('Delivered by 2020-12-14.'), [], 'no payment in the sentence');
  t.same(
    dueDates('Zahlbar bis 10.04.2021 mit 2 % Skonto, bis 30.04.2021 ohne Abzug.'),
    ['2021-04-30'],
    'the discount named after its date, the net date in a later clause of the payment sentence',
  );
  t.same(dueDates('Payment: 2% discount if paid by 2021-04-10, net by 2021-04-30.'), ['2021-04-30']);
});

t.test('payment terms in days count from the invoice date', async (t) => {
  t.same(dueDates('Rechnungsdatum: 06.10.2018\nZahlbar innerhalb 30 Tagen ohne Abzug.'), ['2018-11-05']);
  t.same(dueDates('Invoice date: 2018-10-06\nPayment within 14 days.'), ['2018-10-20']);
  t.same(dueDates('Zahlbar innerhalb 30 Tagen ohne Abzug.'), [], 'no invoice date to count from');
  t.same(dueDates('Rechnungsdatum: 06.10.2018\nBitte zahlen Sie innerhalb von 14 Tagen ohne Abzug.'), ['2018-10-20']);
});

t.test('the due date property takes the relation; the invoice date does not', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      issue_date: { type: 'string', format: 'date', description: 'Invoice date' },
      due_date: { type: 'string', format: 'date', description: 'Payment due date' },
    },
  };
  t.same(extractData('Rechnung RE-5 von 10.05.2017\n\nBitte überweisen Sie bis zum 29.05.2017.', schema), {
    issue_date: '2017-05-10',
    due_date: '2017-05-29',
  });
});
