import t, { type Test } from 'tap';
import type { Candidate } from '../../src/pipeline/extract/candidates/candidate.js';
import { datesGenerator } from '../../src/pipeline/extract/candidates/dates.js';
import { buildDocumentModel } from '../../src/pipeline/extract/model/document-model.js';

/** Receipt dates in the shapes point-of-sale printers and OCR give them. Shops and figures are made up. */

function documentDates(text: string): unknown[] {
  return datesGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate: Candidate) => candidate.relations.includes('document_date'))
    .map((candidate) => candidate.value);
}

t.test('a date with spaces around its dashes or slashes', async (t) => {
  t.same(documentDates('GERAI PAK ALI\nTARIKH : 12 - 03 - 2019\nJUMLAH 12.00'), ['2019-03-12']);
  t.same(documentDates('KEDAI MURNI\n25 / 12 / 2018  10:02\nTOTAL 3.00'), ['2018-12-25']);
});

t.test('a date of eight digits, year first, after a date label only', async (t) => {
  t.same(documentDates('KOPI SENJA\nDATE: 20190312  TIME: 08:02\nTOTAL 7.50'), ['2019-03-12']);
  t.same(documentDates('KOPI SENJA\nRECEIPT NO 20190312\nTOTAL 7.50'), [], 'a number under another label is no date');
});

t.test('a word that is no month between two numbers does not hide the date after it', async (t) => {
  t.same(documentDates('PIZZA PALACE\nTABLE 4 CLOSED 18 Mar 21 12:13:48\nTOTAL 5.00'), ['2021-03-18']);
});

function documentTimes(text: string): unknown[] {
  return datesGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate: Candidate) => candidate.kind === 'time')
    .map((candidate) => candidate.value);
}

t.test('clock times as tills print them and OCR reads them', async (t) => {
  t.same(documentTimes('Bill dt: 04/09/2019\nTime:10:02 PM'), ['22:02'], "a label's colon touching the time");
  t.same(documentTimes('DATE 12/14/16\nTIME 5:11 PH'), ['17:11'], 'the M of PM read as an H');
  t.same(documentTimes('4/9/2016 3:42 PN'), ['15:42'], 'the M of PM read as an N');
  t.same(documentTimes('2016-10-07 11:26:93'), ['11:26'], 'seconds misread');
  t.same(documentTimes('17/08/2016 21:35:1'), ['21:35'], 'seconds cut off');
  t.same(documentTimes('09/18/2014 11.39AM'), ['11:39'], 'a dot between hours and minutes before AM');
  t.same(documentTimes('TOTAL 11.39\nCASH 20.00'), [], 'an amount is no time');
  t.same(documentTimes('OPEN 10:30 AND CLOSE 22:00'), ['10:30', '22:00'], 'a word after a time is no AM or PM');
});

t.test('a sales tax says the United States, where no day-first signal is printed', async (t) => {
  t.same(documentDates('HARBOR GRILL\n8/9/2008\nSUBTOTAL 10.00\nSALES TAX 0.80\nTOTAL 10.80'), ['2008-08-09']);
  t.same(
    documentDates('KEDAI MAJU SDN BHD\n8/9/2019\nSALES TAX 10% 1.00\nTOTAL RM 11.00'),
    ['2019-09-08'],
    'ringgit and a Malaysian company are day-first',
  );
});

t.test("a card slip's British spelling is day-first, beside a dollar sign", async (t) => {
  const slip = 'HARBOUR VIEW INN\nTID:   4417        $120\n PRE AUTHORISATION\nAMOUNT      10.00\n04/10/17 18:02';
  t.same(documentDates(slip), ['2017-10-04']);
  t.same(documentDates(slip.replace('AUTHORISATION', 'AUTHORIZATION')), ['2017-04-10'], 'the US spelling is not');
});

/** Each case: a line of a made-up receipt, the document dates read from it, and what it shows. */
function readsDates(t: Test, cases: readonly (readonly [string, readonly string[], string])[]) {
  for (const [line, expected, message] of cases)
    t.same(documentDates(`LAKSA HOUSE\n${line}\nTOTAL 9.00`), expected, message);
}

t.test('a date OCR glued to the digits beside it', async (t) => {
  readsDates(t, [
    ['TXN 4471205/11/2019', ['2019-11-05'], 'to a number before it'],
    ['DATE 05/11/201909:41', ['2019-11-05'], 'to a time after it'],
    ['REF 05/11/20193371', ['2019-11-05'], 'to a number after it'],
    ['2019/11/77 X', [], 'a year written first is not split'],
  ]);
  t.same(
    documentTimes('LAKSA HOUSE\nDATE 05/11/201909:41\nTOTAL 9.00'),
    ['09:41'],
    "the time glued to the date's year",
  );
});

t.test('a first number over 31 tells no order of day and month', async (t) => {
  t.same(documentDates('TACO TOWN\nPORTVILLE, CA 90210\n64/8/2018 LUNCH\nTOTAL $9.00'), ['2018-04-08']);
});

t.test("the letters OCR prints for a date's digits", async (t) => {
  readsDates(t, [
    ['DATE : 17/O4/2019', ['2019-04-17'], 'O for 0'],
    ['DATE : l7/04/2019', ['2019-04-17'], 'l for 1, not the date after it'],
    ['DATE : 17/04/2OI9', ['2019-04-17'], 'O and I in the year'],
    ['DATE : 1S/04/2019', ['2019-04-15'], 'S for 5'],
    ['REF SO-11-OS', [], 'a code of few digits is no date'],
  ]);
});

t.test("separators OCR mixed, doubled or misread, after a date's label only", async (t) => {
  readsDates(t, [
    ['DATE: 17/04-2019 12:05', ['2019-04-17'], 'a slash and a dash'],
    ['Date 17.04,2019', ['2019-04-17'], 'a dot and a comma'],
    ['DATE 17 04 2019', ['2019-04-17'], 'spaces for the separators'],
    ['Date: 17//04/2019', ['2019-04-17'], 'a doubled slash'],
    ['TARIKH: 17:04:2019', ['2019-04-17'], 'colons'],
    ['QTY 17 04 2019', [], 'three numbers without a date label are no date'],
  ]);
});
