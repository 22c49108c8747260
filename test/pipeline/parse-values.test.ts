import t from 'tap';
import {
  inferDateOrder,
  matchEnum,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseEmail,
  parseInteger,
  parseNumber,
} from '../../src/pipeline/extract/parse-values.js';

t.test('amounts: decimal and thousands separators, currencies, negatives', async (t) => {
  const cases: [string, number | null][] = [
    ['$1,234.56', 1234.56],
    ['1.234,56 €', 1234.56],
    ['EUR 1 234,56', 1234.56],
    ["CHF 1'234.50", 1234.5],
    ['5,79', 5.79],
    ['1,234', 1234],
    ['0,125', 0.125],
    ['1.234.567', 1234567],
    ['12.5', 12.5],
    ['(123.45)', -123.45],
    ['USD -4.11', -4.11],
    ['€ -9,32', -9.32],
    ['12.00-', -12],
    ['21% VAT 12.60', 12.6],
    ['no amount', null],
  ];
  for (const [text, expected] of cases) t.equal(parseNumber(text), expected, text);
  t.equal(parseInteger('12 pages'), 12);
  t.equal(parseInteger('12.5'), null, 'a fraction is not an integer');
});

t.test('dates to ISO 8601 from numeric and spelled-out forms', async (t) => {
  const cases: [string, string | null][] = [
    ['2024-12-31', '2024-12-31'],
    ['2024/1/5', '2024-01-05'],
    ['31/12/2024', '2024-12-31'],
    ['12/31/2024', '2024-12-31'],
    ['31.12.2024', '2024-12-31'],
    ['31-12-24', '2024-12-31'],
    ['December 31, 2024', '2024-12-31'],
    ['Dec 1st, 2023', '2023-12-01'],
    ['31 de diciembre de 2024', '2024-12-31'],
    ['9. Mai 2014', '2014-05-09'],
    ['22 april 2014', '2014-04-22'],
    ['31-Dec-2024', '2024-12-31'],
    ["Jun19'13 09:35PM", '2013-06-19'],
    ["Mar 5 '19", '2019-03-05'],
    ['APR18°17 4:03PM', '2017-04-18'],
    ['MAY 03, 17         13:46', '2017-05-03'],
    ['May 8, 17:30', null],
    ['TuesDay    7- 6-2011 16:42:08', '2011-06-07'],
    ['16 AVR 2014', '2014-04-16'],
    ['15 Mac 2018', '2018-03-15'],
    ['12 Ogos 2018', '2018-08-12'],
    ['05 DIS 2018', '2018-12-05'],
    ['30/02/2024', null],
    ['29/02/2024', '2024-02-29'],
    ['no date', null],
  ];
  for (const [text, expected] of cases) t.equal(parseDate(text), expected, text);
  t.equal(parseDate('01/02/2024', 'dmy'), '2024-02-01', 'ambiguous: day first by default');
  t.equal(parseDate('01/02/2024', 'mdy'), '2024-01-02', 'ambiguous: month first when the document says so');
  t.equal(parseDate('01.02.2024', 'mdy'), '2024-02-01', 'dotted dates are day first');
  t.equal(parseDateTime('31/12/2024 3:05 pm'), '2024-12-31T15:05:00Z');
  t.equal(parseDateTime('2024-12-31'), '2024-12-31T00:00:00Z');
});

t.test('the document’s date order comes from its unambiguous dates', async (t) => {
  t.equal(inferDateOrder('Date: 12/31/2024, due 01/15/2025, shipped 01/02/2025'), 'mdy');
  t.equal(inferDateOrder('Fecha 31/12/2024, vencimiento 01/02/2025'), 'dmy');
  t.equal(inferDateOrder('01/02/2025'), 'dmy');
});

t.test('booleans, emails and enums', async (t) => {
  for (const yes of ['Yes', 'y', 'TRUE', 'Sí', 'si', 'X', '[x]', '✓']) t.equal(parseBoolean(yes), true, yes);
  for (const no of ['No', 'n', 'false', 'falso', '[ ]']) t.equal(parseBoolean(no), false, no);
  t.equal(parseBoolean('maybe'), null);
  t.equal(parseEmail('write to Ana.Pérez+bills@correo.example.es today'), 'Ana.Pérez+bills@correo.example.es');
  t.equal(parseEmail('no address'), null);
  t.equal(matchEnum('USD', ['EUR', 'USD']), 'USD');
  t.equal(matchEnum('Paid in full on 3 May', ['paid', 'paid in full']), 'paid in full', 'the longest enum value named');
  t.equal(matchEnum('Tarjeta de crédito', ['efectivo', 'tarjeta de credito']), 'tarjeta de credito');
  t.equal(matchEnum('2', [1, 2, 3]), 2);
  t.equal(matchEnum('wire', ['cash', 'card']), null);
});

t.test('a numeric date followed by a comma and its clock time', async (t) => {
  t.equal(parseDate('3/27/2013,2:46:28 PM', 'mdy'), '2013-03-27');
  t.equal(parseDate('DATE 25DEC2018'), '2018-12-25', 'a month’s name glued to its day and its year');
  t.equal(parseDate("25 Dec '18 10:22"), '2018-12-25', 'a two-digit year after an apostrophe');
  t.equal(parseDate('Date 21/03/2018, 14:05'), '2018-03-21');
  t.equal(parseDate('1/2/3,45'), null, 'a decimal comma after the figures makes no year');
});

t.test("a date's digits that OCR printed as the letters they look like", async (t) => {
  t.equal(parseDate('Date: 09/O6/2O21'), '2021-06-09');
  t.equal(parseDate('Date: l9/06/2021'), '2021-06-19', 'not 9 June after the letter');
  t.equal(parseDate('BOSS/OIL'), null, 'a word is no date');
});

t.test("a month's name with one letter OCR printed as its look-alike", async (t) => {
  t.equal(parseDate('Date: Noy 14, 2020'), '2020-11-14', 'y for v');
  t.equal(parseDate('14 Dee 2020'), '2020-12-14', 'e for c');
  t.equal(parseDate('Jui 4, 2020'), '2020-07-04', 'i for l');
  t.equal(parseDate('Row 14, 2020'), null, 'a word no look-alike makes a month');
});
