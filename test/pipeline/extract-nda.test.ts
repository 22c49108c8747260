import t from 'tap';
import { readsAs } from './nda-schemas.js';

/**
 * Non-disclosure agreements written in prose, as a user's schema asks for them: the parties, the
 * date the agreement takes effect, the law that governs it and how long it lasts. Each document is
 * made up; each stands for a way NDAs are commonly written.
 */

t.test('a mutual NDA entered into as of a date by and between two described companies', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      '',
      'This Mutual Non-Disclosure Agreement is entered into as of March 1, 2011 by and between Quillon Data Corp., a Delaware',
      'corporation ("Company"), and Pinewood Survey Systems, Inc., a Texas corporation ("Pinewood").',
      '',
      '1. Purpose. The parties wish to explore a business relationship.',
      '',
      '5. Term. This Agreement shall remain in effect for a period of two (2) years from the Effective Date.',
      '',
      '8. Governing Law. This Agreement shall be governed by the laws of the State of Delaware.',
    ].join('\n'),
    {
      parties: ['Quillon Data Corp.', 'Pinewood Survey Systems, Inc.'],
      effective_date: '2011-03-01',
      jurisdiction: 'Delaware',
      term: '2 years',
    },
  );
});

t.test(
  'a one-way NDA between a company and a person: a US numeric date, obligations that survive for years',
  async (t) => {
    readsAs(
      t,
      [
        'CONFIDENTIALITY AGREEMENT',
        '',
        'This Agreement is entered into on 9/4/12 between Maplestone Orchard LLC ("Disclosing Party") and Greta Lindqvist',
        '("Recipient").',
        '',
        'The Recipient shall hold and maintain the Confidential Information in strictest confidence.',
        '',
        "The Recipient's duty to hold Confidential Information in confidence shall remain in effect for five (5) years.",
        '',
        'This Agreement shall be governed by and construed under the laws of the Commonwealth of Virginia, without regard',
        'to conflicts of law principles.',
      ].join('\n'),
      {
        parties: ['Maplestone Orchard LLC', 'Greta Lindqvist'],
        effective_date: '2012-09-04',
        jurisdiction: 'Virginia',
        term: '5 years',
      },
    );
  },
);

t.test('"the undersigned company": the other party is named in the signature blocks only', async (t) => {
  readsAs(
    t,
    [
      '                                   NON-DISCLOSURE AGREEMENT',
      'This Non-Disclosure Agreement is entered into as of August 24, 2016 by and between Westbrook Lantern Advisors, LLC,',
      'a Delaware limited liability company ("Westbrook"), and the undersigned company ("Counterparty").',
      '1. The Counterparty agrees to keep confidential all information that the parties exchange.',
      '2. This Agreement shall terminate eighteen months after the date hereof.',
      '3. This Agreement shall be governed by, and construed in accordance with, the laws of the State of New',
      'York applicable to contracts made and to be performed therein.',
      '',
      'WESTBROOK LANTERN ADVISORS, LLC                    NORTHSTAR ALGAE SCIENCES, INC.',
      'By: /s/ Peter Lang                                 By: /s/ Amy Fox',
      'Name: Peter Lang                                   Name: Amy Fox',
    ].join('\n'),
    {
      parties: ['Westbrook Lantern Advisors, LLC', 'NORTHSTAR ALGAE SCIENCES, INC.'],
      effective_date: '2016-08-24',
      jurisdiction: 'New York',
      term: '18 months',
    },
  );
});

t.test('an English NDA: a company incorporated in England and Wales, a person, a term in years', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      'This Agreement is made on the 1st day of March 2011',
      'BETWEEN:',
      'KESTREL MOOR SOLAR LIMITED, a company incorporated in England and Wales (company number 01234567) whose registered',
      'office is at 10 High Street, Bristol BS1 1AA ("Kestrel")',
      'AND:',
      'Oliver Grantham, of 22 Station Road, Bath BA1 1AA ("Recipient")',
      '1. The Recipient shall keep the Confidential Information secret for a period of 3 years from the date of this',
      'Agreement.',
      '2. This Agreement is governed by English law.',
    ].join('\n'),
    {
      parties: ['KESTREL MOOR SOLAR LIMITED', 'Oliver Grantham'],
      effective_date: '2011-03-01',
      jurisdiction: 'England and Wales',
      term: '3 years',
    },
  );
});

t.test('a cover of labels over the prose: "Parties:" ends at its line, a numeric date read month-first', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      'Effective Date: 04/05/2021',
      'Parties: Cedar Point Looms, Inc. and Michael Tanaka',
      'Term: 2 years',
      'Governing Law: Ohio',
      '',
      'The parties agree as follows. The Recipient shall hold the Confidential Information of the Discloser in confidence',
      'and shall not disclose it to any third party. Each party shall return the information at the request of the other',
      'party. This Agreement is the entire agreement of the parties.',
    ].join('\n'),
    {
      parties: ['Cedar Point Looms, Inc.', 'Michael Tanaka'],
      effective_date: '2021-04-05',
      jurisdiction: 'Ohio',
      term: '2 years',
    },
  );
});

t.test('a day written as an ordinal, the Disclosing Party and Receiving Party, a term that expires', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Agreement is entered into by and between Delta Orchard Provisions, Inc. (hereinafter "Disclosing Party") and',
      'Brian K. Holloway (hereinafter "Receiving Party") on this 14th day of July, 2014.',
      '',
      "The Receiving Party's duty to keep the Confidential Information confidential shall expire seven (7) years from the",
      'date of this Agreement.',
      '',
      'This Agreement shall be interpreted under the laws of the State of Oregon.',
    ].join('\n'),
    {
      parties: ['Delta Orchard Provisions, Inc.', 'Brian K. Holloway'],
      effective_date: '2014-07-14',
      jurisdiction: 'Oregon',
      term: '7 years',
    },
  );
});

t.test(
  'a one-way NDA in a single sentence: a company defined by its short name, the undersigned person by a role',
  async (t) => {
    readsAs(
      t,
      [
        'CONFIDENTIALITY AGREEMENT',
        'In consideration of being furnished with confidential information by Redfern Biologics Corp. (the "Company"),',
        'the undersigned, Harper J. Lindgren ("Recipient"), agrees as follows, effective March 15, 2011:',
        "The Recipient's obligations hereunder shall expire two years from the date hereof.",
        'This agreement shall be governed by and construed in accordance with the laws of the State of Delaware.',
      ].join('\n'),
      {
        parties: ['Redfern Biologics Corp.', 'Harper J. Lindgren'],
        effective_date: '2011-03-15',
        jurisdiction: 'Delaware',
        term: '2 years',
      },
    );
  },
);

t.test(
  'effective at the latest signature, a term ending at the earlier of two events, a law that "shall apply"',
  async (t) => {
    readsAs(
      t,
      [
        'MUTUAL NONDISCLOSURE AGREEMENT',
        'This Agreement is made between Harbor Quillon Inc. and Teal Lantern Works LLC, effective as of the latest date of',
        'signature below.',
        '1. Each party shall protect the Confidential Information of the other party.',
        '2. This Agreement shall terminate upon the earlier of (a) two (2) years from the Effective Date or (b) the execution',
        'of a definitive agreement between the parties.',
        '3. The laws of the State of New York shall apply to this Agreement.',
        '',
        'HARBOR QUILLON INC.                     TEAL LANTERN WORKS LLC',
        'By: ___________                         By: ___________',
        'Date: 3/14/2017                         Date: 3/21/2017',
      ].join('\n'),
      {
        parties: ['Harbor Quillon Inc.', 'Teal Lantern Works LLC'],
        effective_date: '2017-03-21',
        jurisdiction: 'New York',
        term: '2 years',
      },
    );
  },
);

t.test('confidential information protected for years from its disclosure; a law named by its adjective', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      'This Non-Disclosure Agreement ("Agreement") is made effective 6/1/2019 by and between Sable Cove Capital, Inc.',
      '("Sable") and Martin Okafor ("Recipient").',
      'Recipient shall protect the Confidential Information for five (5) years from the date of disclosure.',
      'This Agreement will be governed by Texas law.',
    ].join('\n'),
    {
      parties: ['Sable Cove Capital, Inc.', 'Martin Okafor'],
      effective_date: '2019-06-01',
      jurisdiction: 'Texas',
      term: '5 years',
    },
  );
});

t.test(
  '"the individual or entity signing below": the recipient named under its label in the signature block',
  async (t) => {
    readsAs(
      t,
      [
        'NONDISCLOSURE AGREEMENT',
        'This Nondisclosure Agreement is entered into as of the Effective Date set forth below by Vireo Lenswork Corporation',
        '("Vireo") and the individual or entity signing below ("Recipient").',
        'Effective Date: 4/16/2015',
        'The obligations under this Agreement shall continue for three (3) years from the Effective Date.',
        'This Agreement shall be governed by Washington law.',
        '',
        'RECIPIENT:',
        'Name: Carla Jimenez-Ott',
      ].join('\n'),
      {
        parties: ['Vireo Lenswork Corporation', 'Carla Jimenez-Ott'],
        effective_date: '2015-04-16',
        jurisdiction: 'Washington',
        term: '3 years',
      },
    );
  },
);
