import t from 'tap';
import { readsAs } from './nda-schemas.js';

/**
 * More non-disclosure agreements, each made up, read with the two schemas of nda-schemas.ts:
 * mutual and one-way; parties in an opening, a "BETWEEN:" block, under role labels or only in the
 * signature blocks; addresses, incorporation and aliases after their names; terms in words and
 * digits, perpetual, survival periods; dates in words, as numbers, or deferred to the signatures;
 * the law as a state, a country, an adjective, or only the courts the parties submit to.
 */

t.test('parties described with their addresses; effective on the date last signed below', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL CONFIDENTIALITY AGREEMENT',
      '',
      'This Mutual Confidentiality Agreement (the "Agreement") is made and entered into by and between Larkspur Metrics, Inc., a',
      'Delaware corporation with its principal place of business at 410 Wren Avenue, Suite 200, Boulder, Colorado 80302',
      '("Larkspur"), and Tidewater Grain Analytics Ltd., a company incorporated under the laws of England and Wales with its',
      'registered office at 12 Quayside Row, Bristol BS1 4QA, United Kingdom ("Tidewater"), effective as of the date last',
      'signed below (the "Effective Date").',
      '',
      '1. Confidential Information. Each party may disclose to the other certain non-public information.',
      '',
      '7. Term. This Agreement shall continue in force for a period of three (3) years from the Effective Date.',
      '',
      '9. Governing Law. This Agreement is governed by the laws of the State of Colorado.',
      '',
      'IN WITNESS WHEREOF, the parties have executed this Agreement as of the dates set forth below.',
      '',
      'LARKSPUR METRICS, INC.                       TIDEWATER GRAIN ANALYTICS LTD.',
      'By: /s/ Dana Whitcombe                       By: /s/ Felix Amberley',
      'Name: Dana Whitcombe                         Name: Felix Amberley',
      'Title: Chief Executive Officer               Title: Director',
      'Date: June 3, 2019                           Date: June 10, 2019',
    ],
    {
      parties: ['Larkspur Metrics, Inc.', 'Tidewater Grain Analytics Ltd.'],
      effective_date: '2019-06-10',
      jurisdiction: 'Colorado',
      term: '3 years',
    },
  );
});

t.test(
  'parties under role labels with their street addresses; survival period as the term; courts named with the law',
  async (t) => {
    readsAs(
      t,
      [
        'NON-DISCLOSURE AGREEMENT',
        '',
        'Parties',
        'Disclosing Party:    Brambleway Robotics GmbH, Hafenstrasse 8, 20457 Hamburg, Germany',
        'Receiving Party:     Ostrander Capital Partners LLC, 55 Pine Street, New York, NY 10005',
        'Effective Date:      1 February 2020',
        '',
        '1. The Receiving Party shall keep the Confidential Information secret.',
        '2. The obligations of confidentiality under this Agreement shall survive for a period of five (5) years from the',
        'Effective Date.',
        '3. This Agreement shall be governed by the laws of Germany and the courts of Hamburg shall have exclusive jurisdiction.',
      ],
      {
        parties: ['Brambleway Robotics GmbH', 'Ostrander Capital Partners LLC'],
        effective_date: '2020-02-01',
        jurisdiction: 'Germany',
        term: '5 years',
      },
    );
  },
);

t.test('obligations that are perpetual: the term is "perpetual"', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      '',
      'This Nondisclosure Agreement is entered into as of the twenty-first day of May, 2017, between Corvane',
      'Textiles, LLC, a North Carolina limited liability company ("Corvane"), and Juniper Loom Co., an Oregon corporation',
      '("Juniper").',
      '',
      '4. The obligations of the parties under this Agreement are perpetual and shall survive any termination of the',
      'discussions between the parties.',
      '',
      '11. This Agreement shall be construed in accordance with the laws of the State of North Carolina.',
    ],
    {
      parties: ['Corvane Textiles, LLC', 'Juniper Loom Co.'],
      effective_date: '2017-05-21',
      jurisdiction: 'North Carolina',
      term: 'perpetual',
    },
  );
});

t.test('parties named only in the signature blocks; a numeric date under the text', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'In connection with the evaluation of a possible transaction, the undersigned parties agree as follows:',
      '',
      "1. Each party shall hold the other party's Confidential Information in confidence.",
      '2. This Agreement shall expire two (2) years after the date first written below.',
      '3. This Agreement shall be governed by the laws of the State of Illinois.',
      '',
      'Dated: 03/15/2022',
      '',
      'QUARRYSIDE FOODS, INC.                       ASHGROVE DISTRIBUTION LLC',
      'By: _______________________                  By: _______________________',
      'Name: Paula Renwick                          Name: Omar Siddiqui',
      'Title: President                             Title: Managing Member',
    ],
    {
      parties: ['QUARRYSIDE FOODS, INC.', 'ASHGROVE DISTRIBUTION LLC'],
      effective_date: '2022-03-15',
      jurisdiction: 'Illinois',
      term: '2 years',
    },
  );
});

t.test('a numbered list of parties; no choice of law but the courts of a country', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Non-Disclosure Agreement ("Agreement") is dated 5 September 2021 and is between:',
      '(1) Fenwick Lanterns Limited, a company registered in England and Wales under company number 04567890 whose registered',
      'office is at 3 Mill Lane, Leeds LS1 5AB ("Fenwick"); and',
      '(2) Caldera Insight B.V., a company incorporated in the Netherlands whose registered office is at Keizersgracht 100,',
      '1015 AA Amsterdam ("Caldera").',
      '',
      '6. Duration. The obligations in this Agreement shall continue for a period of 24 months from the date of this Agreement.',
      '',
      '8. This Agreement and any dispute arising from it shall be subject to the exclusive jurisdiction of the courts of',
      'England.',
    ],
    {
      parties: ['Fenwick Lanterns Limited', 'Caldera Insight B.V.'],
      effective_date: '2021-09-05',
      jurisdiction: 'England',
      term: '24 months',
    },
  );
});

t.test('an employee residing at an address; a period after employment', async (t) => {
  readsAs(
    t,
    [
      'EMPLOYEE CONFIDENTIALITY AGREEMENT',
      '',
      'This Agreement is made effective as of January 10, 2023 (the "Effective Date") by and between Silverbirch Dental Group, P.C.,',
      'a Massachusetts professional corporation (the "Company"), and Rebecca Thornfield, an individual residing at 18 Elm Court,',
      'Worcester, Massachusetts ("Employee").',
      '',
      '3. The Employee shall not, during employment and for a period of one year thereafter, disclose any Confidential',
      'Information.',
      '',
      '9. This Agreement shall be governed by the laws of the Commonwealth of Massachusetts.',
    ],
    {
      parties: ['Silverbirch Dental Group, P.C.', 'Rebecca Thornfield'],
      effective_date: '2023-01-10',
      jurisdiction: 'Massachusetts',
      term: '1 year',
    },
  );
});

t.test('an effective date on a label line; a term in digits counted from it', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NONDISCLOSURE AGREEMENT',
      '',
      'Effective Date: 11/02/2016',
      '',
      'This Mutual Nondisclosure Agreement is between Pelican Ridge Software Corp. ("Pelican") and Norcastle Health Systems,',
      'Inc. ("Norcastle").',
      '',
      'Term. This Agreement will terminate 3 years after the Effective Date, unless terminated earlier by either party upon',
      'written notice.',
      '',
      'Governing Law. This Agreement is governed by the laws of the State of California, excluding its conflict of laws rules.',
    ],
    {
      parties: ['Pelican Ridge Software Corp.', 'Norcastle Health Systems, Inc.'],
      effective_date: '2016-11-02',
      jurisdiction: 'California',
      term: '3 years',
    },
  );
});

t.test('"hereinafter referred to as"; a state named again with its courts', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Confidentiality Agreement is entered into this 2nd day of April, 2014, by and between Greywater Mining Corporation,',
      'a Nevada corporation (hereinafter referred to as "Greywater"), and Aldous Resource Partners, L.P., a Texas limited',
      'partnership (hereinafter referred to as "Aldous").',
      '',
      "5. Greywater's obligations hereunder shall remain in effect for a period of four (4) years from the date hereof.",
      '',
      '10. This Agreement shall be governed by and interpreted in accordance with the laws of the State of Texas, and the',
      'parties consent to the jurisdiction of the state and federal courts located in Harris County, Texas.',
    ],
    {
      parties: ['Greywater Mining Corporation', 'Aldous Resource Partners, L.P.'],
      effective_date: '2014-04-02',
      jurisdiction: 'Texas',
      term: '4 years',
    },
  );
});

t.test('a "BETWEEN:" block of two provinces\' corporations; a province and its federation', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'THIS AGREEMENT made as of the 30th day of November, 2020.',
      '',
      'BETWEEN:',
      '',
      'NORTHERN FLICKER SYSTEMS INC., a corporation incorporated under the laws of the Province of British Columbia',
      '(the "Disclosing Party")',
      '',
      '- and -',
      '',
      'BAYSHORE KELP HOLDINGS LTD., a corporation incorporated under the laws of the Province of Nova Scotia',
      '(the "Recipient")',
      '',
      '4. This Agreement shall remain in force for a term of two (2) years.',
      '',
      '12. This Agreement shall be governed by the laws of the Province of British Columbia and the federal laws of Canada',
      'applicable therein.',
    ],
    {
      parties: ['NORTHERN FLICKER SYSTEMS INC.', 'BAYSHORE KELP HOLDINGS LTD.'],
      effective_date: '2020-11-30',
      jurisdiction: 'British Columbia, Canada',
      term: '2 years',
    },
  );
});

t.test(
  '"by A, located at ..., and by B, located at ..."; a period in words protecting a party\'s information',
  async (t) => {
    readsAs(
      t,
      [
        'Mutual Non-Disclosure Agreement',
        '',
        'This Agreement is entered into on the first day of July, 2019 by Wexford Orchard Analytics LLC, located at 77 Harbor',
        'Drive, Tampa, Florida 33602, and by Quintessa Bio Inc., located at 1200 Research Parkway, Durham, North Carolina 27709.',
        '',
        "Each party agrees to protect the other party's Confidential Information for three years from the date of disclosure.",
        '',
        'This Agreement shall be governed by Florida law.',
      ],
      {
        parties: ['Wexford Orchard Analytics LLC', 'Quintessa Bio Inc.'],
        effective_date: '2019-07-01',
        jurisdiction: 'Florida',
        term: '3 years',
      },
    );
  },
);

t.test(
  'Nordic companies with street addresses after their legal forms; an agreement that "remains in force"',
  async (t) => {
    readsAs(
      t,
      [
        'CONFIDENTIALITY AGREEMENT',
        '',
        'Date: 2024-02-19',
        '',
        'Between Tamsin Research AB, Storgatan 5, 111 22 Stockholm, Sweden ("Tamsin") and Kettleby Instruments Oy, Mannerheimintie',
        '20, 00100 Helsinki, Finland ("Kettleby").',
        '',
        '1. This agreement enters into force on the date of signature and remains in force for five (5) years.',
        '2. This agreement is governed by Swedish law. Disputes shall be settled by the courts of Stockholm.',
      ],
      {
        parties: ['Tamsin Research AB', 'Kettleby Instruments Oy'],
        effective_date: '2024-02-19',
        jurisdiction: 'Sweden',
        term: '5 years',
      },
    );
  },
);

t.test('a one-way agreement "by A in favor of B"', async (t) => {
  readsAs(
    t,
    [
      'ONE-WAY NON-DISCLOSURE AGREEMENT',
      '',
      'This One-Way Non-Disclosure Agreement (this "Agreement") is made as of December 1, 2008 (the "Effective Date") by',
      'Orrin Valley Pharmaceuticals, Inc., a New Jersey corporation ("Discloser"), in favor of Bellhaven Consulting Group, LLC,',
      'a Pennsylvania limited liability company ("Recipient").',
      '',
      'WHEREAS, Discloser wishes to disclose certain information to Recipient.',
      '',
      '6. Term. The term of this Agreement shall be six (6) years from the Effective Date.',
      '',
      '10. This Agreement shall be governed by and construed in accordance with the laws of the State of New Jersey.',
    ],
    {
      parties: ['Orrin Valley Pharmaceuticals, Inc.', 'Bellhaven Consulting Group, LLC'],
      effective_date: '2008-12-01',
      jurisdiction: 'New Jersey',
      term: '6 years',
    },
  );
});

t.test('effective "on the date it is signed by both parties": the later signature date', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Non-Disclosure Agreement is made between Copperline Audio Inc., a Minnesota corporation ("Copperline"), and',
      'Stellan Marsh ("Consultant"), and is effective on the date it is signed by both parties.',
      '',
      '3. Consultant shall keep all Confidential Information in confidence for a period of ten (10) years.',
      '',
      '8. This Agreement shall be governed by the laws of the State of Minnesota.',
      '',
      'COPPERLINE AUDIO INC.',
      'By: ______________________',
      'Name: Irene Calloway',
      'Title: CEO',
      'Date: June 3, 2019',
      '',
      'CONSULTANT',
      '______________________',
      'Stellan Marsh',
      'Date: June 4, 2019',
    ],
    {
      parties: ['Copperline Audio Inc.', 'Stellan Marsh'],
      effective_date: '2019-06-04',
      jurisdiction: 'Minnesota',
      term: '10 years',
    },
  );
});

t.test(
  'parties "with offices at" and "collectively the Parties"; the agreement\'s term before its survival',
  async (t) => {
    readsAs(
      t,
      [
        'MUTUAL NON-DISCLOSURE AGREEMENT',
        '',
        'This Mutual Non-Disclosure Agreement is entered into as of September 12, 2013 (the "Effective Date") by and between',
        'Harrowgate Cloud Services, Inc., with offices at 500 Lake Street, Chicago, IL 60601, and Ivybridge Payments Corp., with',
        'offices at 40 Market Square, Boston, MA 02109 (each a "Party" and collectively the "Parties").',
        '',
        '2. Term. This Agreement shall expire one (1) year from the Effective Date; provided that the obligations of',
        'confidentiality shall survive for three (3) years thereafter.',
        '',
        '9. Governing Law. This Agreement shall be governed by the laws of the State of Illinois.',
      ],
      {
        parties: ['Harrowgate Cloud Services, Inc.', 'Ivybridge Payments Corp.'],
        effective_date: '2013-09-12',
        jurisdiction: 'Illinois',
        term: '1 year',
      },
    );
  },
);

t.test('an Indian company and an LLP "hereinafter referred to as"; courts at a city', async (t) => {
  readsAs(
    t,
    [
      'NON DISCLOSURE AGREEMENT',
      '',
      'This Non Disclosure Agreement is executed on this 15th day of March 2022 by and between Saffronleaf Technologies Private',
      'Limited, a company incorporated under the Companies Act, 2013 and having its registered office at 14 MG Road, Bengaluru',
      '560001 (hereinafter referred to as the "Company") and Kaveri Data Labs LLP, a limited liability partnership having its',
      'office at 8 Park Street, Kolkata 700016 (hereinafter referred to as the "Vendor").',
      '',
      '5. This Agreement shall be valid for a period of three (3) years from the date of execution.',
      '',
      '9. This Agreement shall be governed by the laws of India and the courts at Bengaluru shall have exclusive jurisdiction.',
    ],
    {
      parties: ['Saffronleaf Technologies Private Limited', 'Kaveri Data Labs LLP'],
      effective_date: '2022-03-15',
      jurisdiction: 'India',
      term: '3 years',
    },
  );
});

t.test('an English company and a numeric date read day first; English law', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Agreement is dated 04/07/2019 and is made between Rowanby Aerospace Ltd, a company incorporated in England and',
      'Wales ("Rowanby"), and Halvorsen Composites AS, a company incorporated in Norway ("Halvorsen").',
      '',
      '5. This Agreement shall continue in force for two years from its date.',
      '',
      '9. This Agreement shall be governed by English law.',
    ],
    {
      parties: ['Rowanby Aerospace Ltd', 'Halvorsen Composites AS'],
      effective_date: '2019-07-04',
      jurisdiction: 'England and Wales',
      term: '2 years',
    },
  );
});

t.test('a Delaware company and an Italian one: a numeric date still read month first', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      '',
      'This Agreement is entered into as of 04/07/2019 by and between Bristlecone Data, Inc., a Delaware corporation',
      '("Bristlecone"), and Marchetti Ottica S.r.l., an Italian company with offices in Milan, Italy ("Marchetti").',
      '',
      '5. This Agreement shall remain in effect for two (2) years from the date first written above.',
      '',
      '9. This Agreement shall be governed by the laws of the State of Delaware.',
    ],
    {
      parties: ['Bristlecone Data, Inc.', 'Marchetti Ottica S.r.l.'],
      effective_date: '2019-04-07',
      jurisdiction: 'Delaware',
      term: '2 years',
    },
  );
});

t.test("a letter agreement: the addressee's company and the signing company", async (t) => {
  readsAs(
    t,
    [
      'Confidentiality Letter Agreement',
      '',
      'October 3, 2011',
      '',
      'Ms. Lydia Farrow',
      'Farrow Botanical Designs LLC',
      '18 Gardenia Way',
      'Savannah, GA 31401',
      '',
      'Dear Ms. Farrow:',
      '',
      'In connection with your consideration of a possible business arrangement with Thistledown Brands, Inc. (the "Company"),',
      'you have requested information concerning the Company. As a condition to your being furnished such information, you',
      'agree to treat it as confidential. This letter agreement shall terminate two years from the date hereof. This letter',
      'agreement shall be governed by the laws of the State of Georgia.',
      '',
      'Very truly yours,',
      'THISTLEDOWN BRANDS, INC.',
      'By: Gordon Pike, President',
      '',
      'Accepted and agreed: FARROW BOTANICAL DESIGNS LLC',
      'By: Lydia Farrow, Managing Member',
    ],
    {
      parties: ['THISTLEDOWN BRANDS, INC.', 'FARROW BOTANICAL DESIGNS LLC'],
      effective_date: '2011-10-03',
      jurisdiction: 'Georgia',
      term: '2 years',
    },
  );
});

t.test('parties described without aliases; trade secrets kept longer than the stated period', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'THIS NON-DISCLOSURE AGREEMENT is entered into effective June 30, 2010, by and between Amberfield Seeds Corporation, an',
      'Iowa corporation, and Prairie Wind Genetics, Inc., a Nebraska corporation.',
      '',
      "7. The Recipient's obligations with respect to Confidential Information shall continue for a period of seven (7) years",
      'following the Effective Date, except that obligations as to trade secrets shall continue for so long as such',
      'information remains a trade secret under applicable law.',
      '',
      '12. This Agreement shall be governed by the internal laws of the State of Iowa.',
    ],
    {
      parties: ['Amberfield Seeds Corporation', 'Prairie Wind Genetics, Inc.'],
      effective_date: '2010-06-30',
      jurisdiction: 'Iowa',
      term: '7 years',
    },
  );
});

t.test('a law chosen by its adjective before "Law" in capitals, after an arbitration institution', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY UNDERTAKING',
      '',
      'This Confidentiality Undertaking is made on 12 January 2021 between Valdora Ceramiche S.p.A., a company organised under',
      'the laws of Italy ("Valdora"), and Brightmoor Kilns Limited, a company registered in Scotland ("Brightmoor").',
      '',
      '4. The undertakings in this document shall remain in force for three (3) years.',
      '',
      '9. APPLICABLE LAW AND DISPUTES',
      'Any dispute shall be settled by arbitration under the rules of the Milan Chamber of Arbitration and shall be subject',
      'to the application of the Italian Law.',
    ],
    {
      parties: ['Valdora Ceramiche S.p.A.', 'Brightmoor Kilns Limited'],
      effective_date: '2021-01-12',
      jurisdiction: 'Italy',
      term: '3 years',
    },
  );
});

t.test('no choice of law: courts located in a city of a state give the state', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      '',
      'This Mutual Non-Disclosure Agreement is entered into as of July 7, 2015 by and between Granite Hollow Vineyards, Inc.',
      '("Granite Hollow") and Sundial Cooperage LLC ("Sundial").',
      '',
      '3. This Agreement shall remain in effect for two (2) years from the date first written above.',
      '',
      '8. Any action arising out of this Agreement shall be brought exclusively in the state or federal courts located in',
      'Fresno, California, and each party submits to the jurisdiction of such courts.',
    ],
    {
      parties: ['Granite Hollow Vineyards, Inc.', 'Sundial Cooperage LLC'],
      effective_date: '2015-07-07',
      jurisdiction: 'California',
      term: '2 years',
    },
  );
});

t.test('a university\'s board of trustees "with an address at", beside a company', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIAL DISCLOSURE AGREEMENT',
      '',
      'This Confidential Disclosure Agreement ("Agreement") is entered into as of February 14, 2022 ("Effective Date") by and',
      'between The Board of Trustees of Northvale State University, on behalf of its Department of Chemistry, with an address',
      'at 200 College Avenue, Northvale, Oregon 97301 ("University"), and Pellucid Materials, Inc., a Delaware corporation with',
      'an address at 9 Foundry Lane, Portland, Oregon 97201 ("Company").',
      '',
      '6. The obligations of this Agreement shall continue for a period of three (3) years from the Effective Date.',
      '',
      '9. This Agreement shall be governed by the laws of the State of Oregon.',
    ],
    {
      parties: ['The Board of Trustees of Northvale State University', 'Pellucid Materials, Inc.'],
      effective_date: '2022-02-14',
      jurisdiction: 'Oregon',
      term: '3 years',
    },
  );
});

t.test('"the laws of the State of X shall govern"; a term counted from the date first written above', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NONDISCLOSURE AGREEMENT',
      '',
      'THIS AGREEMENT is made as of the 3rd day of March, 2017, by and between Wrenfield Instruments Corporation ("Wrenfield")',
      'and Obsidian Arc Labs, LLC ("Obsidian").',
      '',
      '1. Definition. "Confidential Information" means any non-public information disclosed by either party.',
      '2. Term. This Agreement shall terminate three (3) years from the date first written above.',
      '3. Governing Law. The laws of the State of Colorado shall govern this Agreement.',
      '',
      'WRENFIELD INSTRUMENTS CORPORATION              OBSIDIAN ARC LABS, LLC',
      '',
      'By: ______________________________             By: ______________________________',
      'Name: Hollis Barrett                            Name: Simone Achterberg',
      'Title: President                                Title: Manager',
    ],
    {
      parties: ['Wrenfield Instruments Corporation', 'Obsidian Arc Labs, LLC'],
      effective_date: '2017-03-03',
      jurisdiction: 'Colorado',
      term: '3 years',
    },
  );
});

t.test('a person described as "an individual"; obligations for years after the date of the agreement', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Non-Disclosure Agreement (the "Agreement") is entered into on May 22, 2020 between Vantage Pointe Studios, Inc.',
      '("Company") and Jordan Ellery, an individual ("Recipient").',
      '',
      'Recipient agrees that the nondisclosure obligations shall remain in effect for two (2) years after the date of this',
      'Agreement.',
      '',
      'This Agreement shall be governed by the laws of the State of Tennessee.',
    ],
    {
      parties: ['Vantage Pointe Studios, Inc.', 'Jordan Ellery'],
      effective_date: '2020-05-22',
      jurisdiction: 'Tennessee',
      term: '2 years',
    },
  );
});

t.test('a "PARTIES:" heading over numbered Scottish and English companies; the law of Scotland', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'DATE: 8 November 2019',
      '',
      'PARTIES:',
      '1. MOSSGIEL DISTILLING COMPANY LIMITED, incorporated and registered in Scotland with company number SC123456',
      '   whose registered office is at 7 Barley Wynd, Perth PH1 5AA ("Mossgiel"); and',
      '2. OAKHURST CASK TRADING LIMITED, incorporated and registered in England and Wales with company number 07654321',
      '   whose registered office is at 18 Cooper Street, York YO1 7HT ("Oakhurst").',
      '',
      '5. The obligations in this agreement shall last for a period of five years from the date of this agreement.',
      '',
      '11. This agreement shall be governed by and construed in accordance with the law of Scotland.',
    ],
    {
      parties: ['MOSSGIEL DISTILLING COMPANY LIMITED', 'OAKHURST CASK TRADING LIMITED'],
      effective_date: '2019-11-08',
      jurisdiction: 'Scotland',
      term: '5 years',
    },
  );
});

t.test('"(hereinafter "Recipient")" aliases; a numeric effective date; a term in months', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Confidentiality Agreement (hereinafter the "Agreement") is made effective as of 10/01/2021 between Coldbrook Energy',
      'Partners, L.P. (hereinafter "Discloser") and Anita Raghunathan (hereinafter "Recipient").',
      '',
      'The term of this Agreement shall be for a period of eighteen (18) months from the effective date.',
      '',
      'This Agreement shall be governed in all respects by the laws of the State of Oklahoma.',
    ],
    {
      parties: ['Coldbrook Energy Partners, L.P.', 'Anita Raghunathan'],
      effective_date: '2021-10-01',
      jurisdiction: 'Oklahoma',
      term: '18 months',
    },
  );
});

t.test('disclosing and receiving parties in two columns under their labels', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'Effective Date: January 5, 2023',
      '',
      'Disclosing Party                              Receiving Party',
      'Name: Halcyon Grid Storage Inc.               Name: Tern Island Power Cooperative',
      'Address: 50 Battery Road, Austin, TX 78701     Address: 2 Harbor Lane, Kodiak, AK 99615',
      '',
      '1. The Receiving Party shall use the Confidential Information only for the Purpose.',
      '2. This Agreement shall remain in effect for three (3) years from the Effective Date.',
      '3. This Agreement is governed by the laws of the State of Texas.',
    ],
    {
      parties: ['Halcyon Grid Storage Inc.', 'Tern Island Power Cooperative'],
      effective_date: '2023-01-05',
      jurisdiction: 'Texas',
      term: '3 years',
    },
  );
});

t.test('parties described without aliases; obligations that expire years after the Effective Date', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      '',
      'This Nondisclosure Agreement is made and entered into effective as of April 18, 2016 by and between Kingfisher Seating',
      'Company, a Michigan corporation, and Larchmere Office Interiors, Inc., an Ohio corporation.',
      '',
      "4. Each party's obligations under this Agreement shall expire five (5) years after the Effective Date.",
      '',
      '10. This Agreement shall be governed by, and construed in accordance with, the internal laws of the State of Michigan.',
    ],
    {
      parties: ['Kingfisher Seating Company', 'Larchmere Office Interiors, Inc.'],
      effective_date: '2016-04-18',
      jurisdiction: 'Michigan',
      term: '5 years',
    },
  );
});

t.test(
  'a "between" block with addresses; in force "upon signature by both parties": the later dated signature',
  async (t) => {
    readsAs(
      t,
      [
        'NON-DISCLOSURE AGREEMENT',
        '',
        'between',
        '',
        'Feldhaus Antriebstechnik GmbH, Industriestrasse 14, 70565 Stuttgart, Germany',
        '- hereinafter referred to as "Feldhaus" -',
        '',
        'and',
        '',
        'Norrland Motion AB, Verkstadsgatan 3, 41707 Gothenburg, Sweden',
        '- hereinafter referred to as "Norrland" -',
        '',
        '1. This Agreement enters into force upon signature by both parties and shall remain in force for a period of three (3)',
        'years.',
        '2. This Agreement shall be governed by the laws of the Federal Republic of Germany.',
        '',
        'Stuttgart, 12.05.2020                             Gothenburg, 14.05.2020',
      ],
      {
        parties: ['Feldhaus Antriebstechnik GmbH', 'Norrland Motion AB'],
        effective_date: '2020-05-14',
        jurisdiction: 'Germany',
        term: '3 years',
      },
    );
  },
);

t.test('"having its principal place of business at" and the effective date after the parties', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL CONFIDENTIALITY AGREEMENT',
      '',
      'This Mutual Confidentiality Agreement is entered into by and between Saltmarsh Genomics, Inc., having its principal',
      'place of business at 80 Tide Street, Charleston, South Carolina 29401 ("Saltmarsh"), and Brindle Clinical Research,',
      'LLC, having its principal place of business at 14 Peachtree Plaza, Atlanta, Georgia 30303 ("Brindle"), effective as of',
      'September 9, 2019 (the "Effective Date").',
      '',
      'WHEREAS, the parties wish to evaluate a collaboration;',
      '',
      '7. This Agreement will expire two (2) years after the Effective Date.',
      '',
      '12. This Agreement will be governed by the laws of the State of South Carolina.',
    ],
    {
      parties: ['Saltmarsh Genomics, Inc.', 'Brindle Clinical Research, LLC'],
      effective_date: '2019-09-09',
      jurisdiction: 'South Carolina',
      term: '2 years',
    },
  );
});

t.test('a name with its trade name ("d/b/a"); a law firm with "&"', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Agreement is entered into as of June 1, 2010 between Rustbelt Fabrication Corp. d/b/a Ironline Works, a Pennsylvania',
      'corporation ("Ironline"), and Calloway & Finch LLP, a Pennsylvania limited liability partnership ("Counsel").',
      '',
      'This Agreement shall remain in effect for one (1) year from the date hereof.',
      '',
      'This Agreement shall be governed by the laws of the Commonwealth of Pennsylvania.',
    ],
    {
      parties: ['Rustbelt Fabrication Corp. d/b/a Ironline Works', 'Calloway & Finch LLP'],
      effective_date: '2010-06-01',
      jurisdiction: 'Pennsylvania',
      term: '1 year',
    },
  );
});

t.test('a term in words only ("twenty-four months"); a law under an "APPLICABLE LAW." heading', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AND NONDISCLOSURE AGREEMENT',
      '',
      'This Confidentiality and Nondisclosure Agreement is made effective the 7th day of January, 2013 by and between Meridian',
      'Owl Holdings, Inc., a Florida corporation ("Owner"), and Pelham Road Ventures, LLC, a Georgia limited liability company',
      '("Prospect").',
      '',
      'DURATION OF OBLIGATIONS. The obligations set forth herein shall continue for a period of twenty-four months from the',
      'date hereof.',
      '',
      'APPLICABLE LAW. This Agreement shall be governed by the laws of the State of Florida.',
    ],
    {
      parties: ['Meridian Owl Holdings, Inc.', 'Pelham Road Ventures, LLC'],
      effective_date: '2013-01-07',
      jurisdiction: 'Florida',
      term: '24 months',
    },
  );
});

t.test('Australian companies with their ABN; only the courts of a state: the state is the jurisdiction', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Agreement is made on 2 March 2018 between Kestrel Rock Mining Pty Ltd (ABN 12 345 678 901) ("Kestrel") and',
      'Wattle Creek Surveys Pty Ltd (ABN 98 765 432 109) ("Wattle").',
      '',
      "4. The Recipient's obligations continue for 3 years from the date of this Agreement.",
      '',
      '8. The parties submit to the exclusive jurisdiction of the courts of Queensland.',
    ],
    {
      parties: ['Kestrel Rock Mining Pty Ltd', 'Wattle Creek Surveys Pty Ltd'],
      effective_date: '2018-03-02',
      jurisdiction: 'Queensland',
      term: '3 years',
    },
  );
});

t.test('"the party identified below" named under "Company:" in the signature block', async (t) => {
  readsAs(
    t,
    [
      'EVALUATION AGREEMENT AND NONDISCLOSURE',
      '',
      'This Agreement is made as of October 30, 2015, between Brightwater Filtration Systems, Inc., a Wisconsin corporation',
      '("Brightwater"), and the party identified below ("Evaluator").',
      '',
      '3. Evaluator shall hold the Confidential Information in confidence for a period of five (5) years following its disclosure.',
      '',
      '9. This Agreement shall be governed by the laws of the State of Wisconsin.',
      '',
      'EVALUATOR:',
      'Company: Tallowtree Water Analytics LLC',
      'By: _______________________',
      'Name: Renata Solis',
    ],
    {
      parties: ['Brightwater Filtration Systems, Inc.', 'Tallowtree Water Analytics LLC'],
      effective_date: '2015-10-30',
      jurisdiction: 'Wisconsin',
      term: '5 years',
    },
  );
});

t.test('a name with "and" inside it beside another company', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      '',
      'This Mutual Non-Disclosure Agreement is effective as of July 1, 2021 by and between Thorne and Hale Engineering, Inc.',
      '("Thorne") and Bellweather Research Group, Inc. ("Bellweather").',
      '',
      'The term of this Agreement is four (4) years.',
      '',
      'This Agreement shall be governed by the laws of the State of Maryland.',
    ],
    {
      parties: ['Thorne and Hale Engineering, Inc.', 'Bellweather Research Group, Inc.'],
      effective_date: '2021-07-01',
      jurisdiction: 'Maryland',
      term: '4 years',
    },
  );
});

t.test('"and Recipient, as identified on the signature page": the role is named in the signature block', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Non-Disclosure Agreement is entered into as of May 4, 2020 between Alderwick Photonics, Inc., a Delaware corporation',
      '("Alderwick"), and Recipient, as identified on the signature page of this Agreement.',
      '',
      '2. Recipient shall keep the Confidential Information confidential for a period of three (3) years.',
      '5. This Agreement shall be governed by the laws of the State of Arizona.',
      '',
      'ALDERWICK PHOTONICS, INC.                    RECIPIENT',
      '',
      'By: ________________________                 QUAYLINE OPTICS LLC',
      'Name: Dora Whitlock                          By: ________________________',
      'Title: Vice President                        Name: Emil Sarkany',
    ],
    {
      parties: ['Alderwick Photonics, Inc.', 'QUAYLINE OPTICS LLC'],
      effective_date: '2020-05-04',
      jurisdiction: 'Arizona',
      term: '3 years',
    },
  );
});

t.test("an employee agreement in the first person, signed side by side with the company's officer", async (t) => {
  readsAs(
    t,
    [
      'EMPLOYEE CONFIDENTIALITY AGREEMENT',
      '',
      'In consideration of my employment by Northwind Tannery, Inc. (the "Company"), I agree as follows:',
      '',
      '1. I will hold all Confidential Information of the Company in strict confidence during my employment and for three (3)',
      'years thereafter.',
      '2. This Agreement shall be governed by the laws of the State of Vermont.',
      '',
      'Dated: April 4, 2016',
      '',
      'EMPLOYEE:                                   NORTHWIND TANNERY, INC.',
      '/s/ Colm Brady                              By: /s/ Ada Pritchard',
      'Colm Brady                                  Ada Pritchard, President',
    ],
    {
      parties: ['Northwind Tannery, Inc.', 'Colm Brady'],
      effective_date: '2016-04-04',
      jurisdiction: 'Vermont',
      term: '3 years',
    },
  );
});

t.test(
  '"The undersigned, A ("Recipient"), hereby agrees with B", effective as of a date after the parties',
  async (t) => {
    readsAs(
      t,
      [
        'CONFIDENTIALITY AGREEMENT',
        '',
        'The undersigned, Priya Castellanos ("Recipient"), hereby agrees with Loomwright Analytics LLC ("Loomwright") as follows,',
        'effective as of November 2, 2020:',
        '',
        '1. Recipient shall not disclose Confidential Information for a period of two (2) years from the effective date hereof.',
        '2. This Agreement shall be governed by the laws of the State of Connecticut.',
      ],
      {
        parties: ['Priya Castellanos', 'Loomwright Analytics LLC'],
        effective_date: '2020-11-02',
        jurisdiction: 'Connecticut',
        term: '2 years',
      },
    );
  },
);

t.test('parties and the effective date on label lines at the top', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'Company:        Ravensgate Aerial Imaging, Inc.',
      'Recipient:      Fenmore Cartography LLC',
      'Effective Date: 09/15/2018',
      '',
      "1. Recipient shall hold the Company's Confidential Information in confidence.",
      '2. The obligations of this Agreement shall continue for five (5) years from the Effective Date.',
      '3. This Agreement shall be governed by the laws of the State of Nevada.',
    ],
    {
      parties: ['Ravensgate Aerial Imaging, Inc.', 'Fenmore Cartography LLC'],
      effective_date: '2018-09-15',
      jurisdiction: 'Nevada',
      term: '5 years',
    },
  );
});

t.test('"shall terminate five years from the date hereof"', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NONDISCLOSURE AGREEMENT',
      '',
      'This Agreement is entered into as of the 19th day of August, 2011 by and between Calder Ridge Therapeutics, Inc.',
      '("Calder") and Sorrento Bay Biologics, Inc. ("Sorrento").',
      '',
      "9. This Agreement and the parties' obligations hereunder shall terminate five years from the date hereof.",
      '10. This Agreement shall be governed by the laws of the State of California, without regard to its conflicts of law',
      'provisions.',
    ],
    {
      parties: ['Calder Ridge Therapeutics, Inc.', 'Sorrento Bay Biologics, Inc.'],
      effective_date: '2011-08-19',
      jurisdiction: 'California',
      term: '5 years',
    },
  );
});

t.test('terminable at any time on notice; obligations surviving for years give the term', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      '',
      'This Nondisclosure Agreement is made as of January 28, 2019 by and between Foxglove Payments Inc. ("Foxglove") and',
      'Marram Dune Capital LP ("Marram").',
      '',
      '8. Either party may terminate this Agreement at any time upon thirty (30) days written notice to the other party. The',
      'obligations of the Recipient under this Agreement shall survive for a period of three (3) years following any',
      'termination.',
      '9. This Agreement shall be governed by the laws of the State of New York.',
    ],
    {
      parties: ['Foxglove Payments Inc.', 'Marram Dune Capital LP'],
      effective_date: '2019-01-28',
      jurisdiction: 'New York',
      term: '3 years',
    },
  );
});

t.test('"expire on the third anniversary of the date hereof"; a date with an ordinal day', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Confidentiality Agreement is dated as of June 5th, 2014, between Bramblecote Orchards, Inc. ("Bramblecote") and',
      'Whitby Cider Company ("Whitby").',
      '',
      '7. This Agreement shall expire on the third anniversary of the date hereof.',
      '8. This Agreement shall be governed by and construed in accordance with the laws of the State of Washington.',
    ],
    {
      parties: ['Bramblecote Orchards, Inc.', 'Whitby Cider Company'],
      effective_date: '2014-06-05',
      jurisdiction: 'Washington',
      term: '3 years',
    },
  );
});

t.test('"Effective as of D, A and B agree"; obligations counted from the last disclosure', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      '',
      'Effective as of October 12, 2022, Cinderford Robotics Ltd ("Cinderford") and Palisade Automation Inc. ("Palisade") agree',
      'as follows:',
      '',
      '1. The obligations of each party shall continue for a period of three (3) years after the date of the last disclosure',
      'of Confidential Information hereunder.',
      '2. This Agreement shall be governed by the laws of the State of Delaware.',
    ],
    {
      parties: ['Cinderford Robotics Ltd', 'Palisade Automation Inc.'],
      effective_date: '2022-10-12',
      jurisdiction: 'Delaware',
      term: '3 years',
    },
  );
});

t.test('a Singapore company and a New Zealand one; the laws and courts of a country', async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Agreement is made on 1 June 2016 between Aurelian Software Pte. Ltd., a company incorporated in Singapore',
      '("Aurelian"), and Kiwa Health Limited, a company incorporated in New Zealand ("Kiwa").',
      '',
      '6. This Agreement continues in force for two (2) years from the date of this Agreement.',
      '7. This Agreement is governed by the laws of Singapore and the parties submit to the non-exclusive jurisdiction of the',
      'courts of Singapore.',
    ],
    {
      parties: ['Aurelian Software Pte. Ltd.', 'Kiwa Health Limited'],
      effective_date: '2016-06-01',
      jurisdiction: 'Singapore',
      term: '2 years',
    },
  );
});

t.test('parties named only in the heading under the title', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      'BETWEEN SPARROWHAWK FREIGHT, INC. AND LODESTAR CUSTOMS BROKERS, LLC',
      '',
      'This Mutual Non-Disclosure Agreement is effective as of March 3, 2021 (the "Effective Date").',
      '',
      "1. Each party shall protect the other's Confidential Information for two (2) years from the Effective Date.",
      '2. This Agreement shall be governed by the laws of the State of Kentucky.',
    ],
    {
      parties: ['SPARROWHAWK FREIGHT, INC.', 'LODESTAR CUSTOMS BROKERS, LLC'],
      effective_date: '2021-03-03',
      jurisdiction: 'Kentucky',
      term: '2 years',
    },
  );
});

t.test('a "Dated:" line above "A and B agree as follows": the date is no party', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      '',
      'Dated: December 12, 2012',
      '',
      'Ashcombe Robotics Corp., a Delaware corporation ("Ashcombe"), and Tillerman Marine Systems, Inc., a Maine corporation',
      '("Tillerman"), agree as follows, effective as of the date first written above:',
      '',
      '5. This Agreement shall remain in effect for a period of one (1) year.',
      '6. This Agreement shall be governed by the laws of the State of Maine.',
    ],
    {
      parties: ['Ashcombe Robotics Corp.', 'Tillerman Marine Systems, Inc.'],
      effective_date: '2012-12-12',
      jurisdiction: 'Maine',
      term: '1 year',
    },
  );
});

t.test("a letter agreement on the company's letterhead, accepted by the addressee fund", async (t) => {
  readsAs(
    t,
    [
      '                                                              STONEBRIDGE HOLDINGS, INC.',
      '                                                              400 Canal Street',
      '                                                              Richmond, Virginia 23219',
      '',
      '                                                              March 8, 2018',
      '',
      'PERSONAL AND CONFIDENTIAL',
      '',
      'Alderbank Capital Partners, L.P.',
      '1200 Avenue of the Americas',
      'New York, NY 10036',
      '',
      'Ladies and Gentlemen:',
      '',
      'In connection with your consideration of a possible negotiated transaction (a "Transaction") involving Stonebridge',
      'Holdings, Inc. (together with its subsidiaries, the "Company"), the Company is prepared to make available to you certain',
      'information concerning the business of the Company. As a condition to such information being furnished to you, you',
      'agree to treat the Evaluation Material in accordance with the provisions of this letter agreement.',
      '',
      'This letter agreement shall be governed by and construed in accordance with the laws of the Commonwealth of Virginia.',
      'Your obligations under this letter agreement shall expire two (2) years from the date hereof.',
      '',
      '                                                              Very truly yours,',
      '',
      '                                                              STONEBRIDGE HOLDINGS, INC.',
      '',
      '                                                              By: /s/ Lionel Parrish',
      '                                                              Name: Lionel Parrish',
      '                                                              Title: Chief Financial Officer',
      '',
      'Accepted and agreed as of the date first written above:',
      '',
      'ALDERBANK CAPITAL PARTNERS, L.P.',
      '',
      'By: /s/ Marisa Okonjo',
      'Name: Marisa Okonjo',
      'Title: Partner',
    ],
    {
      parties: ['STONEBRIDGE HOLDINGS, INC.', 'ALDERBANK CAPITAL PARTNERS, L.P.'],
      effective_date: '2018-03-08',
      jurisdiction: 'Virginia',
      term: '2 years',
    },
  );
});

t.test('a letter from a bidder to a company it defines by a short name', async (t) => {
  readsAs(
    t,
    [
      'June 17, 2013',
      '',
      'Thornbury Medical Devices Corp.',
      '88 Innovation Way',
      'Minneapolis, MN 55401',
      'Attention: Grace Lindahl, Chief Executive Officer',
      '',
      'Re: Confidentiality Agreement',
      '',
      'Dear Ms. Lindahl:',
      '',
      'Halloway Surgical Group, Inc. ("Halloway") has requested information regarding Thornbury Medical Devices Corp. (the',
      '"Company") in connection with its evaluation of a possible business combination. In consideration of the Company',
      'furnishing such information, Halloway agrees as follows.',
      '',
      'The obligations set forth in this letter shall remain in effect for a period of eighteen (18) months from the date of',
      'this letter. This letter shall be governed by the laws of the State of Minnesota.',
      '',
      'Sincerely,',
      'HALLOWAY SURGICAL GROUP, INC.',
      'By: /s/ Terrence Vail',
      '',
      'Agreed and accepted:',
      'THORNBURY MEDICAL DEVICES CORP.',
      'By: /s/ Grace Lindahl',
    ],
    {
      parties: ['HALLOWAY SURGICAL GROUP, INC.', 'THORNBURY MEDICAL DEVICES CORP.'],
      effective_date: '2013-06-17',
      jurisdiction: 'Minnesota',
      term: '18 months',
    },
  );
});

t.test('a term with a survival period after it; courts in a county of the same state', async (t) => {
  readsAs(
    t,
    [
      'STANDARD MUTUAL NON-DISCLOSURE AGREEMENT',
      '',
      'This Mutual Non-Disclosure Agreement ("Agreement") is made and entered into as of the 22nd day of September, 2015 (the',
      '"Effective Date"), by and between Greenhaven Turf Supply Co., with a principal place of business at 1 Meadow Road,',
      'Lincoln, NE 68508 ("Greenhaven"), and Prairie Sod Farms, Inc., with a principal place of business at 77 Route 6,',
      'Kearney, NE 68847 ("Prairie").',
      '',
      "9. Term. The term of this Agreement is three (3) years from the Effective Date. The Receiving Party's obligations with",
      'respect to Confidential Information disclosed during the term shall survive for two (2) years after the expiration or',
      'termination of this Agreement.',
      '',
      '10. Governing Law and Jurisdiction. This Agreement shall be governed by the laws of the State of Nebraska, and the',
      'parties consent to the exclusive jurisdiction of the state and federal courts located in Lancaster County, Nebraska.',
    ],
    {
      parties: ['Greenhaven Turf Supply Co.', 'Prairie Sod Farms, Inc.'],
      effective_date: '2015-09-22',
      jurisdiction: 'Nebraska',
      term: '3 years',
    },
  );
});

t.test('"the individual whose name appears on the signature page": the person signing at the end', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIAL INFORMATION AND INVENTION ASSIGNMENT AGREEMENT',
      '',
      'This Agreement is entered into as of May 1, 2017 between Quillfeather Software, Inc., a Delaware corporation (the',
      '"Company"), and the individual whose name appears on the signature page hereto ("Employee").',
      '',
      "Employee's obligations under Section 2 shall continue during employment and for five (5) years thereafter.",
      '',
      'This Agreement shall be governed by the laws of the State of California.',
      '',
      'EMPLOYEE',
      '',
      '/s/ Tobias Renwick',
      'Tobias Renwick',
    ],
    {
      parties: ['Quillfeather Software, Inc.', 'Tobias Renwick'],
      effective_date: '2017-05-01',
      jurisdiction: 'California',
      term: '5 years',
    },
  );
});

t.test("parties in a table's rows, each beside its role; a date row above them", async (t) => {
  readsAs(
    t,
    [
      'NON-DISCLOSURE AGREEMENT',
      '',
      'This Agreement is made on the date set out in the table below between the parties named in it.',
      '',
      'Date                 14 August 2023',
      'Company              Juniper Wharf Software Limited (company number 11223344)',
      'Counterparty         Brackenfield Consulting LLP (registered number OC401234)',
      '',
      "1. Each party shall keep the other party's Confidential Information confidential for three years from the date of this",
      'Agreement.',
      '2. This Agreement is governed by the law of England and Wales.',
    ],
    {
      parties: ['Juniper Wharf Software Limited', 'Brackenfield Consulting LLP'],
      effective_date: '2023-08-14',
      jurisdiction: 'England and Wales',
      term: '3 years',
    },
  );
});

t.test(
  '"the person or entity whose signature appears below": named under its role in the signature block',
  async (t) => {
    readsAs(
      t,
      [
        'NON-DISCLOSURE AGREEMENT',
        '',
        'This Agreement is made as of May 1, 2019 by and between HALDEN TOOLS, INC., an Ohio corporation (the "Disclosing',
        'Party"), and the person or entity whose signature appears below (the "Receiving Party").',
        '',
        '4. The Receiving Party shall keep the Confidential Information confidential for two (2) years.',
        '9. This Agreement shall be governed by the laws of the State of Ohio.',
        '',
        'RECEIVING PARTY:',
        'FERRO QUAY LLC',
        'By: ____________',
      ],
      {
        parties: ['HALDEN TOOLS, INC.', 'FERRO QUAY LLC'],
        effective_date: '2019-05-01',
        jurisdiction: 'Ohio',
        term: '2 years',
      },
    );
  },
);

t.test(
  'a term under its label ("Term of Confidentiality: 5 years") is the period, not the label\'s next word',
  async (t) => {
    readsAs(
      t,
      [
        'NON-DISCLOSURE AGREEMENT',
        '',
        'This Agreement is made on March 1, 2011 between Acme Widgets, Inc. and Beta Parts LLC, each a party.',
        '',
        'Term of Confidentiality: 5 years',
        'Governing Law: State of Ohio',
      ],
      {
        parties: ['Acme Widgets, Inc.', 'Beta Parts LLC'],
        effective_date: '2011-03-01',
        jurisdiction: 'Ohio',
        term: '5 years',
      },
    );
  },
);
