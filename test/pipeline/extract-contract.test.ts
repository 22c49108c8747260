import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { textDocument } from './fixtures.js';
import { NAMES_ONLY } from './nda-schemas.js';

/**
 * A contract written in prose, read through the whole engine: the generators' relations answer
 * the schema's properties, ahead of text that merely sits under a label of the same words.
 */

const CONTRACT = [
  '                               DISTRIBUTION AGREEMENT',
  '',
  'This Distribution Agreement (the "Agreement") is made and entered into as of March 3, 2015 (the "Effective Date")',
  'by and between Acme Widgets, Inc., a Delaware corporation ("Acme"), and Beta Parts GmbH, a German company ("Distributor").',
  '',
  'WHEREAS, Acme makes widgets and Distributor sells them.',
  '',
  '1. Term. The initial term of this Agreement shall be two (2) years from the Effective Date. This Agreement shall',
  'automatically renew for successive periods of one (1) year, unless either party gives written notice of non-renewal',
  'at least sixty (60) days prior to the end of the then-current term.',
  '',
  '2. Governing Law.',
  'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.',
  '',
  'Parties:',
  'Each party shall bear its own costs.',
].join('\n');

/** A non-disclosure agreement's schema as a user writes it: names only. */

function extractText(text: string, jsonSchema: Record<string, unknown>) {
  const type: ExtractionType = {
    code: 'contract',
    name: 'Contract',
    jsonSchema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  };
  return extractFields(textDocument(text), type).data;
}

function extract(jsonSchema: Record<string, unknown>) {
  return extractText(CONTRACT, jsonSchema);
}

t.test('a commercial contract schema', async (t) => {
  const data = extract({
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Title of the agreement, as its heading prints it' },
      parties: { type: 'array', items: { type: 'string' }, description: 'Legal names of the contracting parties' },
      agreement_date: { type: 'string', format: 'date', description: 'Date on which the agreement was signed' },
      effective_date: { type: 'string', format: 'date', description: 'Date from which the agreement is effective' },
      expiration_date: { type: 'string', description: 'Date the initial term ends, or the word perpetual' },
      renewal_term: { type: 'string', description: 'How long each renewal term lasts, such as successive 1 year' },
      notice_period_to_terminate_renewal: {
        type: 'string',
        description: 'Notice a party must give so that it does not renew, such as 60 days',
      },
      governing_law: { type: 'string', description: 'The state or country whose law applies, such as New York' },
    },
  });
  t.same(data, {
    title: 'DISTRIBUTION AGREEMENT',
    parties: ['Acme Widgets, Inc.', 'Beta Parts GmbH'],
    agreement_date: '2015-03-03',
    effective_date: '2015-03-03',
    expiration_date: '2017-03-03',
    renewal_term: 'successive 1 year',
    notice_period_to_terminate_renewal: '60 days',
    governing_law: 'New York',
  });
});

t.test('a non-disclosure agreement schema as a user writes it', async (t) => {
  const data = extract(NAMES_ONLY);
  t.same(data, {
    effective_date: '2015-03-03',
    jurisdiction: 'New York',
    parties: ['Acme Widgets, Inc.', 'Beta Parts GmbH'],
    term: '2 years',
  });
});

t.test('a short NDA: a numeric US date, a term under its heading, a choice of law under its label', async (t) => {
  const nda = [
    'MUTUAL NONDISCLOSURE AGREEMENT',
    '',
    'This Mutual Nondisclosure Agreement is made as of 9/4/12 by Orion Systems Corp., a Delaware corporation, and',
    'Bright Labs LLC, a California limited liability company.',
    '',
    '1. Confidential Information. Each party may disclose confidential information to the other party.',
    '',
    '7. Term. This Agreement shall remain in effect for a term of three (3) years from the date first written above.',
    '',
    'Governing Law: Commonwealth of Massachusetts',
  ].join('\n');
  t.same(extractText(nda, NAMES_ONLY), {
    effective_date: '2012-09-04',
    jurisdiction: 'Massachusetts',
    parties: ['Orion Systems Corp.', 'Bright Labs LLC'],
    term: '3 years',
  });
});

t.test(
  'a UK deed: numbered parties under a heading, a term ending on an anniversary, schema names a user may write',
  async (t) => {
    const deed = [
      'THIS AGREEMENT is dated 14 March 2021',
      '',
      'PARTIES',
      '',
      '(1) NORTHGATE SYSTEMS LIMITED incorporated and registered in England and Wales with company number',
      '08812345 whose registered office is at 5 Mill Lane, Leeds LS1 4AB (the "Company"); and',
      '',
      '(2) PETER HALL of 22 Elm Road, York YO1 7XX (the "Recipient").',
      '',
      'AGREED TERMS',
      '',
      '2. Term. Unless terminated earlier by either party, this agreement shall expire on the second',
      'anniversary of the date of this agreement, and clause 4 shall survive for five (5) years after that.',
      '',
      '3. Governing law. This agreement shall be governed by and construed in accordance with the law of',
      'England and Wales.',
    ].join('\n');
    const expected = {
      parties: ['NORTHGATE SYSTEMS LIMITED', 'PETER HALL'],
      effective_date: '2021-03-14',
      jurisdiction: 'England and Wales',
      term: '2 years',
    };
    t.same(extractText(deed, NAMES_ONLY), expected);
    const renamed = extractText(deed, {
      type: 'object',
      properties: {
        party_names: { type: 'array', items: { type: 'string' } },
        effective_date: { type: 'string', format: 'date' },
        governing_law: { type: 'string' },
        duration: { type: 'string' },
      },
    });
    t.same(renamed, {
      party_names: expected.parties,
      effective_date: expected.effective_date,
      governing_law: expected.jurisdiction,
      duration: expected.term,
    });
    const otherNames = extractText(deed, {
      type: 'object',
      properties: {
        contracting_parties: { type: 'array', items: { type: 'string' } },
        start_date: { type: 'string', format: 'date' },
        law: { type: 'string' },
        term_length: { type: 'string' },
      },
    });
    t.same(otherNames, {
      contracting_parties: expected.parties,
      start_date: expected.effective_date,
      law: expected.jurisdiction,
      term_length: expected.term,
    });
  },
);

t.test('a US mutual NDA: survival is not the term, venue is not the governing law', async (t) => {
  const nda = [
    'MUTUAL NON-DISCLOSURE AGREEMENT',
    '',
    'This Mutual Non-Disclosure Agreement (this "Agreement") is entered into as of June 5, 2019 (the "Effective Date") by and',
    'between Brightwater Analytics, Inc., a Delaware corporation ("Brightwater"), and Kestrel Robotics LLC, a California limited',
    'liability company ("Kestrel").',
    '',
    '3. Term. The obligations of the Receiving Party shall survive for five (5) years after any termination of this Agreement.',
    'This Agreement shall remain in effect for a period of three (3) years from the Effective Date.',
    '',
    '4. Governing Law. The Parties submit to the exclusive jurisdiction of the state and federal courts located in Alder',
    'County, California. This Agreement shall be governed by the laws of the State of California.',
    '',
    'BRIGHTWATER ANALYTICS, INC.            KESTREL ROBOTICS LLC',
    'By: ______________________             By: ______________________',
    'Name: Laura Chen                       Name: David Ortiz',
  ].join('\n');
  t.same(extractText(nda, NAMES_ONLY), {
    effective_date: '2019-06-05',
    jurisdiction: 'California',
    parties: ['Brightwater Analytics, Inc.', 'Kestrel Robotics LLC'],
    term: '3 years',
  });
});

t.test(
  'a one-way NDA: parties under their role labels, a US numeric date, a term ending after the start',
  async (t) => {
    const nda = [
      'CONFIDENTIALITY AGREEMENT',
      '',
      'This Confidentiality Agreement is made on 3/6/2018 by and between:',
      '',
      'Disclosing Party: Silverline Software Inc., located at 418 Quillfeather Road, Fremont, CA 94538',
      '',
      'and',
      '',
      'Receiving Party: Marcus Webb, residing at 17 Oak Lane, Austin, TX 78701',
      '',
      "2. This Agreement shall terminate two (2) years after the Effective Date. The Receiving Party's obligations under",
      'Section 1 shall survive termination for a period of three (3) years.',
      '',
      '3. This Agreement is governed by the laws of the State of Texas. Any dispute shall be brought in the courts of Travis',
      'County, Texas.',
    ].join('\n');
    t.same(extractText(nda, NAMES_ONLY), {
      effective_date: '2018-03-06',
      jurisdiction: 'Texas',
      parties: ['Silverline Software Inc.', 'Marcus Webb'],
      term: '2 years',
    });
  },
);

t.test('a term read from the line after the label sentence that begins it', async (t) => {
  const nda = [
    'This Agreement is entered into as of September 30, 2007 by and between Gulfstream Logistics, LLC ("Company"), and',
    'Harold P. Jennings ("Recipient").',
    '',
    "9. Term. This Agreement and Recipient's obligations hereunder shall remain in effect for",
    '2 years after the Effective Date.',
  ].join('\n');
  t.equal(extractText(nda, NAMES_ONLY).term, '2 years');
});

t.test("a report's own organisation name, from its cover", async (t) => {
  const report = [
    'Riverside Bowls Club Trustees’ report for 2019',
    'Registered Charity Number 1234567',
    '',
    'The aim and use of the funds of the club is to promote bowls.',
    'Riverside Bowls Club met four times during the year.',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      charity_name: { type: 'string', description: 'Registered name of the charity' },
      charity_number: { type: 'string', description: 'Registered charity number' },
    },
  };
  t.same(extractText(report, schema), {
    charity_name: 'Riverside Bowls Club',
    charity_number: '1234567',
  });
});

t.test(
  "a letter agreement: the letter's date takes effect, not the date under a signature's By / Name / Title",
  async (t) => {
    const letter = [
      'June 26, 2014',
      '',
      'Cobalt Partners, L.P.',
      'One Market Plaza',
      'San Francisco, CA 94105',
      '',
      'In connection with your evaluation of a possible transaction involving Lumen Therapeutics, Inc. (the "Company"), you',
      'hereby agree as follows. This letter agreement will be governed by the laws of the State of California.',
      '',
      'CONFIRMED AND AGREED TO:',
      'COBALT PARTNERS, L.P.',
      'By: /s/ Susan Hall',
      'Name: Susan Hall',
      'Title: Partner',
      'Date: July 2, 2014',
    ].join('\n');
    const data = extractText(letter, NAMES_ONLY);
    t.equal(data.effective_date, '2014-06-26');
    t.equal(data.jurisdiction, 'California');
    // A property named "date" alone still reads its label there.
    t.equal(
      extractText(letter, { type: 'object', properties: { date: { type: 'string', format: 'date' } } }).date,
      '2014-07-02',
    );
  },
);

t.test(
  "more names a user may give an NDA's fields: the governing state, the confidentiality or validity period",
  async (t) => {
    const data = extractText(CONTRACT, {
      type: 'object',
      properties: {
        governing_state: { type: 'string' },
        confidentiality_period: { type: 'string' },
        validity_period: { type: 'string' },
      },
    });
    t.same(data, { governing_state: 'New York', confidentiality_period: '2 years', validity_period: '2 years' });
  },
);

t.test('a date under a form\'s "Name:" line, with no signature, is still read for a longer-named date', async (t) => {
  const form = ['Name: Jane Doe', 'Title: Buyer', 'Date: 05/16/2023'].join('\n');
  t.equal(
    extractText(form, { type: 'object', properties: { order_date: { type: 'string', format: 'date' } } }).order_date,
    '2023-05-16',
  );
});

t.test('parties asked for as objects with a name: one object per party', async (t) => {
  const data = extractText(CONTRACT, {
    type: 'object',
    properties: {
      parties: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, role: { type: 'string' } } },
      },
    },
  });
  t.same(data.parties, [{ name: 'Acme Widgets, Inc.' }, { name: 'Beta Parts GmbH' }]);
});
