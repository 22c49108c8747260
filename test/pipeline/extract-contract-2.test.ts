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
