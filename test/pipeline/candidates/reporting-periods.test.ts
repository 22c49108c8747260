import t from 'tap';
import { reportingPeriods } from '../../../src/pipeline/extract/candidates/reporting-periods.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const periodEnds = (text: string) => reportingPeriods.generate(buildDocumentModel(text)).map((c) => c.value);

t.test('the end of a reporting period after "year ended" / "period ending", any case, wrapped', async (t) => {
  t.same(periodEnds('Report and accounts for the year ended 31 March 2015.'), ['2015-03-31']);
  t.same(periodEnds('FINANCIAL ACCOUNTS FOR THE YEAR ENDED 6 APRIL 2021'), ['2021-04-06']);
  t.same(periodEnds('Balance Sheet for the Period ending 30th September\n2012'), ['2012-09-30']);
  t.same(periodEnds('For the fifteen months ended 30 June 2017'), ['2017-06-30']);
  t.same(periodEnds('for the year ended December 31, 2016'), ['2016-12-31']);
});

t.test('a stray mark of a scan between day, month and year', async (t) => {
  t.same(periodEnds('the Chapel Accounts for the year ended 30% June + |2016'), ['2016-06-30']);
});

t.test('dates not introduced as a period end are not proposed', async (t) => {
  t.same(periodEnds('Signed on 12 May 2016. The year was a good one.'), []);
});

t.test('the relation is asked for by a property describing the end of the reporting period', async (t) => {
  const [spec] = reportingPeriods.relations;
  t.ok(spec?.propertyPhrases.includes('reporting period'));
  t.same(reportingPeriods.generate(buildDocumentModel('year ended 31 March 2015'))[0]?.relations, ['period_end']);
});
