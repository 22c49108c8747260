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
  const opening = 'This Agreement is made as of May 2, 2007 (the "Effective Date") by and between A Inc. and B Ltd. ';
  const counted = `${opening}The term shall end twelve (12) months after the Rollout. `;
  t.equal(stated(counted, 'expiration_date'), '2008-05-02');
  t.equal(stated(`${counted}This Agreement shall expire on December 31, 2008.`, 'expiration_date'), '2008-12-31');
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

t.test('an agreement its opening does not date is made when the last party signs it', async (t) => {
  const text = [
    'PROMOTION AGREEMENT',
    '',
    'This agreement is made between Larch Street Music Inc. ("Larch") and Pendle Snacks Ltd. ("Sponsor"). Larch shall',
    'make its catalogue available and shall use its best efforts to update the catalogue with new releases from time to',
    'time and at the latest by June 30, 2005.',
    '',
    'LARCH STREET MUSIC INC.                      PENDLE SNACKS LTD.',
    'By: /s/ Omar Reyes                           By: /s/ Lena Fisk',
    'Date: June 25, 2005                          Date: June 29, 2005',
  ].join('\n');
  t.equal(stated(text, 'agreement_date'), '2005-06-29', 'not the deadline the wrapped sentence ends with');
});

t.test('"entered into as of the date last written below": the later date of the signature blocks', async (t) => {
  const text = [
    'This Distributor Agreement between Arden Valve Co. and Quill Supply Inc. is entered into as of the date last written',
    'below ("the Effective Date").',
    '',
    'ARDEN VALVE CO.                              QUILL SUPPLY INC.',
    'By: /s/ Jo Park                              By: /s/ Al Voss',
    'Date: 1/19/03                                Date: January 22, 2003',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2003-01-22');
  t.equal(stated(text, 'agreement_date'), '2003-01-22');
});

t.test('"shall become effective on the signing date": the place and date under IN WITNESS WHEREOF', async (t) => {
  const text = [
    'JOINT VENTURE AGREEMENT between Harwick Labs Inc. and Celano Bio s.r.l.',
    '',
    '8. DURATION',
    'This JV Agreement shall become effective on the signing date and shall last while the venture operates.',
    '',
    '9. Payments are due on October 1, 2020 and on January 1, 2021.',
    '',
    'IN WITNESS WHEREOF, the Parties have signed this Agreement by their authorised officers.',
    '',
    'Ashford/Turin, 2 April 2016',
    'Harwick Labs Inc.                                  Celano Bio s.r.l.',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2016-04-02');
});

t.test('a term "from the date first above written" ends counted from the agreement\'s date', async (t) => {
  const text = [
    'DISTRIBUTOR AGREEMENT dated as of April 15, 1990 by and between Corbel Ledger Inc. and Taverne Systems Pte Ltd.',
    '',
    '3. Royalties on seats whose billing period opens on or after May 1, 1990 shall be split evenly.',
    '',
    '7.3 Term. This Agreement shall have a first term of one (1) year from the date',
    'first above written (the "Initial Term").',
  ].join('\n');
  t.equal(stated(text, 'expiration_date'), '1991-04-15');
});

t.test('"effective as of the date on which it is fully executed": the later signature date', async (t) => {
  const text = [
    'This Agreement is entered into by and between Halden Tools, Inc. and Ferro Quay LLC and is effective as of the date',
    'on which it is fully executed (the "Effective Date").',
    '',
    'HALDEN TOOLS, INC.                           FERRO QUAY LLC',
    'By: /s/ A. Lee                               By: /s/ B. Kim',
    'Date: April 28, 2019                         Date: May 1, 2019',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2019-05-01');
});

t.test(
  'obligations of confidence that continue in perpetuity: the term is perpetual, the agreement has no end',
  async (t) => {
    const text = [
      'This Agreement is made as of May 1, 2019 between Halden Tools, Inc. and Ferro Quay LLC.',
      "The Recipient's obligations of confidentiality shall continue in perpetuity.",
    ].join('\n');
    t.equal(stated(text, 'term'), 'perpetual');
    t.equal(stated(text, 'expiration_date'), undefined);
  },
);

t.test('a range of dates that states the term: the first date starts it, the last ends it', async (t) => {
  const opening = 'This Agreement is made by and between Orrin Tools, Inc. and Felt Ridge LLC.\n';
  t.equal(stated(`${opening}Term: June 2, 2012 - June 1, 2015`, 'expiration_date'), '2015-06-01');
  t.equal(stated(`${opening}Term: June 2, 2012 - June 1, 2015`, 'effective_date'), '2012-06-02');
  t.equal(
    stated(`${opening}The term of this Agreement is from 6/20/2012 to 6/19/2015.`, 'expiration_date'),
    '2015-06-19',
  );
  t.equal(
    stated(`${opening}This Agreement is valid from 2 June 2012 to and including 1 June 2015.`, 'expiration_date'),
    '2015-06-01',
  );
  // A range in a sentence that states no period of the agreement (prices for a season) ends nothing.
  t.equal(
    stated(`${opening}Prices apply from June 2, 2012 to September 1, 2012 for all orders.`, 'expiration_date'),
    undefined,
  );
});

t.test(
  'an end at a time of day: "shall end at midnight on D", "expire at 11:59 p.m. (Central Time) on D"',
  async (t) => {
    t.equal(
      stated(
        'The term of this Agreement shall begin on May 2, 2016 and end at midnight on April 30, 2019.',
        'expiration_date',
      ),
      '2019-04-30',
    );
    t.equal(
      stated('The Initial Term shall expire at 11:59 p.m. (Central Time) on August 31, 2018.', 'expiration_date'),
      '2018-08-31',
    );
  },
);

t.test('"the date on which it is signed by the last party": the effective date is the later signature', async (t) => {
  const text = [
    'This Agreement is made between Quarry Lane Books Ltd and Tessel Print LLC. The effective date of this Agreement is',
    'the date on which it is signed by the last party.',
    'Signed: 11 October 2022',
    'Signed: 17 October 2022',
  ].join('\n');
  t.equal(stated(text, 'effective_date'), '2022-10-17');
});
