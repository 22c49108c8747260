import t from 'tap';
import { GENERATORS } from '../../../src/pipeline/extract/candidates/generators.js';
import {
  addDuration,
  proseDateGenerator,
  wholeMonthsBetween,
} from '../../../src/pipeline/extract/candidates/prose-dates.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { profileOf } from '../../../src/pipeline/extract/ranking/property-profile.js';

/** A document of pages given as their lines: a form feed on a line of its own between pages. */
function pages(...lines: readonly (readonly string[])[]): string {
  return lines.map((page) => page.join('\n')).join('\n\f\n');
}

/** The value of the most confident candidate stating `relation`. */
function stated(text: string, relation: string): unknown {
  const candidates = proseDateGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes(relation));
  candidates.sort((a, b) => b.kindConfidence - a.kindConfidence);
  return candidates[0]?.value;
}

t.test('the agreement date and the effective date of the opening', async (t) => {
  const text =
    'This Advisory Agreement dated June 8, 2020, effective as of July 13, 2020 ("Effective Date"), is between A Inc. and B Ltd.';
  t.equal(stated(text, 'agreement_date'), '2020-06-08');
  t.equal(stated(text, 'effective_date'), '2020-07-13');
});

t.test(
  '"made and entered into this 1st day of March, 2015" is the agreement date, and its effective date when none other is said',
  async (t) => {
    const text = 'This Agreement is made and entered into this 1st day of March, 2015 by and between A Inc. and B Ltd.';
    t.equal(stated(text, 'agreement_date'), '2015-03-01');
    t.equal(stated(text, 'effective_date'), '2015-03-01');
    t.equal(
      stated('THIS AGREEMENT is made this 17t h day of January, 2020 (the "Effective Date").', 'effective_date'),
      '2020-01-17',
    );
  },
);

t.test('"Effective Date means" and an effective date in a label', async (t) => {
  t.equal(stated('1. Definitions. "Effective Date" means 15 January 2021.', 'effective_date'), '2021-01-15');
  t.equal(stated('Effective Date: April 19, 2017', 'effective_date'), '2017-04-19');
});

t.test('US month-first numeric dates in English prose', async (t) => {
  const text = 'This Agreement was signed on March 3, 2012. The term shall expire on 9/4/12.';
  t.equal(stated(text, 'expiration_date'), '2012-09-04');
  t.equal(stated('This Agreement shall expire on 13/4/12, as 25/12/12 is day first.', 'expiration_date'), '2012-04-13');
});

t.test(
  'an English contract whose dates do not tell their order reads them month first, unless it is from a day-first country',
  async (t) => {
    const text =
      'This Agreement is made as of 9/4/12 by Orion Corp. and Bright LLC. The parties agree that the Agreement binds each party.';
    t.equal(stated(text, 'agreement_date'), '2012-09-04');
    t.equal(stated(`${text} Fees are payable in £ plus VAT.`, 'agreement_date'), '2012-04-09');
    // Dotted dates are day-first wherever they are written.
    t.equal(stated(`${text} Signed 9.4.12 by the parties.`, 'agreement_date'), '2012-04-09');
  },
);

t.test('expiration: a date the term ends, or perpetual', async (t) => {
  t.equal(
    stated('This Agreement shall continue until November 30, 2022, unless renewed.', 'expiration_date'),
    '2022-11-30',
  );
  t.equal(stated('The term of this Agreement shall expire on June 30, 2025.', 'expiration_date'), '2025-06-30');
  t.equal(stated('This Agreement shall remain in force in perpetuity.', 'expiration_date'), 'perpetual');
  t.equal(stated('The term shall continue until terminated by either party.', 'expiration_date'), 'perpetual');
  t.equal(
    stated(
      'The term of this Agreement will start upon signature and will end when terminated by either party.',
      'expiration_date',
    ),
    'perpetual',
  );
  t.equal(stated('This Agreement is concluded for an unlimited period of time.', 'expiration_date'), 'perpetual');
  t.equal(
    stated(
      'This Agreement shall terminate, save for any extension the law imposes, upon either party giving at least 90 days prior written notice.',
      'expiration_date',
    ),
    'perpetual',
  );
  t.equal(
    stated('Either party may terminate this Agreement upon 30 days written notice.', 'expiration_date'),
    undefined,
  );
});

t.test('a date with no statement about it still is a date, with no relation', async (t) => {
  const candidates = proseDateGenerator.generate(
    buildDocumentModel(`${'Words of a long preamble. '.repeat(120)}Invoices sent on 5 May 2019 are paid.`),
  );
  t.equal(candidates.length, 1);
  t.same(candidates[0]?.relations, []);
});

t.test('"begins on the Effective Date and continues until D": D is the end, not the start', async (t) => {
  const text =
    'This Agreement is effective as of August 3, 2020. This Agreement shall begin on the Effective Date and shall continue until October 31, 2021.';
  t.equal(stated(text, 'effective_date'), '2020-08-03');
  t.equal(stated(text, 'expiration_date'), '2021-10-31');
});

t.test('an end implied by the effective date and the term, weaker than a printed one', async (t) => {
  const text =
    'This Agreement is dated as of January 19, 2011 (the "Effective Date"). The term of this Agreement shall begin on the Effective Date and continue for a period of five (5) years.';
  t.equal(stated(text, 'expiration_date'), '2016-01-19');
  t.equal(addDuration('2020-01-31', '1 month'), '2020-02-29');
  t.equal(addDuration('2020-02-29', '1 year'), '2021-02-28');
  t.equal(addDuration('2019-11-15', '18 months'), '2021-05-15');
  t.equal(addDuration('2020-01-01', '90 days'), '2020-03-31');
  t.equal(addDuration('2020-01-01', 'forever'), null);
});

t.test('no end is implied by a period that outlasts the agreement or is a condition in it', async (t) => {
  const text = [
    'This Agreement is effective as of January 19, 2011. The term of this Agreement shall continue until terminated.',
    'For a period of two (2) years after termination, the Reseller shall not compete.',
    'Either party may terminate this Agreement if the other party fails to perform for a period of thirty (30) days.',
  ].join(' ');
  t.equal(stated(text, 'expiration_date'), 'perpetual');
});

t.test('an agreement that ends only when a party gives notice has no fixed end', async (t) => {
  t.equal(
    stated(
      'The term of this Agreement shall start on the Effective Date and shall end on the 90th day after a written notice of termination from either party.',
      'expiration_date',
    ),
    'perpetual',
  );
});

t.test(
  "a cover's date with no verb is the agreement's, and weakly its effective date, from which the term's end follows",
  async (t) => {
    const text = [
      'PARTNERSHIP AGREEMENT',
      'made by and between',
      'ALPHA ENERGY Inc.',
      'and',
      'BETA GROUP AG',
      'January 7, 2015',
      '',
      '1. Duration. The term of this Agreement shall be one (1) year unless ended sooner.',
    ].join('\n');
    t.equal(stated(text, 'agreement_date'), '2015-01-07');
    t.equal(stated(text, 'effective_date'), '2015-01-07');
    t.equal(stated(text, 'expiration_date'), '2016-01-07');
    const stronger = 'This Agreement is dated January 7, 2015 and is effective as of March 2, 2015.';
    t.equal(stated(stronger, 'effective_date'), '2015-03-02', 'a stated effective date wins');
  },
);

t.test('"the 1st of April, 2006" is a date; the opening\'s effective date outranks a later one', async (t) => {
  const text =
    'The term of the Partnership shall commence on the 1st of April, 2006, and shall be effective until March 31, 2007.';
  t.equal(stated(text, 'effective_date'), '2006-04-01');
  t.equal(stated(text, 'expiration_date'), '2007-03-31');
  const exhibit = `This Agreement is effective as of January 19, 2011.${' Filler sentence.'.repeat(200)} Exhibit D: the License Agreement with an effective date of January 16, 2011.`;
  t.equal(stated(exhibit, 'effective_date'), '2011-01-19');
});

t.test('which properties ask for the contract dates, and which do not', async (t) => {
  const asks = (key: string, description: string) =>
    [...profileOf(key, { type: 'string', format: 'date', description }, GENERATORS).relations].sort();
  t.same(asks('expiration_date', 'Date the initial term ends, or perpetual'), ['expiration_date']);
  t.same(asks('effective_date', 'Date the agreement becomes effective'), ['effective_date']);
  const reportDate = asks('report_date', 'End date of the reporting period');
  t.ok(reportDate.includes('period_end'), 'the reporting period');
  t.notOk(
    reportDate.some((relation) => ['effective_date', 'agreement_date', 'expiration_date'].includes(relation)),
    'no contract date',
  );
  t.same(asks('signed_by', 'Person who signed the form'), []);
});

t.test('"expiring D" ends the term; "if terminated prior to D" states no end', async (t) => {
  const text =
    'This Agreement is effective September 1, 1995, and shall run for a term of three (3) years expiring August 31, 1998 (the "Term"). The bonus is paid unless this Agreement is terminated prior to August 30, 1998.';
  const ends = proseDateGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes('expiration_date') && candidate.kind === 'date')
    .map((candidate) => candidate.value);
  t.same(ends, ['1998-08-31']);
});

t.test('an end on an anniversary of the effective date, or the later of it and another event', async (t) => {
  const text =
    'This Agreement is entered into as of October 3, 2016 (the "Effective Date"). 6.2 Duration. The term of this Agreement begins on the Effective Date and shall remain in force until the later of (a) the third (3rd) anniversary of the Effective Date, or (b) the end of the Study.';
  t.equal(stated(text, 'expiration_date'), '2019-10-03');
  t.equal(
    stated(
      'This Agreement is dated 4 March 2015. It shall commence on the date hereof and terminate on the second (2nd) anniversary thereof.',
      'expiration_date',
    ),
    '2017-03-04',
  );
});

t.test('an opening that takes effect on the date of the last signature: the latest date signed', async (t) => {
  const text = [
    'This Mutual Non-Disclosure Agreement is made as of the date of the last signature below (the "Effective Date") between Hudson Quay Partners LP and Ironbridge Media Group, Inc.',
    '5. Term. This Agreement will terminate five (5) years after the Effective Date.',
    'HUDSON QUAY PARTNERS LP                 IRONBRIDGE MEDIA GROUP, INC.',
    'By: /s/ Thomas Reed                      By: /s/ Alicia Park',
    'Date: April 9, 2020                      Date: April 14, 2020',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2020-04-14');
  t.equal(stated(text, 'expiration_date'), '2025-04-14');
});

t.test(
  'a day written as an ordinal word ("this twelfth day of March, 2003", "the twenty-first day of June 2010")',
  async (t) => {
    t.equal(
      stated(
        'THIS AGREEMENT is made this twelfth day of March, 2003, by and between Alpha Corp. and Beta LLC.',
        'effective_date',
      ),
      '2003-03-12',
    );
    t.equal(
      stated(
        'This Agreement is made as of the twenty-first day of June 2010 between Alpha Corp. and Beta LLC.',
        'effective_date',
      ),
      '2010-06-21',
    );
    t.equal(
      stated(
        'This Agreement is made as of the thirty first day of May, 2010 between Alpha Corp. and Beta LLC.',
        'effective_date',
      ),
      '2010-05-31',
    );
  },
);

t.test('an opening whose date is a blank to fill in takes effect on the last signature', async (t) => {
  const signatures = [
    'HELIX GENOMICS, INC.                     CORVID ANALYTICS LLC',
    'By: /s/ Sarah Kim                        By: /s/ Mark Evans',
    'Date: May 14, 2019                       Date: May 16, 2019',
  ];
  for (const opening of [
    'This Agreement is entered into as of ____________, 20___ (the "Effective Date") by and between Helix Genomics, Inc. and Corvid Analytics LLC.',
    'This Agreement is made this ___ day of __________, 20__ by and between Helix Genomics, Inc. and Corvid Analytics LLC.',
  ]) {
    t.equal(stated([opening, ...signatures].join('\n'), 'effective_date'), '2019-05-16', opening);
  }
});

t.test('a numeric date in an agreement under the law of England and Wales is read day first', async (t) => {
  const text =
    'This Agreement is dated 01/02/2020 and made between Fenwick Analytics Limited, whose registered office is at 3 Park Row, Leeds LS1 5HD, and Garrow Software Ltd. This Agreement is governed by the laws of England and Wales.';
  t.equal(stated(text, 'effective_date'), '2020-02-01');
});

t.test("a running header's date, printed the same on every page, dates no agreement", async (t) => {
  const header = 'Filed with: OAKRIDGE MEDIA INC, form 8-K, 12/3/2018';
  const text = pages(
    [
      header,
      '',
      'SUPPLY AGREEMENT',
      'This Supply Agreement is entered into as of September 15, 2018 by and between A Inc. and B Ltd.',
    ],
    [header, 'The parties agree as follows.'],
  );
  const model = buildDocumentModel(text);
  const dates = proseDateGenerator.generate(model).filter((candidate) => candidate.kind === 'date');
  t.notOk(dates.some((candidate) => candidate.value === '2018-12-03'));
  t.equal(stated(text, 'agreement_date'), '2018-09-15');
  // The same sentence repeated inside the pages' text is no running line: it still dates the agreement.
  const body = 'This Supply Agreement is entered into as of May 4, 2017 by A Inc. and B Ltd.';
  const amidFiller = (title: string) => [title, 'one', 'two', 'three', body, 'four', 'five', 'six'];
  t.equal(stated(pages(amidFiller('COVER'), amidFiller('AGREEMENT')), 'agreement_date'), '2017-05-04');
});

t.test('the term the text states through its start and its end, in whole years or months', async (t) => {
  const text = [
    'This Services Agreement is entered into on July 1, 2010 by and between A Inc. and B Ltd.',
    'This Agreement shall commence on July 1, 2010 and shall expire on June 30, 2013.',
  ].join('\n');
  t.equal(stated(text, 'term'), '3 years');
  t.equal(wholeMonthsBetween('2008-06-23', '2010-06-23'), 24);
  t.equal(wholeMonthsBetween('2020-01-15', '2021-07-14'), 18);
  t.equal(wholeMonthsBetween('2020-01-15', '2021-07-20'), null);
  // A term the text states itself wins: none is derived.
  t.equal(
    stated(
      'This Agreement is made on July 1, 2010 between A Inc. and B Ltd. The term of this Agreement is two (2) years and it shall expire on June 30, 2013.',
      'term',
    ),
    undefined,
  );
});

t.test('a term counted from a later event (a first sale, a delivery) dates its end too', async (t) => {
  const opening =
    'This Agreement is made as of March 15, 2004 (the "Effective Date") by and between A Inc. and B Ltd. ';
  t.equal(
    stated(`${opening}The term of this Agreement shall be three (3) years from the Effective Date.`, 'expiration_date'),
    '2007-03-15',
  );
  t.equal(
    stated(
      `${opening}The term of this Agreement shall be three (3) years from the date of first commercial sale of the Product.`,
      'expiration_date',
    ),
    '2007-03-15',
  );
  t.equal(
    stated(
      `${opening}The initial term is one (1) year from the date of installation of the Equipment.`,
      'expiration_date',
    ),
    '2005-03-15',
  );
});
