import t from 'tap';
import { joinSplitLabelWords } from '../../src/pipeline/extract/split-words.js';
import { extractData } from './fixtures.js';

t.test('a label word the text layer split in two is one word again, and the line keeps its length', async (t) => {
  const lines = [
    'Ver käufer :',
    '          Br uttosumme          588,30',
    'Zahlbetr ag',
    // Inside a run of text on both sides: moving the space would cut the cell, so it stays.
    'Zahlbar inner halb 30 Tagen',
    // Two words that are each a label word stay two words.
    'Total amount   12,00',
    // Joined, they are no label word.
    'Liefer schein 12',
  ];
  const joined = lines.map(joinSplitLabelWords);
  t.same(joined, [
    ' Verkäufer :',
    '          Bruttosumme           588,30',
    'Zahlbetrag ',
    'Zahlbar inner halb 30 Tagen',
    'Total amount   12,00',
    'Liefer schein 12',
  ]);
  t.same(
    joined.map((line) => line.length),
    lines.map((line) => line.length),
  );
});

t.test('labels split by the text layer are read like whole ones', async (t) => {
  const invoice = [
    'Rechnung Nr. 4711',
    'Ver käufer :',
    'Holzbau GmbH',
    'Sägewerkstraße 3',
    'DE 81671 München',
    '',
    '                          Rechnungssumme ohne USt.          550,00',
    '                          Steuerbetrag                       38,30',
    '                          Br uttosumme                      588,30',
    '                          Erhaltene Anzahlungen            -150,00',
    '                          Zahlbetr ag                       438,30',
  ].join('\n');
  const data = extractData(invoice, {
    type: 'object',
    properties: {
      seller: { type: 'object', properties: { name: { type: 'string' } } },
      total_gross: { type: 'number', description: 'Invoice total including tax' },
      amount_due: { type: 'number', description: 'Amount due for payment' },
    },
  });
  t.same(data.seller, { name: 'Holzbau GmbH' });
  t.equal(data.total_gross, 588.3);
  t.equal(data.amount_due, 438.3);
});
