import t from 'tap';
import { contractPartiesGenerator } from '../../../src/pipeline/extract/candidates/contract-parties.js';
import { selfSigners } from '../../../src/pipeline/extract/candidates/party-signatures.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

/** Made-up agreements naming several parties: people described together, long lists, lists kept elsewhere. */

function best(text: string): unknown {
  const candidates = contractPartiesGenerator.generate(buildDocumentModel(text));
  candidates.sort((a, b) => b.kindConfidence - a.kindConfidence);
  return candidates[0]?.value;
}

t.test('two people described together are two parties', async (t) => {
  t.same(
    best(
      'This Consulting Agreement is made as of May 5, 2011 by and between Brightwater Holdings, Inc., a Nevada corporation (the "Company"), and John A. Marsh and Susan B. Marsh, husband and wife ("Consultants").',
    ),
    ['Brightwater Holdings, Inc.', 'John A. Marsh', 'Susan B. Marsh'],
  );
  t.same(
    best(
      'This Agreement is made as of April 1, 2012 between Kinetic Apparel, Inc. ("Kinetic") and Pete Alvarez and Maria Alvarez, individuals residing in Oregon (collectively, "Athletes").',
    ),
    ['Kinetic Apparel, Inc.', 'Pete Alvarez', 'Maria Alvarez'],
  );
});

t.test('a middle initial is no sentence stop inside a name joined by "and"', async (t) => {
  t.same(
    best(
      'This Agreement is made as of June 2, 2004 by and between Corvane Labs, Inc. ("Corvane") and Peter J. Hale and Company, a New York general partnership ("Hale").',
    ),
    ['Corvane Labs, Inc.', 'Peter J. Hale and Company'],
  );
});

t.test('a form that is also a word ends a name after its comma, before "and"', async (t) => {
  t.same(
    best(
      'This Agreement is made by and among Granite Holdings, Inc., Granite Midstream Partners, LP and Granite Midstream GP, LLC (collectively, the "Granite Parties") and Summit Pipeline Company ("Summit").',
    ),
    [
      'Granite Holdings, Inc.',
      'Granite Midstream Partners, LP',
      'Granite Midstream GP, LLC',
      'Summit Pipeline Company',
    ],
  );
});

t.test('every party of a list whose members are each described', async (t) => {
  t.same(
    best(
      'THIS AGREEMENT is made as of the 1st day of January, 2001 by and among ALPHA ONE CORPORATION, a Utah corporation, BETA TWO, INC., a Utah corporation, GAMMA THREE LLC, a Utah limited liability company, DELTA FOUR CO., a Utah corporation, Jane A. Roe, an individual, and EPSILON FIVE PARTNERS, a Utah general partnership (each a "Party").',
    ),
    [
      'ALPHA ONE CORPORATION',
      'BETA TWO, INC.',
      'GAMMA THREE LLC',
      'DELTA FOUR CO.',
      'Jane A. Roe',
      'EPSILON FIVE PARTNERS',
    ],
  );
});

const SIGNATURES = [
  'IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.',
  '',
  'ORION CREST PHARMACEUTICALS, INC.',
  '',
  'By: /s/ Mary Holt',
  'Name: Mary Holt',
  'Title: Chief Executive Officer',
  '',
  'HALYARD CAPITAL PARTNERS, L.P.',
  'By: Halyard Capital GP, LLC, its general partner',
  '',
  'By: /s/ Dean Fox',
  'Name: Dean Fox',
  'Title: Managing Member',
  '',
  'HALYARD CAPITAL GP, LLC',
  '',
  'By: /s/ Dean Fox',
  'Name: Dean Fox',
  'Title: Managing Member',
  '',
  '/s/ Nora Vance',
  'NORA VANCE',
];

t.test('a reference to several parties takes every signatory the clause does not name', async (t) => {
  const text = [
    'SETTLEMENT AGREEMENT',
    '',
    'This Settlement Agreement (this "Agreement") is entered into as of March 2, 2017, by and among Orion Crest Pharmaceuticals, Inc., a Delaware corporation (the "Company"), and the entities and natural persons set forth in the signature pages hereto (collectively, "Halyard") (each of the Company and Halyard, a "Party" to this Agreement).',
    '',
    '1. Board Composition. The Company shall appoint one director.',
    '',
    ...SIGNATURES,
  ].join('\n');
  t.same(best(text), [
    'Orion Crest Pharmaceuticals, Inc.',
    'HALYARD CAPITAL PARTNERS, L.P.',
    'HALYARD CAPITAL GP, LLC',
    'Nora Vance',
  ]);
  // One party referred to takes one signatory.
  const one = text.replace(
    'the entities and natural persons set forth in',
    'the stockholder whose name is set forth in',
  );
  t.same(best(one), ['Orion Crest Pharmaceuticals, Inc.', 'HALYARD CAPITAL PARTNERS, L.P.']);
});

t.test('"each purchaser identified on the signature pages" and a signatory under its label', async (t) => {
  t.same(
    best(
      [
        'This Securities Purchase Agreement is dated as of June 1, 2018, between Lumora Biosciences, Inc., a Nevada corporation (the "Company"), and each purchaser identified on the signature pages hereto (each, a "Purchaser" and collectively the "Purchasers").',
        '',
        'LUMORA BIOSCIENCES, INC.',
        'By: /s/ Ray Kim',
        'Name: Ray Kim',
        '',
        'NAME OF PURCHASER: BRAMBLE CAPITAL FUND, L.P.',
        'By: /s/ Sue Hart',
        'Name: Sue Hart',
        '',
        'NAME OF PURCHASER: ORCHARD HILL PARTNERS LLC',
        'By: /s/ Tim Boyd',
        'Name: Tim Boyd',
      ].join('\n'),
    ),
    ['Lumora Biosciences, Inc.', 'BRAMBLE CAPITAL FUND, L.P.', 'ORCHARD HILL PARTNERS LLC'],
  );
});

t.test('the parties a schedule lists, one a line under its heading', async (t) => {
  t.same(
    best(
      [
        'This STOCKHOLDERS AGREEMENT is entered into as of July 1, 2015 by and among Nexbridge Holdings, Inc., a Delaware corporation (the "Company"), Harbor Point Capital Fund II, L.P. ("Harbor Point"), and the other stockholders of the Company listed on Schedule I hereto (together with Harbor Point, the "Stockholders").',
        '',
        '1. Transfers. No Stockholder shall transfer its shares.',
        '',
        'SCHEDULE I',
        'Stockholders',
        '',
        'Harbor Point Capital Fund II, L.P.          1,000,000 shares',
        'Marigold Ventures LLC                          250,000 shares',
        'Samuel T. Price                                 50,000 shares',
        '',
        'SCHEDULE II',
        'Notice Addresses',
        'Quarry Bank N.A.',
      ].join('\n'),
    ),
    ['Nexbridge Holdings, Inc.', 'Harbor Point Capital Fund II, L.P.', 'Marigold Ventures LLC', 'Samuel T. Price'],
  );
});

t.test('people who sign for themselves, not officers who sign for a company', async (t) => {
  const model = buildDocumentModel(
    [
      'KESTREL PARTNERS GP, LLC',
      '',
      'By: /s/ Ann Lee',
      'Name: Ann Lee',
      '',
      'SHIPPER: LOUISVILLE ROPE COMPANY',
      'By:            /s/ Carl Ames',
      'Title:   Vice President',
      '',
      'DELTA FARMS INC.',
      '/s/ Ed Park',
      'Ed Park, President',
      '',
      '/s/ Ann Lee',
      'ANN LEE',
      '',
      '______________________',
      'Tom Reyes',
    ].join('\n'),
  );
  t.same(
    selfSigners(model).map((signer) => signer.name),
    ['Ann Lee', 'Tom Reyes'],
  );
});

t.test('the signatories of an agreement that names nobody include the people who sign', async (t) => {
  t.same(
    best(
      [
        'JOINT FILING AGREEMENT',
        '',
        'The undersigned hereby agree to the joint filing on behalf of each of them of a statement on Schedule 13D.',
        '',
        'KESTREL PARTNERS FUND I, L.P.',
        'By: Kestrel Partners GP, LLC, its general partner',
        '',
        'By: /s/ Ann Lee',
        'Name: Ann Lee',
        '',
        'KESTREL PARTNERS GP, LLC',
        '',
        'By: /s/ Ann Lee',
        'Name: Ann Lee',
        '',
        '/s/ Ann Lee',
        'ANN LEE',
        '',
        '/s/ Tom Reyes',
        'TOM REYES',
      ].join('\n'),
    ),
    ['KESTREL PARTNERS FUND I, L.P.', 'KESTREL PARTNERS GP, LLC', 'Ann Lee', 'Tom Reyes'],
  );
});

t.test(
  "a company lending a person's services and the person are both parties; a nickname stays in the name",
  async (t) => {
    t.same(
      best(
        'This Endorsement Agreement is entered into this 1st day of June, 2002, by and between Greenside Golf Company ("Company") and Tee Time Productions, Inc., f/s/o JOHN "JACK" DALTON ("Dalton").',
      ),
      ['Greenside Golf Company', 'Tee Time Productions, Inc.', 'JOHN ‘JACK’ DALTON'],
    );
    t.same(
      best(
        'This Personal Services Agreement is entered into as of September 1, 2008 by and between Velocity Nutrition, Inc. ("Company") and Redline Sports Management, Inc., for the services of Marcus Bell ("Lender").',
      ),
      ['Velocity Nutrition, Inc.', 'Redline Sports Management, Inc.', 'Marcus Bell'],
    );
  },
);

t.test('a salutation over the opening sentence names no party', async (t) => {
  t.same(
    best(
      [
        'LETTER AGREEMENT',
        '',
        'Ladies and Gentlemen:',
        'Alpha Bancorp, Inc. (the "Company") and Beta Savings and Loan Association, a federally chartered savings association (the "Bank"), hereby agree to the following terms.',
      ].join('\n'),
    ),
    ['Alpha Bancorp, Inc.', 'Beta Savings and Loan Association'],
  );
});
