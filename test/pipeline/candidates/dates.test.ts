import t from 'tap';
import type { Candidate } from '../../../src/pipeline/extract/candidates/candidate.js';
import { datesGenerator, documentDateOrder } from '../../../src/pipeline/extract/candidates/dates.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function dates(text: string): Candidate[] {
  return datesGenerator.generate(buildDocumentModel(text));
}

function documentDate(text: string): unknown {
  return dates(text)
    .filter((candidate) => candidate.relations.includes('document_date'))
    .sort((a, b) => b.kindConfidence - a.kindConfidence)[0]?.value;
}

t.test('a date anywhere in the document, not only near the top', async (t) => {
  const filler = Array.from({ length: 30 }, (_, index) => `ITEM ${index}   1.00`).join('\n');
  t.equal(documentDate(`SHOP\n${filler}\n28-03-18 18:15 SH01`), '2018-03-28');
  t.equal(documentDate('Receipt\nWED AUG 24,2011\nTABLE 19'), '2011-08-24');
  t.equal(documentDate('19 Mar 2018 18:26'), '2018-03-19');
  t.equal(documentDate('Date: 2014-07-29'), '2014-07-29');
  t.equal(
    documentDate("ORCHID OF SIAM\n  Jun19'13 09:35PM"),
    '2013-06-19',
    'a day glued to its month, an apostrophe year',
  );
});

t.test("the document's locale orders an ambiguous date", async (t) => {
  t.equal(documentDateOrder('Moon Leaf Tea\nBoulder Flats, NV 89107\n08/02/15'), 'mdy', 'a US state and ZIP');
  t.equal(documentDateOrder('Grill\nTotal $12.00\n9/4/12'), 'mdy', 'dollars and nothing day-first');
  t.equal(documentDateOrder('SDN BHD\nGST ID 0001\nTOTAL RM 12.00\n9/4/12'), 'dmy');
  t.equal(documentDateOrder('Total $12.00\nSingapore 529871\n9/4/12'), 'dmy', 'Singapore dollars');
  t.equal(
    documentDateOrder('RASA BAIK SDN BHD\n$6.40\n$1.30\nTOTAL AMOUNT: $7.70\nGST @6% INCLUDED IN TOTAL\n02/03/2018'),
    'dmy',
    'a day-first signal outweighs any number of dollar signs',
  );
  t.equal(documentDateOrder('Total S$12.00\nCash S$20.00\n9/4/12'), 'dmy', '"$" in "S$" is not the US dollar');
  t.equal(documentDateOrder('Total $12.00\n25/12/2018'), 'dmy', 'an unambiguous date decides');
  t.equal(documentDate('Quill & Cup\nPalmetto Bay, FL 33157\nDate: 10-11-2016 2:44pm'), '2016-10-11');
  t.equal(documentDate('GST REG 123\nDATE: 09/01/2018'), '2018-01-09');
});

t.test('a due date, a birth date and the like are not the document date', async (t) => {
  const found = dates('ENTER BIRTH DATE 09-20-1971\nDue date: 01/02/2020\nInvoice date: 16/01/2020');
  t.same(
    found.filter((candidate) => candidate.relations.includes('document_date')).map((candidate) => candidate.value),
    ['2020-01-16'],
  );
  t.equal(found.length, 3);
  t.equal(
    documentDate('615 MAIN ST, CEDAR FORK, UT\nRETURNS WITH RECEIPT THRU 01/19/2011\nNOVEMBER 20, 2010   4:03 PM'),
    '2010-11-20',
    'the last day for returns is not the date of the sale',
  );
  t.equal(documentDate('Server: Ann\nAPR18°17 4:03PM'), '2017-04-18', 'a degree sign read for the apostrophe');
  t.equal(documentDate('TuesDay    7- 6-2011 16:42:08'), '2011-06-07', 'a day and month padded with spaces');
});

t.test('times on a 24-hour clock', async (t) => {
  const times = dates('25/12/2018 8:13:39 PM\nTime: 14:05').filter((candidate) => candidate.kind === 'time');
  t.same(
    times.map((candidate) => candidate.value),
    ['20:13', '14:05'],
  );
  t.ok(times[0]?.relations.includes('document_time'));
  t.same(
    dates('Total 12.50\nTel 03-6187 5520').filter((candidate) => candidate.kind === 'time'),
    [],
    'amounts and phones are not times',
  );
});

t.test('a date with the clock time after a comma; a number after a comma is still no year', async (t) => {
  t.equal(documentDate('BEACH CAFE\n       3/27/2013,2:46:28 PM — ID #: 0041873'), '2013-03-27');
  t.equal(documentDate('SHOP\n21/03/2018, 14:05\nTOTAL 5.00'), '2018-03-21');
  t.equal(documentDate('Qty 1/2/3,45 kg'), undefined, 'a figure with a decimal comma is not a date');
});

t.test('a state code OCR printed with a lower-case I still makes a US address', async (t) => {
  t.equal(documentDateOrder('KOI SUSHI\nFAIRVIEW, Wi 53811\nDate: 07-03-2016'), 'mdy');
  t.equal(documentDateOrder('KEDAI MURNI\nNo 53171 Jalan Besar\nDate: 07-03-2016'), 'dmy', '"No" names no state');
});
