import t from 'tap';
import { oneDigitApart } from '../../src/pipeline/extract/candidates/misread-totals.js';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { textDocument } from './fixtures.js';

/**
 * Receipts whose total OCR misread, put right by the arithmetic of the other amounts (subtotal plus
 * tax and service, cash less change, a card's charge), and receipts where it must not be. Every
 * shop, line and figure is made up.
 */

const SCHEMA = {
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date' },
    subtotal: { type: 'number', description: 'Subtotal before tax and tip' },
    tax: { type: 'number', description: 'Total tax amount' },
    total: { type: 'number', description: 'Total amount of the receipt' },
  },
};

function total(lines: readonly string[]): unknown {
  return extractFields(textDocument(lines.join('\n')), {
    code: 'receipt',
    name: 'Receipt',
    jsonSchema: SCHEMA,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  }).data.total;
}

const HEAD = ['PELICAN NOODLE BAR', '8 HARBOUR LANE', 'Date: 14/03/2019 19:02'];

t.test('digits one apart: one changed, added or dropped', async (t) => {
  t.ok(oneDigitApart('6397', '6392'));
  t.ok(oneDigitApart('021', '3021'));
  t.ok(oneDigitApart('128915', '12915'));
  t.notOk(oneDigitApart('6392', '6392'));
  t.notOk(oneDigitApart('6397', '6312'));
});

t.test('a total one digit off the sum that the cash less the change confirms is the sum', async (t) => {
  const lines = [
    ...HEAD,
    '2 Laksa 24.00',
    '1 Iced Tea 4.40',
    'Subtotal 28.40',
    'GST 7% 1.99',
    'TOTAL 30.89',
    'CASH 50.00',
    'CHANGE 19.61',
  ];
  t.equal(total(lines), 30.39);
});

t.test('a total below its subtotal, one digit dropped from the subtotal and the tax, is their sum', async (t) => {
  const lines = [...HEAD, '1 Ramen 12.40', 'Subtotal 12.40', 'Tax 0.99', 'Total 3.39', 'Thank you'];
  t.equal(total(lines), 13.39);
});

t.test("a card's charge printed twice outweighs the total one digit from it", async (t) => {
  const lines = [...HEAD, '1 Dumplings 9.50', '1 Soup 6.80', 'TOTAL 16.80', 'VISA 16.30', 'USD 16.30'];
  t.equal(total(lines), 16.3);
});

t.test("an unreadable total's figure with the sum's digits is the sum", async (t) => {
  const lines = [...HEAD, '1 Bao 7.20', 'Subtotal 7.20', 'Tax 0.58', 'Tota1   7 x 78', 'Thank you'];
  t.equal(total(lines), 7.78);
  const cut = [
    ...HEAD,
    '1 Set Lunch 143.50',
    'Subtotal 143.50',
    'Service Charge 14.35',
    'Tax 12.70',
    'Total Due 170.5',
  ];
  t.equal(total(cut), 170.55);
});

t.test("a total's label without a figure takes the sum the parts and the payment agree on", async (t) => {
  const lines = [...HEAD, '1 Curry 16.60', 'Subtotal 16.60', 'Tax 1.16', 'Total: ~~', 'Cash 20.00', 'Change 2.24'];
  t.equal(total(lines), 17.76);
  const unlabelled = [...HEAD, '1 Curry 16.60', 'Subtotal 16.60', 'Service Charge 1.66', 'Cash 20.00', 'Change 1.74'];
  t.equal(total(unlabelled), 18.26);
});

t.test('a tax whose label OCR lost, under the subtotal, still adds up to the total', async (t) => {
  const lines = [...HEAD, '1 Pasta 28.50', 'Subtotal $28.50', 'a | $1.71', 'GRAND TOTAL $0.21'];
  t.equal(total(lines), 30.21);
});

t.test('a total one digit from a sum nothing else confirms stays as printed', async (t) => {
  // The subtotal may be the misread figure as well as the total: one sum alone does not decide.
  const lines = [...HEAD, '1 Curry 16.60', 'Subtotal 16.60', 'Tax 1.16', 'Total 17.66'];
  t.equal(total(lines), 17.66);
  const cash = [...HEAD, '1 Curry 16.60', 'Subtotal 16.60', 'Tax 1.16', 'Total 17.76', 'Cash 20.00', 'Change 2.24'];
  t.equal(total(cash), 17.76);
});

t.test("a German till's card payment is what was paid, where no total is read", async (t) => {
  t.equal(total(['KAFFEEHAUS AM MARKT', 'Datum 05.11.13', 'Brot 2,40', 'Milch 1,10', 'EC-Karte EUR 3,50']), 3.5);
});
