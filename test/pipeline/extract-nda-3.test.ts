import t from 'tap';
import { readsAs } from './nda-schemas.js';

/**
 * Non-disclosure agreements, each made up, read with the two schemas of nda-schemas.ts: terms that
 * run until a party ends them, parties named only where they sign, numbered party lists over
 * recitals.
 */

t.test('an NDA that remains in effect until either party terminates it: the term is "until terminated"', async (t) => {
  readsAs(
    t,
    [
      'MUTUAL NONDISCLOSURE AGREEMENT',
      '',
      'This Mutual Nondisclosure Agreement is entered into as of June 3, 2019 by and between Harrow Labs, Inc., a Delaware',
      'corporation, and Telvin Analytics LLC, a Nevada limited liability company.',
      '',
      "6. Term. This Agreement shall remain in effect until terminated by either party upon thirty (30) days' prior",
      'written notice to the other party.',
      '',
      '9. Governing Law. This Agreement shall be governed by the laws of the State of Oregon.',
    ],
    {
      parties: ['Harrow Labs, Inc.', 'Telvin Analytics LLC'],
      effective_date: '2019-06-03',
      jurisdiction: 'Oregon',
      term: 'until terminated',
    },
  );
});

t.test('an NDA that continues until it is terminated, in other words: the term is "until terminated"', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      '',
      'This Nondisclosure Agreement is entered into as of August 19, 2020 by and between Moss Fenner Robotics, Inc., a',
      'Utah corporation, and Carrow Point Health LLC, an Idaho limited liability company.',
      '',
      '7. Term. This Agreement shall remain in effect until it is terminated by either party by written notice to the',
      'other party.',
      '',
      '9. Governing Law. This Agreement shall be governed by the laws of the State of Idaho.',
    ],
    {
      parties: ['Moss Fenner Robotics, Inc.', 'Carrow Point Health LLC'],
      effective_date: '2020-08-19',
      jurisdiction: 'Idaho',
      term: 'until terminated',
    },
  );
});

t.test('an NDA that shall run for a period states that period as its term', async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Confidentiality Agreement is made as of February 2, 2022 by and between Penwarden Marine Ltd. and Oxley',
      'Cross Technologies, Inc.',
      '',
      '4. Term. This Agreement shall run for two (2) years from the date hereof.',
      '',
      '8. This Agreement is governed by the laws of the State of Maine.',
    ],
    {
      parties: ['Penwarden Marine Ltd.', 'Oxley Cross Technologies, Inc.'],
      effective_date: '2022-02-02',
      jurisdiction: 'Maine',
      term: '2 years',
    },
  );
});

t.test('in prose, a stated period of confidentiality outranks a term until terminated', async (t) => {
  readsAs(
    t,
    [
      'NONDISCLOSURE AGREEMENT',
      '',
      'This Nondisclosure Agreement is made as of October 12, 2021 by and between Sorrel Bay Foods Corp. and Quint',
      'Harbor Logistics, Inc.',
      '',
      '5. This Agreement shall continue until terminated by either party in writing. The obligations of the Recipient',
      'shall continue for a period of three (3) years from the date of disclosure.',
      '',
      '8. This Agreement is governed by the laws of the State of Vermont.',
    ],
    {
      parties: ['Sorrel Bay Foods Corp.', 'Quint Harbor Logistics, Inc.'],
      effective_date: '2021-10-12',
      jurisdiction: 'Vermont',
      term: '3 years',
    },
  );
});

/** A UK-style NDA whose opening names no party: the parties are read from its signature blocks. */
function signedForNda(signatures: readonly string[]): string[] {
  return [
    'CONFIDENTIALITY AGREEMENT',
    '',
    'Dated: 14 February 2022',
    '',
    '1. The Recipient shall keep the Confidential Information secret for a period of two (2) years.',
    '',
    '2. This Agreement is governed by the laws of England and Wales.',
    '',
    ...signatures,
  ];
}

const SIGNED_FOR_VALUES = {
  effective_date: '2022-02-14',
  jurisdiction: 'England and Wales',
  term: '2 years',
};

t.test('parties named only as "SIGNED for and on behalf of" over each signature block', async (t) => {
  readsAs(
    t,
    signedForNda([
      'SIGNED for and on behalf of',
      'BRACKENFORD SYSTEMS LIMITED',
      'Signature: ____________',
      'Name: Owen Prall',
      '',
      'SIGNED for and on behalf of',
      'Lowther Mint Analytics Ltd',
      'Signature: ____________',
      'Name: Ciara Voss',
    ]),
    { parties: ['BRACKENFORD SYSTEMS LIMITED', 'Lowther Mint Analytics Ltd'], ...SIGNED_FOR_VALUES },
  );
});

t.test('parties named beside "For and on behalf of:" in signature blocks side by side', async (t) => {
  readsAs(
    t,
    signedForNda([
      'For and on behalf of: Brackenford Systems Limited      For and on behalf of: Lowther Mint Analytics Ltd',
      'Signature: ____________                                 Signature: ____________',
      'Name: Owen Prall                                        Name: Ciara Voss',
    ]),
    { parties: ['Brackenford Systems Limited', 'Lowther Mint Analytics Ltd'], ...SIGNED_FOR_VALUES },
  );
});

/** An English-style NDA: dated, its parties numbered under "PARTIES", then what follows the list. */
function numberedPartiesNda(parties: readonly string[], after: readonly string[]): string[] {
  return [
    'THIS AGREEMENT is dated 3 March 2021',
    '',
    'PARTIES',
    '',
    ...parties,
    '',
    ...after,
    '',
    '1. The Recipient shall keep the Confidential Information confidential for three (3) years.',
    '',
    '2. This agreement is governed by the law of England and Wales.',
  ];
}

const NUMBERED_VALUES = {
  parties: ['KESTREL WHARF LIMITED', 'MOORCROFT DIGITAL LTD'],
  effective_date: '2021-03-03',
  jurisdiction: 'England and Wales',
  term: '3 years',
};

t.test('recitals lettered (A), (B) under parties numbered (1), (2) are no party', async (t) => {
  readsAs(
    t,
    numberedPartiesNda(
      [
        '(1) KESTREL WHARF LIMITED incorporated in England and Wales with company number 04417283 (Discloser).',
        '',
        '(2) MOORCROFT DIGITAL LTD incorporated in England and Wales with company number 08831920 (Recipient).',
      ],
      [
        '(A) The Discloser wishes to disclose Confidential Information to the Recipient.',
        '',
        '(B) The Recipient wishes to evaluate a Possible Transaction.',
      ],
    ),
    NUMBERED_VALUES,
  );
});

t.test('a "BACKGROUND" or "AGREED TERMS" heading ends the list even after a party ending "; and"', async (t) => {
  const parties = [
    '(1) KESTREL WHARF LIMITED, a company registered in England and Wales (company number 04417283) (the Discloser); and',
    '',
    '(2) MOORCROFT DIGITAL LTD, a company registered in Scotland (company number SC831920) (the Recipient); and',
  ];
  for (const heading of ['BACKGROUND', 'AGREED TERMS']) {
    t.test(heading, async (t) => readsAs(t, numberedPartiesNda(parties, [heading]), NUMBERED_VALUES));
  }
});

t.test("a party's calling between its name and its address is no part of the name", async (t) => {
  readsAs(
    t,
    [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Agreement is made as of the 3rd day of May, 2021',
      '',
      'BETWEEN:',
      '    HOLLIS FENWAY DESIGN INC., a company having its office at 18 Quarry Road, Kelowna, B.C.',
      '    (the "Company")',
      '',
      'AND:',
      '    MIRA TALLENT, Architect, of 7 Birch Crescent, Penticton, B.C.',
      '    (the "Recipient")',
      '',
      '5. The obligations of the Recipient shall continue for a period of two (2) years from the date hereof.',
      '9. This Agreement is governed by the laws of the Province of British Columbia.',
    ],
    {
      parties: ['HOLLIS FENWAY DESIGN INC.', 'MIRA TALLENT'],
      effective_date: '2021-05-03',
      jurisdiction: 'British Columbia',
      term: '2 years',
    },
  );
});
