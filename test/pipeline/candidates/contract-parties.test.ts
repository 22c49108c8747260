import t from 'tap';
import { contractPartiesGenerator } from '../../../src/pipeline/extract/candidates/contract-parties.js';
import { isAddressOnly } from '../../../src/pipeline/extract/candidates/letterhead-lines.js';
import { partiesListCandidate } from '../../../src/pipeline/extract/candidates/parties-list.js';
import { partyAliases } from '../../../src/pipeline/extract/candidates/party-aliases.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function best(text: string): unknown {
  const candidates = contractPartiesGenerator.generate(buildDocumentModel(text));
  candidates.sort((a, b) => b.kindConfidence - a.kindConfidence);
  return candidates[0]?.value;
}

t.test('parties by and between, without aliases, descriptions or addresses', async (t) => {
  t.same(
    best(
      'This Supply Agreement (the "Agreement") is made as of April 4, 2016 by and between Acme Widgets, Inc., a Delaware corporation ("Acme"), with offices at 12 Main Street, Springfield, and Beta Parts GmbH, having its registered office at Hauptstrasse 3, Berlin ("Supplier").\nWHEREAS, Acme makes widgets.',
    ),
    ['Acme Widgets, Inc.', 'Beta Parts GmbH'],
  );
});

t.test('three parties listed by and among, and a person', async (t) => {
  t.same(
    best(
      'THIS AGREEMENT is entered into by and among HOLLOWAY, INC. (the "Company"), JAMES W. PARKER III ("Parker") and PARKER MEDIA, INC. ("Parker Media"), effective as of July 9, 1996.',
    ),
    ['HOLLOWAY, INC.', 'JAMES W. PARKER III', 'PARKER MEDIA, INC.'],
  );
  t.same(
    best('This Agreement is entered into between Alpha Corp., Beta LLC and Gamma Ltd. Each party agrees as follows.'),
    ['Alpha Corp.', 'Beta LLC', 'Gamma Ltd.'],
  );
});

t.test('a party block: BETWEEN, a name, AND, a name', async (t) => {
  t.same(
    best(
      [
        'SUPPLY AGREEMENT',
        'BETWEEN:',
        'ORGANIC FOODS INC.',
        '2nd Floor, Harbour House',
        '"the Manufacturer"',
        '-- AND --',
        'GREEN HOLDING LIMITED',
        'WHEREAS the parties wish to trade.',
      ].join('\n'),
    ),
    ['ORGANIC FOODS INC.', 'GREEN HOLDING LIMITED'],
  );
});

t.test('an opening sentence that names the parties before they agree', async (t) => {
  t.same(
    best(
      'ADVISORY AGREEMENT\n\nNorth Labs, Inc., with a place of business at 218 Oak Avenue ("North") and VELORA B.V having an address at Zwolle ("Adviser") agree to all terms of this Agreement.',
    ),
    ['North Labs, Inc.', 'VELORA B.V'],
  );
});

t.test('the value is a list and states the parties relation', async (t) => {
  const [candidate] = contractPartiesGenerator.generate(
    buildDocumentModel('An agreement between Alpha Inc. and Beta Ltd. Both agree.'),
  );
  t.equal(candidate?.kind, 'organization');
  t.same(candidate?.relations, ['parties']);
  t.ok(Array.isArray(candidate?.value));
});

t.test('signature blocks name the parties when no clause does, as a weaker statement', async (t) => {
  const text = [
    'The undersigned agree to file jointly.',
    'IN WITNESS WHEREOF, the undersigned execute this Agreement.',
    '                          ALPHA FUND, L.P.',
    '',
    '                          By: Alpha GP, LLC, its General Partner',
    '                          By:  /s/ Jane Roe',
    '                          Name: Jane Roe',
    '                          BETA PARTNERS, LLC',
    '                          By:  /s/ John Doe',
  ].join('\n');
  const candidates = contractPartiesGenerator.generate(buildDocumentModel(text));
  t.same(
    candidates.map((candidate) => candidate.value),
    [['ALPHA FUND, L.P.', 'BETA PARTNERS, LLC']],
  );
  t.ok((candidates[0]?.kindConfidence ?? 1) < 0.9);
});

t.test('an agreement made on a numeric date by two parties', async (t) => {
  t.same(
    best(
      'This Mutual Nondisclosure Agreement is made as of 9/4/12 by Orion Systems Corp., a Delaware corporation, and Bright Labs LLC, a California limited liability company.',
    ),
    ['Orion Systems Corp.', 'Bright Labs LLC'],
  );
});

t.test('a clause naming the parties by their defined short names reads their legal names', async (t) => {
  t.same(
    best(
      [
        'KNOW ALL MEN BY THESE PRESENTS that NORTHWIND HOLDINGS COMPANY, a statutory trust organized under the laws of the State of Delaware',
        '(the "Adviser"), does hereby appoint Bay Street Services, Inc. ("BSS") as its agent.',
        'BSS acts pursuant to the Services Agreement between the Adviser and BSS dated as of February 1, 2006.',
      ].join('\n'),
    ),
    ['NORTHWIND HOLDINGS COMPANY', 'Bay Street Services, Inc.'],
  );
  t.same(
    [...partyAliases('The undersigned is a shareholder of Tern Dental Supply, Inc. ("TDS"), a Delaware corporation.')],
    [['tds', 'Tern Dental Supply, Inc.']],
  );
});

t.test(
  'a name ends at its legal form before an address or a title, and keeps a word in parentheses it goes on after',
  async (t) => {
    t.same(
      best(
        'THIS AGREEMENT is made between ORGANIC FOODS INC. 2nd Floor, Harbour House, Port Vila and OCEAN TRADING LIMITED ("Buyer").',
      ),
      ['ORGANIC FOODS INC.', 'OCEAN TRADING LIMITED'],
    );
    t.same(
      best(
        'This Agreement is entered into by and among RIVER PARTNERS (CAYMAN) FEEDER, L.P. ("River") and Hill Capital LLC ("Hill").',
      ),
      ['RIVER PARTNERS (CAYMAN) FEEDER, L.P.', 'Hill Capital LLC'],
    );
  },
);

t.test('a rule of dashes under the line above does not hide the next party', async (t) => {
  t.same(
    best(
      [
        'THIS ALLIANCE AGREEMENT is made as of 28 October, 1996, between NORTHERN HARBOUR LIMITED, a Canadian corporation ("NHL"), and',
        '                                                                  ---',
        'TRELLIS TECHNOLOGIES INC., a Maryland corporation ("TTI").',
      ].join('\n'),
    ),
    ['NORTHERN HARBOUR LIMITED', 'TRELLIS TECHNOLOGIES INC.'],
  );
});

t.test("parties named under their roles' labels", async (t) => {
  t.same(
    best(
      [
        'CONFIDENTIAL DISCLOSURE AGREEMENT',
        '',
        'Effective Date: July 6, 2021',
        '',
        'Disclosing Party: Orbital Dynamics Ltd, a company registered in England and Wales',
        'Receiving Party:',
        'Kestrel Consulting Limited',
        '',
        'The parties agree as follows.',
      ].join('\n'),
    ),
    ['Orbital Dynamics Ltd', 'Kestrel Consulting Limited'],
  );
  t.same(best('Company: Acme Ltd\nThe Company shall keep records.'), undefined, 'one role names no list of parties');
});

t.test('a numbered list of parties under BETWEEN:, each ending "; and"', async (t) => {
  t.same(
    best(
      [
        'THIS AGREEMENT dated as of 12 March 2019 is made',
        '',
        'BETWEEN:',
        '',
        '(1) NORTHGATE PROPERTIES LIMITED, a company incorporated in England and Wales whose registered office is at 1 King Street, London ("Northgate"); and',
        '',
        '(2) ASHFORD CAPITAL PARTNERS LLP, a limited liability partnership ("Ashford").',
      ].join('\n'),
    ),
    ['NORTHGATE PROPERTIES LIMITED', 'ASHFORD CAPITAL PARTNERS LLP'],
  );
});

t.test('the date that opens the sentence naming the parties is none of them', async (t) => {
  t.same(
    best(
      'NON-DISCLOSURE AGREEMENT\n\nEffective as of August 15, 2022, Lakeside Medical Group, P.C., located at 400 Lake Drive, Chicago ("Discloser"), and Vertex IT Services, Inc. ("Recipient"), agree as follows:',
    ),
    ['Lakeside Medical Group, P.C.', 'Vertex IT Services, Inc.'],
  );
});

t.test('signatories over their "By:" lines, blocks side by side read by column', async (t) => {
  const values = (text: string) =>
    contractPartiesGenerator
      .generate(buildDocumentModel(text))
      .filter((candidate) => candidate.layout === 'none')
      .map((candidate) => candidate.value);
  t.same(
    values(
      [
        'IN WITNESS WHEREOF, the parties have signed this Agreement.',
        '',
        'HELIOS ENERGY CORPORATION                QUANTUM LEAP SOFTWARE, INC.',
        'By: /s/ A. Brown                         By: /s/ C. Davis',
        'Name: Alice Brown                        Name: Carl Davis',
      ].join('\n'),
    ),
    [['HELIOS ENERGY CORPORATION', 'QUANTUM LEAP SOFTWARE, INC.']],
  );
  t.same(
    values(
      [
        'Northwind Traders, Inc.',
        'By: ______________',
        'Name: John Doe',
        '',
        'RECIPIENT',
        'By: ______________',
        '',
        'Bayside Labs LLC',
        'By: ______________',
      ].join('\n'),
    ),
    [['Northwind Traders, Inc.', 'Bayside Labs LLC']],
    'a name ending in a legal form; a role heading is no name',
  );
});

t.test("a role's label before a name, and a person's address after 'of', are no part of the name", async (t) => {
  t.same(
    best(
      'This Confidentiality Agreement is made on 3/7/2018 by and between:\nDisclosing Party: Silverline Software Inc., located at 900 Market Street\nand\nReceiving Party: Marcus Webb, residing at 17 Oak Lane\n\n1. The Receiving Party agrees.',
    ),
    ['Silverline Software Inc.', 'Marcus Webb'],
  );
  t.same(
    best(
      'This agreement is between Oakridge Pharmaceuticals plc ("Oakridge") of 1 Science Park, Cambridge CB4 0FZ and Dr Emily Carter of 14 Mill Road, Oxford OX4 1RA ("Consultant").',
    ),
    ['Oakridge Pharmaceuticals plc', 'Dr Emily Carter'],
  );
  t.same(
    best(
      'BETWEEN\n\n(1) HARTLEY & COLE LLP; and\n\n(2) SARAH JANE THOMPSON of Flat 3, 19 Victoria Road, Cambridge CB4 3BW.',
    ),
    ['HARTLEY & COLE LLP', 'SARAH JANE THOMPSON'],
  );
  t.same(
    best(
      'This Agreement is entered into by and between Bluebonnet Health Partners, P.A. (the "Employer") and Maria Gonzalez.',
    ),
    ['Bluebonnet Health Partners, P.A.', 'Maria Gonzalez'],
    'a professional association keeps its form',
  );
});

t.test('a numbered list of parties under a PARTIES heading, each over several lines', async (t) => {
  t.same(
    best(
      [
        'THIS AGREEMENT is dated 14 March 2021',
        '',
        'PARTIES',
        '',
        '(1) NORTHGATE SYSTEMS LIMITED incorporated and registered in England and Wales with',
        'company number 08812345 whose registered office is at 5 Mill Lane, Leeds LS1 4AB (the',
        '"Company"); and',
        '',
        '(2) PETER HALL of 22 Elm Road, York YO1 7XX (the "Recipient").',
        '',
        'BACKGROUND',
        '',
        '1. The Company wishes to disclose information.',
      ].join('\n'),
    ),
    ['NORTHGATE SYSTEMS LIMITED', 'PETER HALL'],
  );
});

t.test('a comma that ends a description over a line break lists no further party', async (t) => {
  t.same(
    best(
      [
        'BY AND BETWEEN',
        '',
        'Tarangini Technologies Private Limited, a company incorporated under the Companies Act,',
        '1956 having its registered office at 12 MG Road, Bengaluru 560001 of the ONE PART;',
        '',
        'AND',
        '',
        'Veda Solutions Pvt. Ltd., a company incorporated under the Companies Act, 2013 having',
        'its registered office at 7 Nehru Place, New Delhi 110019 of the OTHER PART.',
      ].join('\n'),
    ),
    ['Tarangini Technologies Private Limited', 'Veda Solutions Pvt. Ltd.'],
  );
});

t.test("the address lines under a listed party's name name no other party", async (t) => {
  t.same(
    best(
      [
        '1. PARTIES',
        '',
        'Northfield Holdings, Inc.,',
        '220 W. Fourth Street,',
        'Suite 900 Springfield,',
        'IL 62701',
        '',
        'and',
        '',
        'Lakeview Capital LLC',
      ].join('\n'),
    ),
    ['Northfield Holdings, Inc.', 'Lakeview Capital LLC'],
  );
});

t.test('a list of parties leaves out address lines, and keeps two names or none', async (t) => {
  const model = buildDocumentModel(['If to Northfield:', '220 W. Fourth Street', 'Springfield, IL 62701'].join('\n'));
  const listed = partiesListCandidate(
    model,
    ['Northfield Holdings, Inc.', '220 W. Fourth Street', 'Lakeview Capital LLC'],
    { first: 0, last: 2 },
    0.9,
    'prose',
  );
  t.same(listed[0]?.value, ['Northfield Holdings, Inc.', 'Lakeview Capital LLC']);
  t.same(
    partiesListCandidate(
      model,
      ['Northfield Holdings, Inc.', 'Springfield, IL 62701'],
      { first: 0, last: 2 },
      0.9,
      'prose',
    ),
    [],
  );
  t.ok(isAddressOnly('220 W. Fourth Street'));
  t.notOk(isAddressOnly('Northfield Holdings, Inc., 220 W. Fourth Street'), 'a company with its address is a name');
});

t.test('"and" and commas inside a name', async (t) => {
  t.same(
    best(
      'THIS AGREEMENT is made and entered into as of the 1st day of November, 2004, by and between CEDAR RIDGE PIPELINE COMPANY, a Delaware Corporation, hereinafter referred to as "Operator" and LAKELAND WATER AND POWER COMPANY, a Vermont Corporation, hereinafter referred to as "Customer." Operator and Customer are together called the "Parties."',
    ),
    ['CEDAR RIDGE PIPELINE COMPANY', 'LAKELAND WATER AND POWER COMPANY'],
    'a plain "and" before the only described piece joins a name when every other party is described',
  );
  t.same(
    best('This Agreement is entered into between Acme Inc. and Beta Partners, a Texas partnership. Both agree.'),
    ['Acme Inc.', 'Beta Partners'],
    'a party with a legal form before "and" stays apart',
  );
  t.same(
    best(
      'This Engagement Letter is entered into between Brookvale Bancorp, Inc. ("Company") and Marlow, Finch & Partners, Inc. ("Advisor").',
    ),
    ['Brookvale Bancorp, Inc.', 'Marlow, Finch & Partners, Inc.'],
    "surnames before a firm's ampersand",
  );
});

t.test("the agreement's opening sentence names the parties ahead of a heading's 'between'", async (t) => {
  t.same(
    best(
      [
        '      RATE AGREEMENT',
        'BETWEEN ACME AND CEDAR RIDGE PIPELINE COMPANY',
        '                                 Support Bundle No: 52318',
        '',
        'THIS AGREEMENT is made and entered into as of the 1st day of November, 2004, by and between CEDAR RIDGE PIPELINE',
        'COMPANY, a Delaware Corporation ("Operator") and ACME POWER COMPANY, a Vermont Corporation ("Customer").',
      ].join('\n'),
    ),
    ['CEDAR RIDGE PIPELINE COMPANY', 'ACME POWER COMPANY'],
  );
});

t.test('a letter-spaced BETWEEN over parties each described on the lines under its name', async (t) => {
  t.same(
    best(
      [
        'THIS AGREEMENT made the 22nd day of July, 2006.',
        '',
        'B E T W E E N:',
        '',
        'VINE MINERALS LTD.,',
        'a company incorporated under the laws of British Columbia',
        '(hereinafter called "Vine")',
        'OF THE FIRST PART',
        '',
        'AND:',
        '',
        'WILLOW EXPLORATION CORP.,',
        'a company incorporated under the laws of Ontario',
        'OF THE SECOND PART',
      ].join('\n'),
    ),
    ['VINE MINERALS LTD.', 'WILLOW EXPLORATION CORP.'],
  );
});

t.test('a Parties heading over one paragraph per party, a register number after the legal form', async (t) => {
  t.same(
    best(
      [
        'Date: 15 August 2019',
        '',
        'Parties',
        '',
        'Wattle Creek Mining Pty Ltd ACN 123 456 789 of Level 4, 100 Queen Street, Brisbane QLD 4000 (Discloser)',
        '',
        'Banksia Consulting Pty Ltd ACN 987 654 321 of 22 George Street, Sydney NSW 2000 (Recipient)',
        '',
        '1. The Recipient must keep the Confidential Information confidential.',
      ].join('\n'),
    ),
    ['Wattle Creek Mining Pty Ltd', 'Banksia Consulting Pty Ltd'],
  );
});

t.test(
  '"Sdn. Bhd." does not end the sentence, a capital AND after an alias separates, and "Name of" before a role label',
  async (t) => {
    t.same(
      best(
        'This Agreement is made on 03 June 2019 between Lotus Bay Technologies Pte. Ltd., a company incorporated in Singapore ("Lotus Bay") AND Mangrove Analytics Sdn. Bhd., a company incorporated in Malaysia ("Mangrove").',
      ),
      ['Lotus Bay Technologies Pte. Ltd.', 'Mangrove Analytics Sdn. Bhd.'],
    );
    t.same(
      best(
        'NON-DISCLOSURE AGREEMENT\n\nName of Disclosing Party: Juniper Ridge Foods, Inc.\nName of Receiving Party: Kendall Marketing Group LLC\nDate: June 3rd, 2019',
      ),
      ['Juniper Ridge Foods, Inc.', 'Kendall Marketing Group LLC'],
    );
  },
);

t.test('a party the opening refers to a schedule for is the name the schedule gives its role', async (t) => {
  t.same(
    best(
      [
        'FRANCHISE AGREEMENT',
        '',
        'Between ACME BURGERS CORPORATION a company incorporated in Florida ("ABC")',
        '',
        'AND The party named as the Franchisee in SCHEDULE 1 annexed hereto (the "Franchisee")',
        '',
        'INTRODUCTION',
        '',
        'A. ABC has developed a system of restaurants.',
        '',
        'SCHEDULE 1 TO FRANCHISE AGREEMENT',
        '',
        'The Franchisee: POLANIA FOODS SP. Z O.O.',
      ].join('\n'),
    ),
    ['ACME BURGERS CORPORATION', 'POLANIA FOODS SP. Z O.O.'],
  );
});

t.test('a "Parties:" label at a line\'s start introduces the party clause; mid-sentence it does not', async (t) => {
  t.same(
    best(
      [
        'STANDSTILL AGREEMENT',
        '',
        'Dated: September 9, 2013',
        '',
        'Parties: Harbor Capital Management, L.P. ("Harbor") and Eastline Retail Corp. ("Eastline").',
      ].join('\n'),
    ),
    ['Harbor Capital Management, L.P.', 'Eastline Retail Corp.'],
  );
  t.same(best('Notices to the parties: Acme Inc. and Beta LLC shall receive copies.'), undefined);
});

t.test('the counterparty a form names below its opening ("the company identified below")', async (t) => {
  t.same(
    best(
      [
        'This Mutual Nondisclosure Agreement, dated as of November 3, 2015, is between Vertex Cloud Solutions, Inc.,',
        'with its principal place of business at 100 First Street, Seattle, WA 98101 ("Vertex"), and the company',
        'identified below ("Counterparty").',
        '',
        'Counterparty: Meridian Health Systems, Inc.',
        'Address: 77 Park Avenue, Nashville, TN 37203',
      ].join('\n'),
    ),
    ['Vertex Cloud Solutions, Inc.', 'Meridian Health Systems, Inc.'],
  );
});

t.test('a party named after the description of the one before it, up to the separator', async (t) => {
  t.same(
    best(
      'This Agreement is made as of May 1, 2010 by and between Gamma Holdings, Ltd., a Bermuda company, Delta Industries, LLC, and Epsilon Partners, L.P., a Delaware limited partnership.',
    ),
    ['Gamma Holdings, Ltd.', 'Delta Industries, LLC', 'Epsilon Partners, L.P.'],
  );
  // A company named inside a description (its parent) is no party, nor is its legal form alone.
  t.same(
    best(
      'This Agreement is made as of May 1, 2010 by and between Acme Inc., a wholly owned subsidiary of Parent Holdings, Inc., and Beta LLC, a Texas company, with offices at 5 Elm Street, Austin.',
    ),
    ['Acme Inc.', 'Beta LLC'],
  );
});

t.test(
  'an opening made "as of" a written date "by" its parties; names in lower-case initials or after "the"',
  async (t) => {
    t.same(
      best(
        'This Supply Agreement is entered into as of June 6, 2006 by Delta Foods, Inc. ("Buyer") and Omega Farms Cooperative ("Seller").',
      ),
      ['Delta Foods, Inc.', 'Omega Farms Cooperative'],
    );
    t.same(
      best(
        'This Marketing Alliance Agreement is made and entered into effective the 14th day of October, 2002, by and between vOLT Networks Corp., an Oregon corporation, and its wholly owned subsidiaries (collectively "vOLT"), and Pellar LLC ("Pellar").',
      ),
      ['vOLT Networks Corp.', 'Pellar LLC'],
    );
    t.same(
      best(
        'This Agreement is made as of April 4, 2011, by and between Acme Brands, Inc. ("Sponsor"), and the Riverside Rowing Club, Ltd. ("Team").',
      ),
      ['Acme Brands, Inc.', 'Riverside Rowing Club, Ltd.'],
    );
  },
);

t.test('"the undersigned" party: the name under its role\'s label in the signature blocks', async (t) => {
  t.same(
    best(
      [
        'This Nondisclosure Agreement is made as of February 2, 2011 between Cardium Systems, Inc. ("Cardium") and the undersigned ("Recipient").',
        '',
        'CARDIUM SYSTEMS, INC.                   RECIPIENT:',
        'By: /s/ Lee Park                        LAKESHORE VENTURES LLC',
        'Name: Lee Park                          By: /s/ Dana White',
      ].join('\n'),
    ),
    ['Cardium Systems, Inc.', 'LAKESHORE VENTURES LLC'],
  );
});

t.test(
  'a numbered clause after a numbered list of parties is no party: a name does not end in a common noun',
  async (t) => {
    t.same(
      best(
        [
          'This Agreement is dated 17 October 2019 and made between:',
          '',
          '1. ACME ROBOTICS LTD, a company registered in England and Wales whose registered office is at 1 High Street, Oxford OX1 1AA; and',
          '',
          '2. ZEPHYR AUTOMATION GMBH, a company registered in Germany.',
          '',
          '1. The obligations in this Agreement shall continue for a period of 3 years from the date of this Agreement.',
        ].join('\n'),
      ),
      ['ACME ROBOTICS LTD', 'ZEPHYR AUTOMATION GMBH'],
    );
  },
);

t.test('an agreement in the first person: the organisation it defines and the person who signs it', async (t) => {
  const text = [
    'EMPLOYEE CONFIDENTIALITY AGREEMENT',
    '',
    'In consideration of my employment by Radiant Logistics, Inc. (the "Company"), I hereby agree as follows:',
    '',
    '1. I will hold in strictest confidence the Proprietary Information of the Company.',
    '',
    'Dated: January 10, 2012',
    '',
    '/s/ Thomas Miller',
    'Thomas Miller',
  ].join('\n');
  t.same(best(text), ['Radiant Logistics, Inc.', 'Thomas Miller']);
  t.same(best(text.replace('/s/ Thomas Miller', '______________________')), [
    'Radiant Logistics, Inc.',
    'Thomas Miller',
  ]);
  // Without a signer there is no second party to name.
  t.same(best(text.split('\n').slice(0, 7).join('\n')), undefined);
});

t.test('roles printed as the headers of side-by-side columns, each name under its header', async (t) => {
  t.same(
    best(
      [
        'NON-DISCLOSURE AGREEMENT',
        '',
        'Disclosing Party                          Receiving Party',
        'Brightstar Medical Imaging, Inc.          Quillon Data Services LLC',
        '44 River Road                             9 Elm Court',
      ].join('\n'),
    ),
    ['Brightstar Medical Imaging, Inc.', 'Quillon Data Services LLC'],
  );
  // Headers that are not all roles ("Item      Price") name no parties.
  t.same(best('Disclosing Party          Price\nBrightstar Medical Imaging, Inc.          12.00'), undefined);
});

t.test(
  "a legal form of the lexicon after a name's comma stays in the name ('Foo, A/S', 'Foo, SARL', 'Foo, a.s.')",
  async (t) => {
    for (const form of ['A/S', 'AB', 'SARL', 'Sdn. Bhd.', 'a.s.', 'Oy', 'ULC', 'S.A.S.']) {
      t.same(
        best(
          `This Agreement is made as of May 1, 2010 by and between Foo Widgets, ${form}, a company ("Foo"), and Bar Systems, ${form} ("Bar").`,
        ),
        [`Foo Widgets, ${form}`, `Bar Systems, ${form}`],
        form,
      );
    }
  },
);

t.test('"a/k/a" after a name still starts its description', async (t) => {
  t.same(
    best('This Agreement is made by and between TRQ Capital Corp, a/k/a Q-Line FX, and 774 Holdings, LLC ("774").'),
    ['TRQ Capital Corp', '774 Holdings, LLC'],
  );
});

t.test('names printed in guillemets or quotes where the parties are named keep their words', async (t) => {
  t.same(
    best(
      'This Agreement is made as of 1 May 2020 between «Fjordline Cargo AS», a company organised under the laws of Norway (the «Discloser»), and "Alpine Trade Credit SA", a company organised under the laws of Switzerland (the «Recipient»).',
    ),
    ['Fjordline Cargo AS', 'Alpine Trade Credit SA'],
  );
  t.same(partyAliases('Fjordline Cargo AS (the «Discloser») agrees.').get('discloser'), 'Fjordline Cargo AS');
});

t.test('a numbered list of organisations under the date, without a heading, names the parties', async (t) => {
  const text = [
    'CONFIDENTIALITY AGREEMENT',
    '',
    'Dated: 04/07/2016',
    '',
    '(1) Larkspur Homes Limited (company number 01234567) whose registered office is at 4 Bell Street,',
    'Exeter EX1 1AA ("Discloser")',
    '(2) Millbrook Lettings Limited (company number 07654321) whose registered office is at 9 Cross Lane,',
    'Bath BA2 3BB ("Recipient")',
    '',
    '1. The Recipient shall keep the Information confidential.',
    '2. The obligations in this agreement last for 2 years.',
  ].join('\n');
  t.same(best(text), ['Larkspur Homes Limited', 'Millbrook Lettings Limited']);
  // Numbered clauses that name no organisation list no parties.
  t.same(best('TERMS\n\n1. Definitions apply.\n2. The Supplier shall deliver.'), undefined);
});

t.test('a listed name with a legal form after its comma and a description of its own is a party', async (t) => {
  t.same(
    best(
      'This Agreement is entered into on May 2, 2012 by and among Pinecone Energy Partners, L.P., a Delaware limited partnership, Pinecone GP, LLC, a Delaware limited liability company, and Redhill Midstream Company, a Kansas corporation.',
    ),
    ['Pinecone Energy Partners, L.P.', 'Pinecone GP, LLC', 'Redhill Midstream Company'],
  );
});

t.test('parties named by short names that a later "means" definition gives their legal names', async (t) => {
  const text =
    'This Employment Agreement is made as of June 1, 2017, by and between the Company and the Executive. As used herein, the "Company" means BRIGHTFIELD LABS, INC., a Delaware corporation, and the "Executive" means Thomas J. Reyes. This Agreement is governed by the laws of Ohio.';
  t.same(best(text), ['BRIGHTFIELD LABS, INC.', 'Thomas J. Reyes']);
  const aliases = partyAliases(text);
  t.equal(aliases.get('company'), 'BRIGHTFIELD LABS, INC.');
  t.equal(aliases.get('executive'), 'Thomas J. Reyes');
});

t.test(
  'an Indian opening: "Pvt. Ltd." inside a name, a form of address and parentage outside a person\'s',
  async (t) => {
    const text = [
      'This Non Disclosure Agreement is entered into on 01.03.2022 between:',
      '',
      'Godavari Spices Pvt. Ltd., a company registered under the Companies Act, 1956, having its registered office at',
      '7 Station Road, Nashik 422001 (hereinafter "Disclosing Party")',
      '',
      'and',
      '',
      'Mr. Vikram Shetty, son of Mr. R. Shetty, residing at 3 Hill View, Mangaluru 575001 (hereinafter "Receiving Party").',
    ].join('\n');
    t.same(best(text), ['Godavari Spices Pvt. Ltd.', 'Vikram Shetty']);
    // A firm whose first word is spelled like a form of address keeps it.
    t.same(best('This Agreement is made between SR Tooling Inc. and Ms Harbour Ltd.'), [
      'SR Tooling Inc.',
      'Ms Harbour Ltd.',
    ]);
  },
);

t.test('a short name defined after "that" names the organisation after it, not the words before', async (t) => {
  t.equal(
    partyAliases('I, the undersigned, acknowledge that Marigold Devices Corporation ("Marigold") may disclose.').get(
      'marigold',
    ),
    'Marigold Devices Corporation',
  );
});

t.test('a letter agreement with no party clause: the organisations its opening defines by short names', async (t) => {
  const letter = [
    'As of January 22, 2009',
    '',
    'Gentlemen:',
    '',
    'Larchmont Partners LLC ("Larchmont") has requested information regarding Corvid Therapeutics, Inc. (the',
    '"Company") in connection with a possible transaction. This letter agreement shall be governed by the laws',
    'of the State of New York.',
  ].join('\n');
  t.same(best(letter), ['Larchmont Partners LLC', 'Corvid Therapeutics, Inc.']);
  // A clause that names the parties wins over the short names defined elsewhere in the opening.
  t.same(
    best(
      'This Agreement is made between Alder Inc. ("Alder") and Birch LLC ("Birch"). Cedar Corp. (the "Guarantor") guarantees it.',
    ),
    ['Alder Inc.', 'Birch LLC'],
  );
});

t.test('a party the clause refers to by the signature page: the signatory who is not the other party', async (t) => {
  t.same(
    best(
      [
        'This Services Agreement is entered into between Larchmont Hosting, Inc. ("Larchmont") and the client identified on the signature page ("Client").',
        '',
        'LARCHMONT HOSTING, INC.                      PEBBLE CREEK DENTAL, P.C.',
        'By: ______________                           By: ______________',
        'Name: Ann Byrd                               Name: Omar Said',
      ].join('\n'),
    ),
    ['Larchmont Hosting, Inc.', 'PEBBLE CREEK DENTAL, P.C.'],
  );
});

t.test('a place in a description joined by "and" is no party; a sentence after "LLC." is none either', async (t) => {
  t.same(
    best(
      'This Agreement is made between Fenwick Rail Limited, a company incorporated in England and Wales (company number 0456) ("Fenwick") and Tomas Berg ("Consultant").',
    ),
    ['Fenwick Rail Limited', 'Tomas Berg'],
  );
  t.same(
    best(
      'This Agreement is entered into as of May 2, 2016 by and between Quarry Lane Foods, Inc. and Blue Heron Media LLC.\nThe Initial Term of this Agreement is one year.',
    ),
    ['Quarry Lane Foods, Inc.', 'Blue Heron Media LLC.'],
  );
});

t.test('"Parties:" as a label: its value ends before the next line\'s label', async (t) => {
  t.same(best('MUTUAL NDA\nParties: Juniper Analytics, Inc. and Rosa Delgado\nTerm: 3 years\nGoverning Law: Utah'), [
    'Juniper Analytics, Inc.',
    'Rosa Delgado',
  ]);
});

t.test('parties by their short names, defined in the recitals after the opening', async (t) => {
  t.same(
    best(
      [
        'THIS SUPPLY AGREEMENT is made and entered into as of May 5, 2003, by and between the Company and the Supplier.',
        'RECITALS',
        'WHEREAS, Tidewell Remedies, Inc., a Delaware corporation (the "Company"), desires to purchase products; and',
        'WHEREAS, Granite Fold Chemicals Ltd. (the "Supplier") manufactures such products.',
      ].join('\n'),
    ),
    ['Tidewell Remedies, Inc.', 'Granite Fold Chemicals Ltd.'],
  );
});

t.test('a name that starts with a lower-case letter and a hyphen', async (t) => {
  t.same(
    best(
      'This Agreement is entered into as of October 12, 1999 by and between Harbor@Net Media, Inc., a Delaware corporation ("Harbor"), and e-Dentalworks.com, Inc., a Colorado corporation ("Partner").',
    ),
    ['Harbor@Net Media, Inc.', 'e-Dentalworks.com, Inc.'],
  );
});

t.test('an agreement entered into by one party with another', async (t) => {
  t.same(
    best(
      'This Development Agreement is entered into on May 1, 2001 by Copperfield Automata Inc. ("Copperfield") with Dunmore Gearworks GmbH ("Dunmore").',
    ),
    ['Copperfield Automata Inc.', 'Dunmore Gearworks GmbH'],
  );
  // "with" that starts a description names no party.
  t.same(
    best(
      'This Agreement is made on May 1, 2001 by and between Copperfield Automata Inc. ("Copperfield") with offices at 4 Elm Road, and Dunmore Gearworks GmbH ("Dunmore").',
    ),
    ['Copperfield Automata Inc.', 'Dunmore Gearworks GmbH'],
  );
});

t.test(
  'a party referred to as "the person(s) or entity identified on the signature page ("you" or "Franchisee")"',
  async (t) => {
    const text = [
      'FRANCHISE AGREEMENT',
      '',
      'This Franchise Agreement is made by and between Marrow Lane Bakeries Franchising, LLC, an Idaho limited liability',
      'company ("we" or "Franchisor"), and the person(s) or entity identified on the signature page ("you" or "Franchisee").',
      '',
      'FRANCHISEE: Petra Lindqvist',
    ].join('\n');
    t.same(best(text), ['Marrow Lane Bakeries Franchising, LLC', 'Petra Lindqvist']);
  },
);
