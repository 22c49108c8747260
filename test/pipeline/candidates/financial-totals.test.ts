import t from 'tap';
import { financialTotals } from '../../../src/pipeline/extract/candidates/financial-totals.js';
import { statementRow } from '../../../src/pipeline/extract/candidates/statement-figures.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const totals = (text: string) =>
  financialTotals.generate(buildDocumentModel(text)).map((c) => [c.relations[0], c.value]);

t.test('statement rows: thousands by commas or single spaces, fund columns adding up, brackets', async (t) => {
  t.same(statementRow('184 207     52 630 236 837 241 900'), {
    figures: [184207, 52630, 236837, 241, 900],
    totalAt: 2,
  });
  t.same(statementRow('68, 245      7,312     75,557    70,118')?.totalAt, 2);
  t.same(statementRow('(121,475)    (5,500)    (126,975)    (24,380)')?.figures[2], 126975);
  t.same(statementRow('£118,420     £115,093'), { figures: [118420, 115093], totalAt: null });
  t.equal(statementRow('Total 12'), null);
});

t.test('a labelled total row: the column the fund columns add up to, not the prior year', async (t) => {
  const text = [
    '                         Unrestricted   Restricted   Total   Total',
    '                                                     2015    2014',
    'Total incoming resources      184,207      52,630  236,837  241,900',
    'Total resources expended      179,412      61,250  240,662  268,140',
  ].join('\n');
  t.same(totals(text), [
    ['total_income', 236837],
    ['total_expenditure', 240662],
  ]);
});

t.test('a row of years only: the first figure is the current year', async (t) => {
  t.same(totals('Total receipts        24,615        31,208\nTotal payments        41,930        36,477'), [
    ['total_income', 24615],
    ['total_expenditure', 41930],
  ]);
});

t.test('a bare "Total" belongs to its section heading; figures under it; a note number skipped', async (t) => {
  const text = [
    'Income from:',
    'Donations   1   18,000   2,000   20,000',
    'Total',
    '18,000 2,000 20,000 19,500',
    'Expenditure on:',
    'Charitable activities',
    'Total',
    '7 17,000 1,000 18,000 17,900',
  ].join('\n');
  t.same(totals(text), [
    ['total_income', 20000],
    ['total_expenditure', 18000],
  ]);
});

t.test('figures in thousands, and years under a label are not figures', async (t) => {
  t.same(totals("                 2016     2015\n                 £'000    £'000\nTotal income    28,412   25,100"), [
    ['total_income', 28412000],
  ]);
  t.same(totals('Total expenditure\n2016 2015\n'), []);
});

t.test('a row named by a section word is a total only when its fund columns add up', async (t) => {
  t.same(totals('                Camp     Grants    Total\nIncome       172 418      3 276    175 694'), [
    ['total_income', 175694],
  ]);
  t.same(totals('Income       172 418      3 276'), []);
  t.same(totals('Income from grants     1,000     500    1,500'), []);
});

t.test('an unlabelled row under a section is its total when the rows above add up to it', async (t) => {
  const text = [
    '                                     THIS YEAR     LAST YEAR',
    'INCOMING RESOURCES',
    '   Membership fees                     41,230        38,905',
    '   Interest                               212           417',
    '   Donations                            1,318           702',
    '',
    '                                       42,760        40,024',
    'OUTGOING RESOURCES',
    '   Salaries                            30,115        28,440',
    '   Rent                                 4,870         4,650',
    '                                       32,000        33,190',
  ].join('\n');
  t.same(totals(text), [['total_income', 42760]]);
});

t.test('totals stated in a sentence: the figure after a linking verb, not one in millions', async (t) => {
  t.same(
    totals('Total income for the year was £245,310 (2018: £230,100) and total expenditure amounted to £238,954.'),
    [
      ['total_income', 245310],
      ['total_expenditure', 238954],
    ],
  );
  t.same(totals('Total income was £2.4 million and total expenditure was £1,250.'), [['total_expenditure', 1250]]);
  t.same(totals('The total income of the charity is set out in note 4.'), [], 'no sum, no figure');
});

t.test('a total in the statement is surer than one in a note; its label words are the relation', async (t) => {
  const figures = (text: string) =>
    financialTotals
      .generate(buildDocumentModel(text))
      .map((c) => [c.value, Number(c.kindConfidence.toFixed(2)), c.labelWords.join(' ')]);
  const text = [
    'Statement of Financial Activities for the year ended 30 June 2021',
    '                          2021    2020',
    "                          £'000   £'000",
    'Total resources expended',
    '71,204',
    '69,950',
    '',
    '\f',
    'Notes to the accounts',
    ...Array.from({ length: 200 }, (_, index) => `Note line ${index}`),
    'Grants by region',
    'Total payments      1,462',
  ].join('\n');
  t.same(figures(text), [
    [71204000, 0.6, 'total expenditure'],
    [1462, 0.4, 'total expenditure'],
  ]);
  t.same(
    figures('Contents\nStatement of financial activities   12\nTotal payments   1,462'),
    [[1462, 0.6, 'total expenditure']],
    'a contents entry heads no statement',
  );
});

t.test('rows printed a figure a line add up to the section total; a sub-heading sum is the smaller part', async (t) => {
  const text = [
    'INCOMING RESOURCES',
    'Income from charitable activities',
    'Course fees',
    '4,210',
    '3,980',
    'Room hire',
    '790',
    '802',
    'Total charitable income',
    '5,000',
    '4,782',
    'Donations',
    '3',
    '1,250',
    '1,100',
    '6,250',
    '5,882',
    'RESOURCES EXPENDED',
  ].join('\n');
  const found = financialTotals.generate(buildDocumentModel(text));
  t.same(
    found.map((c) => [c.value, Number(c.kindConfidence.toFixed(2))]),
    [
      [5000, 0.6],
      [6250, 0.8],
    ],
  );
});

t.test('the net result checks a pair of totals: income less expenditure', async (t) => {
  const text = [
    'Total income              52,400     48,100',
    'Total expenditure         50,150     49,900',
    'Net income/(expenditure) for the year    2,250    (1,800)',
  ].join('\n');
  const supported = financialTotals
    .generate(buildDocumentModel(text))
    .map((c) => [c.relations[0], c.value, c.support ?? 0]);
  t.same(supported, [
    ['total_income', 52400, 1],
    ['total_expenditure', 50150, 1],
  ]);
  const wrong = text.replace('2,250', '2,950');
  t.same(
    financialTotals.generate(buildDocumentModel(wrong)).map((c) => c.support ?? 0),
    [0, 0],
    'no support when the difference is not the net result',
  );
});

t.test('an unlabelled total the net result asks for, under a heading the scan misread', async (t) => {
  const text = [
    'Total income                              41,300      39,000',
    '',
    'Resources Expen ed:',
    '  Grants made                 30,200',
    '  Running costs                8,750',
    '                              38,950      37,400',
    '',
    'Net Income (Expenditure) for the Year     2,350       1,600',
  ].join('\n');
  t.same(totals(text), [
    ['total_income', 41300],
    ['total_expenditure', 38950],
  ]);
});

t.test('a dash in a fund column is nil, and a row of dashes is no figures', async (t) => {
  t.same(statementRow('41,200      -      41,200     39,800'), { figures: [41200, 0, 41200, 39800], totalAt: null });
  t.equal(statementRow('-      —'), null);
  t.same(totals('Total income        41,200      -      41,200     39,800'), [['total_income', 41200]]);
});

t.test("a net result's fund columns add up with their signs: a surplus and a larger deficit", async (t) => {
  t.same(statementRow('2,400    (5,100)    (2,700)    (9,300)'), { figures: [2400, 5100, 2700, 9300], totalAt: 2 });
  const text = [
    'Total incoming resources     60,000     12,000     72,000     70,100',
    'Total resources expended     57,600     17,100     74,700     79,400',
    'NET INCOMING/(OUTGOING)',
    'RESOURCES                     2,400    (5,100)    (2,700)    (9,300)',
  ].join('\n');
  t.same(
    financialTotals.generate(buildDocumentModel(text)).map((c) => [c.value, c.support ?? 0]),
    [
      [72000, 1],
      [74700, 1],
    ],
  );
});
