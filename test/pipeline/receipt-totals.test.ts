import t, { type Test } from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { textDocument } from './fixtures.js';

/**
 * Receipts as plain text in reading order, in the style of Malaysian and Singaporean tills: the
 * total and the date under two schemas, the receipt schema of the corpus (store_name, date, time,
 * subtotal, tax, total...) and the one a user writes (company, address, date, total as strings).
 * Every shop, street and figure is made up.
 */

/** The corpus's receipt schema, its items left out. */
const RECEIPT_SCHEMA = {
  type: 'object',
  properties: {
    store_name: { type: 'string', description: 'Name of the store, restaurant or merchant as printed on the receipt' },
    store_address: { type: 'string', description: 'Postal address of the store' },
    phone: { type: 'string', description: 'Store telephone number as printed' },
    date: { type: 'string', format: 'date', description: 'Date of the purchase (YYYY-MM-DD)' },
    time: {
      type: 'string',
      pattern: '^[0-2][0-9]:[0-5][0-9]$',
      description: 'Time of the purchase, 24-hour clock HH:MM',
    },
    subtotal: { type: 'number', description: 'Subtotal before tax and tip' },
    tax: { type: 'number', description: 'Total tax amount (sum of all tax lines)' },
    tips: { type: 'number', description: 'Tip or gratuity amount' },
    total: { type: 'number', description: 'Total amount of the receipt' },
  },
};

const USER_SCHEMA = {
  type: 'object',
  properties: {
    company: { type: 'string' },
    address: { type: 'string' },
    date: { type: 'string' },
    total: { type: 'string' },
  },
};

function extract(lines: readonly string[], schema: Record<string, unknown>) {
  return extractFields(textDocument(lines.join('\n')), {
    code: 'receipt',
    name: 'Receipt',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  }).data as Record<string, unknown>;
}

/** The total and date read under both schemas (as a string, the total as printed when given). */
function readsRight(
  t: Test,
  lines: readonly string[],
  total: number,
  date: string,
  printedDate: string,
  printedTotal?: string,
) {
  const receipt = extract(lines, RECEIPT_SCHEMA);
  t.equal(receipt.total, total, 'receipt schema: total');
  t.equal(receipt.date, date, 'receipt schema: date');
  const user = extract(lines, USER_SCHEMA);
  if (printedTotal) t.equal(user.total, printedTotal, 'user schema: total as printed');
  else t.equal(Number(String(user.total).replace(/[^\d.-]/g, '')), total, 'user schema: total');
  t.equal(user.date, printedDate, 'user schema: the date as printed');
}

t.test('a rounding line, then the total over three lines, cash and change, a GST summary', async (t) => {
  const lines = [
    'KEDAI RUNCIT SERI MELUR',
    '(001234567-K)',
    'NO 12, JALAN MELUR 3,',
    'TAMAN MELUR, 81100 JOHOR BAHRU',
    'GST ID : 001122334455',
    'TAX INVOICE',
    'DATE : 12/03/2018   TIME : 14:22',
    'ITEM              QTY    AMOUNT',
    'SUSU SEGAR 1L       2    13.80',
    'ROTI GANDUM         1     4.50',
    'TELUR GRED A        1    21.48',
    'TOTAL QTY : 4',
    'SUB TOTAL (INCL GST)      39.78',
    'ROUNDING ADJ               0.02',
    'TOTAL :',
    'RM',
    '39.80',
    'CASH                     50.00',
    'CHANGE                   10.20',
    'GST SUMMARY    AMOUNT(RM)   TAX(RM)',
    'SR @ 6%          37.53       2.25',
  ];
  readsRight(t, lines, 39.8, '2018-03-12', '12/03/2018');
});

t.test('totals excluding and including GST, and the summary table with its own total row', async (t) => {
  const lines = [
    'PERKAKASAN MAJU JAYA SDN BHD',
    '(456789-X)',
    'LOT 5, JALAN INDUSTRI 2',
    '43000 KAJANG, SELANGOR',
    'GST REG : 000987654321',
    'INVOICE NO: CS00123',
    'DATE: 23/11/2017',
    'PAIP PVC 1/2    5   10.00   50.00 SR',
    'SIMEN 50KG      1   50.00   50.00 SR',
    'TOTAL EXCL GST:        100.00',
    'GST 6%:                   6.00',
    'TOTAL INCL GST:        106.00',
    'CASH:                  106.00',
    'CHANGE:                  0.00',
    'GST SUMMARY',
    'TAX CODE  %   AMT(RM)  TAX(RM)',
    'SR        6   100.00    6.00',
    'TOTAL         100.00    6.00',
  ];
  readsRight(t, lines, 106, '2017-11-23', '23/11/2017');
});

t.test('the total on the line after its label, and an item count before it', async (t) => {
  const lines = [
    'RESTORAN SRI MELATI',
    'NO. 8 JALAN KENARI',
    '50250 KUALA LUMPUR',
    'Date: 07-01-2019 Time: 20:11',
    'NASI AYAM             2 x 12.50   25.00',
    'TEH O AIS             2 x  2.75    5.50',
    'MEE GORENG            2 x 13.00   26.00',
    'Total Qty: 6',
    'Total Amount:',
    '56.50',
    'Cash:',
    '60.00',
    'Change:',
    '3.50',
  ];
  readsRight(t, lines, 56.5, '2019-01-07', '07-01-2019');
});

t.test('a rounding under a total that subtotal and tax add up to: the rounded total is the total', async (t) => {
  // Without the rounding, net + tax = gross would put the unrounded total back.
  const lines = [
    'KAFE TEPI SUNGAI',
    'Date: 09/07/2018',
    'Sub-Total : 23.92',
    'GST 6% : 1.44',
    'Total: 25.36',
    'Rounding Adj: -0.01',
    'Grand Total: 25.35',
    'Cash: 30.00',
    'Change: 4.65',
  ];
  readsRight(t, lines, 25.35, '2018-07-09', '09/07/2018');
  t.equal(extract(lines, RECEIPT_SCHEMA).subtotal, 23.92);
});

t.test("a total's figure printed on the line above its label", async (t) => {
  const lines = ['PASAR MINI SEROJA', '15/04/2018', 'SABUN CUCI 4.20', 'BERAS 5KG 18.90', '23.10', 'TOTAL'];
  readsRight(t, lines, 23.1, '2018-04-15', '15/04/2018');
});

t.test('a net amount under a total and its taxes, rounded to the rupee, is the total', async (t) => {
  const lines = [
    'MOONLIGHT VEG CAFE',
    'Bill dt: 04/09/2019',
    'PANEER TIKKA  1  180.00  180.00',
    'LASSI         2   55.00  110.00',
    'Total                    290.00',
    'CGST 2.5%                  7.63',
    'SGST 2.5%                  7.63',
    'Net Amount               305.00',
  ];
  readsRight(t, lines, 305, '2019-09-04', '04/09/2019');
});

t.test("other languages' word for the total", async (t) => {
  const lines = ['KONOBA GALEB', 'Datum: 19.06.2016', 'RIBLJA PLATA 1 64,00', 'SALATA 1 20,00', 'UKUPNO 84,00'];
  readsRight(t, lines, 84, '2016-06-19', '19.06.2016');
});

t.test('a total printed with a minus under a positive subtotal of the same figure is that figure', async (t) => {
  const lines = [
    'THE COPPER KETTLE',
    '14 Harbour Row',
    'Date: 03/11/2015 21:40',
    '1 Fish Pie             14.50',
    '2 House Ale             9.00',
    'Subtotal               23.50',
    'Total                 -23.50',
    'Cash                    0.00',
  ];
  readsRight(t, lines, 23.5, '2015-11-03', '03/11/2015');
});

t.test("OCR's marks beside a total's figure on the line under its label", async (t) => {
  const lines = ['CORNER DELI', '28/12/2018', 'SANDWICH 7.50', 'SOUP 5.00', 'Total', 'e:   —        12.50'];
  readsRight(t, lines, 12.5, '2018-12-28', '28/12/2018');
});

t.test("the subtotal's label in French", async (t) => {
  const lines = ['BRASSERIE DU PONT', '14/07/2016', '2 MENU DU JOUR 48,00', 'SOUSTOTAL 48,00', 'TVA 10,00% 4,36'];
  t.equal(extract(lines, RECEIPT_SCHEMA).subtotal, 48);
});

t.test('amounts in whole units grouped by thousands, where the figures of the receipt are so', async (t) => {
  const lines = [
    'WARUNG KOPI SENJA',
    'Jl. Melati No. 5, Bandung',
    '12/03/2019 19:20',
    '2 Kopi Susu        36.000',
    '1 Roti Bakar       22.500',
    'Total              58.500',
    'Tunai             100.000',
    'Kembali            41.500',
  ];
  readsRight(t, lines, 58500, '2019-03-12', '12/03/2019', '58.500');
  const fuel = ['GAS STOP 12', '03/12/2019', 'PUMP 4  30.012 L @ 1.599', 'FUEL TOTAL $47.99', 'VISA $47.99'];
  t.equal(extract(fuel, RECEIPT_SCHEMA).total, 47.99, 'a price per litre on a receipt in cents is no thousand');
});

t.test('cash in a whole figure no banknotes make, with no change printed, is what was due', async (t) => {
  const exact = [
    'TANDOOR HOUSE',
    '22/08/2014',
    '1 Paneer Tikka 65.00',
    '2 Naan 22.00',
    'SERVICE 10% 8.70',
    'CASH 297.00',
  ];
  t.equal(extract(exact, RECEIPT_SCHEMA).total, 297);
  const round = ['TANDOOR HOUSE', '22/08/2014', '1 Paneer Tikka 65.00', '2 Naan 22.00', 'CASH 100.00'];
  t.equal(extract(round, RECEIPT_SCHEMA).total, undefined, 'a round sum handed over may be more than the total');
});

t.test('a space OCR printed before a thousands comma', async (t) => {
  const lines = [
    'THE GILDED ROOM',
    '11/10/2013 01:40',
    '4 Champagne £2,400.00',
    '2 Water £12.50',
    'Amt Due £2 ,412.50',
  ];
  t.equal(extract(lines, RECEIPT_SCHEMA).total, 2412.5);
});

/** The receipt schema's fields read from the lines, each as expected. */
function readsFields(t: Test, lines: readonly string[], expected: Record<string, unknown>, message = '') {
  const receipt = extract(lines, RECEIPT_SCHEMA);
  for (const [key, value] of Object.entries(expected)) t.equal(receipt[key], value, `${message} ${key}`.trim());
}

t.test('the amount between the subtotal and the total whose label OCR could not read is the tax', async (t) => {
  const diner = ['MAPLE CORNER DINER', '41 Birch Lane', '3 Pancakes            14.25', '1 Coffee               2.50'];
  readsFields(t, [...diner, 'Subtotal   16.75', '  ax   1.34', 'Total   18.09', 'Visa   18.09'], {
    subtotal: 16.75,
    tax: 1.34,
    total: 18.09,
  });
  readsFields(
    t,
    [...diner, 'Net Total:   $16.75', '   lx       $1.34', 'TOTAL:      $18.09'],
    { subtotal: 16.75, tax: 1.34, total: 18.09 },
    'a total the tax under it raises is the subtotal:',
  );
  readsFields(t, [...diner, 'Subtotal  16.75', 'Pie   3.00', 'Total  18.09'], { tax: undefined }, 'no difference:');
});

t.test("what the shopper saved is no total, though its label says 'total'", async (t) => {
  // (The card payment is the total its unread line showed.)
  const lines = ['ACORN OUTFITTERS', 'KIDS JACKET   18.40', 'SUBTOTAL   18.40', 'MEMBER DEAL   -3.68', 'TAX   1.20'];
  readsFields(t, [...lines, 'VISA DEBIT   15.92', 'TOTAL SAVE:   $27.60'], { total: 15.92 });
});

t.test('a figure whose decimal point OCR lost in a wide gap at the end of its label line', async (t) => {
  readsFields(t, ['HILLTOP NOODLE BAR', 'Udon Bowl   11.90', 'Iced Tea   2.35', 'TOTAL DUE        14      25'], {
    total: 14.25,
  });
  const counted = extract(['HILLTOP NOODLE BAR', 'Udon Bowl   11.90', 'TOTAL QTY     1      12'], RECEIPT_SCHEMA);
  t.not(counted.total, 1.12, 'a count of goods is no split figure');
});

t.test("a label's 12-hour time asked for in a pattern of the 24-hour clock", async (t) => {
  readsFields(t, ['WILLOW BISTRO', 'Date: Apr 09, 2021     Time:: 07:25PM', 'TOTAL   12.00'], { time: '19:25' });
  readsFields(t, ['WILLOW BISTRO', 'Time: 12:05 AM', 'TOTAL   12.00'], { time: '00:05' });
});

t.test("a registration number after a tax's label is no tax amount", async (t) => {
  const lines = ['KEDAI SERBANEKA TIMUR', 'GST: 004455667788', 'SABUN 2 X 5.00    10.00'];
  readsFields(t, [...lines, '6% GST   0.60', 'TOTAL   10.60'], { tax: 0.6, total: 10.6 });
});

t.test("a restaurant's service charge is its gratuity, and never the tax included in the total", async (t) => {
  const bill = ['LOTUS GARDEN KITCHEN', 'Sub Total :   840.00', 'Service Charge 10% :    84.00', 'Total:   924.00'];
  readsFields(t, [...bill, 'VAT Included', 'VAT(7.00%) :   60.45'], { tips: 84, tax: 60.45, total: 924 });
});

t.test('a service charge under the total, then the figure it comes to with a label OCR could not read', async (t) => {
  const bill = ['TRATTORIA MONTEVERDE', '  2 RISOTTO ORTOLANA     36,00', '  1 ACQUA NATURALE        3,00'];
  const foot = [
    '      Totale              39,00',
    '      Servizio             4,00',
    '      Tot:',
    '        ER0              43,00',
  ];
  readsFields(t, [...bill, ...foot], { subtotal: 39, tips: 4, total: 43 });
  readsFields(
    t,
    [...bill, '      Totale              39,00', '      Servizio             4,00'],
    { total: 39 },
    'alone:',
  );
});

t.test('the payment under a total repeats it, whatever OCR made of its label', async (t) => {
  const head = [
    'MAPLE & RYE GRILL',
    '118 Quarry Road',
    'Elmsford, NY 10999',
    'Server: Dana     Table 7',
    '03/14/2021 7:42 PM',
  ];
  const order = ['   1 Harvest Burger            $6.50', '   1 Lemon Soda                $1.80'];
  const totals = [
    '  suo Total                    38, 30',
    '  Sales Tax                    $0.58',
    '  Order Total                  $8.88',
  ];
  const foot = ['  Amerlcan Expres              $8.88', '  Auth: 551902', '  Thank you, come again'];
  readsFields(t, [...head, ...order, ...totals, ...foot], { total: 8.88 });
});
