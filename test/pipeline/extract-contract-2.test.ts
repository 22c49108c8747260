import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { textDocument } from './fixtures.js';

/** Made-up commercial contracts read through the whole engine with a contract schema a user writes. */

const SCHEMA = {
  type: 'object',
  properties: {
    agreement_date: { type: 'string', format: 'date', description: 'Date the agreement was signed or dated' },
    effective_date: { type: 'string', format: 'date', description: 'Date the agreement becomes effective' },
    expiration_date: { type: 'string', description: 'Date the initial term ends, or the word perpetual' },
    governing_law: { type: 'string', description: 'State or country whose law governs the agreement' },
  },
};

function extract(text: string) {
  const type: ExtractionType = {
    code: 'contract',
    name: 'Contract',
    jsonSchema: SCHEMA,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  };
  return extractFields(textDocument(text), type).data;
}

t.test(
  'a United States contract with a party incorporated in a day-first country reads 03/04 month first',
  async (t) => {
    const data = extract(
      [
        'SUPPLY AGREEMENT',
        '',
        'This Supply Agreement is entered into on 03/04/2015 by and between Cresthaven Nutrition, Inc., a Utah corporation',
        '("Buyer"), and Tamworth Dairy Ingredients Ltd., a company incorporated in New Zealand ("Supplier").',
        '',
        '2. This Agreement shall remain in effect for a period of two (2) years from the date hereof.',
        '11. This Agreement shall be governed by the laws of the State of Utah.',
      ].join('\n'),
    );
    t.same(data, {
      agreement_date: '2015-03-04',
      effective_date: '2015-03-04',
      expiration_date: '2017-03-04',
      governing_law: 'Utah',
    });
  },
);

t.test('an English contract with a United States party still reads 03/04 day first', async (t) => {
  const data = extract(
    [
      'SUPPLY AGREEMENT',
      '',
      'This Supply Agreement is made on 03/04/2015 between Harrowfield Mills Limited, a company registered in England and',
      'Wales whose registered office is at 4 Dock Street, Hull ("Supplier"), and Cresthaven Nutrition, Inc., a Utah',
      'corporation ("Buyer").',
      '',
      '2. This Agreement shall remain in effect for a period of two (2) years from the date hereof.',
      '11. This Agreement shall be governed by the laws of England and Wales.',
    ].join('\n'),
  );
  t.same(data, {
    agreement_date: '2015-04-03',
    effective_date: '2015-04-03',
    expiration_date: '2017-04-03',
    governing_law: 'England and Wales',
  });
});

t.test('the opening dates the agreement: the dates beside the signatures are when each party signed', async (t) => {
  const data = extract(
    [
      'PROMOTION AGREEMENT',
      '',
      'This Promotion Agreement dated March 12, 2015, by and between Kestrel Lane Games, Inc. and Brightpath Media',
      'Corporation, sets forth the terms of a joint promotion.',
      '',
      '9. This Agreement shall be governed by the laws of the State of Oregon.',
      '',
      'KESTREL LANE GAMES, INC.',
      'Dated: 3/16/15                          By: /s/ Ada Moreno',
      'BRIGHTPATH MEDIA CORPORATION',
      'Dated: 3/17/15                          By: /s/ Tom Haskell',
    ].join('\n'),
  );
  t.equal(data.agreement_date, '2015-03-12');
});

t.test("the Effective Date the opening defines, not another agreement's effective date in an exhibit", async (t) => {
  const data = extract(
    [
      'This agreement ("Agreement") dated as of January 11, 2007 ("Effective Date") is between Norrow Health Corp. ("Norrow"),',
      'a Vermont corporation, and Pellam Clinics Inc. ("Pellam"), a Vermont corporation.',
      '',
      '9. This Agreement shall be governed by the laws of the State of Vermont.',
      '',
      '                                   EXHIBIT D',
      '1)   In this Exhibit D:',
      '    a)   "Agreement" means the License Agreement between Norrow Health Corp. ("Licensor") and Pellam Clinics Inc.',
      '         ("Licensee") with',
      '         effective date of January 10, 2007;',
      '    b) "Records" means the records the Licensee keeps.',
    ].join('\n'),
  );
  t.equal(data.effective_date, '2007-01-11');
});

t.test(
  'an agreement that runs until a party ends it, however the clause words it, has a perpetual expiration',
  async (t) => {
    const clauses = [
      'This Agreement shall continue in full force and effect until either party terminates it under Section 9.',
      'This Agreement shall remain in effect until it is terminated by either Party as provided below.',
      'This Agreement will continue until cancelled by either party upon thirty (30) days written notice.',
      'The term of this Agreement shall be indefinite.',
      'This Agreement has no fixed term.',
      'This Agreement shall be of indefinite duration.',
      'This Agreement shall commence on the Effective Date and shall continue until termination in accordance with Article 9.',
      'This Agreement shall remain in effect until such time as it is terminated by mutual agreement of the parties.',
    ];
    for (const clause of clauses) {
      const data = extract(
        [
          'RESELLER AGREEMENT',
          '',
          'This Reseller Agreement is entered into as of May 4, 2013 (the "Effective Date") by and between Quenby Tool Works,',
          'Inc., an Iowa corporation ("Company"), and Farrow Lane Supply LLC, a Kansas limited liability company ("Reseller").',
          '',
          `2. Term. ${clause}`,
          '11. This Agreement shall be governed by the laws of the State of Iowa.',
        ].join('\n'),
      );
      t.equal(data.expiration_date, 'perpetual', clause);
    }
  },
);

t.test('a term counted from a start its own sentence dates ends that long after that start', async (t) => {
  const opening = [
    'LICENSE AGREEMENT',
    '',
    'This License Agreement is entered into as of June 9, 2014 (the "Effective Date") by and between Tarrant Optics,',
    'Inc., a Maine corporation ("Licensor"), and Brookfell Instruments LLC, a Vermont limited liability company ("Licensee").',
    '',
  ];
  const law = '14. This Agreement shall be governed by the laws of the State of Maine.';
  const cases: [string, string][] = [
    [
      '3. Term. The term of this Agreement shall commence on July 1, 2014 and continue for four (4) years.',
      '2018-07-01',
    ],
    ['3. Term. This Agreement shall be for a period of two (2) years beginning on August 15, 2014.', '2016-08-15'],
    // No start in the term's sentence: counted from the Effective Date.
    ['3. Term. This Agreement shall run for three years from the Effective Date.', '2017-06-09'],
  ];
  for (const [clause, expiration] of cases) {
    const data = extract([...opening, clause, law].join('\n'));
    t.equal(data.expiration_date, expiration, clause);
    t.equal(data.effective_date, '2014-06-09', clause);
  }
});

t.test('a term that lasts until an anniversary of the agreement ends on that anniversary', async (t) => {
  const data = extract(
    [
      'CONSULTING AGREEMENT',
      '',
      'This Consulting Agreement is made on September 22, 2011 by and between Wenlock Survey Group, Inc., a Kansas',
      'corporation ("Company"), and Ashby Rowe, an individual ("Consultant").',
      '',
      '2. Term. The term of this Agreement shall be from the date hereof until the second anniversary of the date hereof.',
      '10. This Agreement shall be governed by the laws of the State of Kansas.',
    ].join('\n'),
  );
  t.equal(data.expiration_date, '2013-09-22');
});
