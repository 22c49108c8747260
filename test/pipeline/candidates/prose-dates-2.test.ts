import t from 'tap';
import { proseDateGenerator } from '../../../src/pipeline/extract/candidates/prose-dates.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

/** The value of the most confident candidate stating `relation`. */
function stated(text: string, relation: string): unknown {
  const candidates = proseDateGenerator
    .generate(buildDocumentModel(text))
    .filter((candidate) => candidate.relations.includes(relation));
  candidates.sort((a, b) => b.kindConfidence - a.kindConfidence);
  return candidates[0]?.value;
}

t.test('"effective as of the last date signed below": the latest date of the signature blocks', async (t) => {
  const text = [
    'This Reseller Agreement is effective as of the last date signed below ("Effective Date") between Marlin Byte Inc. and',
    'Osprey Retail LLC.',
    '',
    '4. Osprey will start selling the Product on November 1, 2014.',
    '',
    'MARLIN BYTE INC.                         OSPREY RETAIL LLC',
    'By: /s/ Ivo Brandt                       By: /s/ Nell Carver',
    'Title: President                         Title: Manager',
    'Date: June 2, 2014                       Date: June 9, 2014',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2014-06-09', 'not the later date in the text');
});

t.test('a term counted from a later event dates its end more weakly than a stated end', async (t) => {
  const opening = 'This Agreement is made as of May 2, 2011 (the "Effective Date") by and between A Inc. and B Ltd. ';
  const counted = `${opening}The term shall end twelve (12) months after the Launch. `;
  t.equal(stated(counted, 'expiration_date'), '2012-05-02');
  t.equal(stated(`${counted}This Agreement shall expire on December 31, 2012.`, 'expiration_date'), '2012-12-31');
});

t.test('an Effective Date defined in the definitions as the date of the last signature', async (t) => {
  const text = [
    'THIS SERVICES AGREEMENT is entered into as of the Effective Date by and between Tamarind Cloud Inc. and Pollard',
    'Freight LLC.',
    'Tamarind Cloud Inc.:                           Pollard Freight LLC:',
    'By: /s/ Ruth Okoye                             By: /s/ Sam Lund',
    'Date: 3/2/2017                                 Date: 3/6/2017',
    '',
    '1. Definitions.',
    '"Effective Date" means the date of the last signature on this Agreement.',
    '"Services" means the services described in Exhibit A.',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2017-03-06');
});
