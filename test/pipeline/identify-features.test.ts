import t from 'tap';
import { documentProfile } from '../../src/pipeline/identify/document-profile.js';
import { sharedConfidences } from '../../src/pipeline/identify/identification-model.js';
import { candidateFeatures, candidateKinds } from '../../src/pipeline/identify/identify-features.js';
import type { CandidateType } from '../../src/pipeline/types.js';

const type = (code: string, name: string, description: string | null = null): CandidateType => ({
  code,
  name,
  description,
  identifyPromptHints: null,
  jsonSchema: { type: 'object', properties: {} },
});

t.test('a document names its kind in its title, in the languages the lexicon knows', async (t) => {
  t.equal(documentProfile('TAX INVOICE\nNo. 4471\nTotal 10.00', 1).titleKinds.get('invoice'), 1);
  t.equal(documentProfile('Curriculum Vitae\nJane Doe\njane@example.org', 1).titleKinds.get('resume'), 1);
  t.equal(documentProfile('RECHNUNG Nr. 2024-7\nDatum: 3.5.2024', 1).titleKinds.get('invoice'), 1);
  t.equal(documentProfile('CONTRATO DE ARRENDAMIENTO\nEntre las partes', 1).titleKinds.get('contract'), 1);
  const lower = documentProfile(`${'Lorem ipsum dolor sit amet.\n'.repeat(20)}This receipt is for your records.`, 1);
  t.equal(lower.titleKinds.get('receipt'), 0, 'named once in passing, far below the title: not a title');
});

t.test('phrases of a kind are counted once each, a few making it certain', async (t) => {
  const contract = documentProfile(
    'This Agreement is made by and between Acme Ltd and Beta LLC.\nWHEREAS Acme makes widgets;\nNOW, THEREFORE, the parties agree.\nThis Agreement shall be governed by the laws of Ohio.',
    1,
  );
  t.equal(contract.cueKinds.get('contract'), 1);
  t.equal(contract.cueKinds.get('receipt'), 0);
  const receipt = documentProfile('Cash   20.00\nChange   3.50\nThank you! Please come again', 1);
  t.ok((receipt.cueKinds.get('receipt') ?? 0) >= 0.75);
});

t.test('the shape of the lines: till lines, a buyer block, key-value lines, clauses and signatures', async (t) => {
  const receipt = documentProfile(
    'CORNER CAFE\nLatte        3.50\nMuffin       2.75\nTOTAL        6.25\nCASH        10.00\nCHANGE       3.75',
    1,
  );
  t.equal(receipt.layout.tillLines, 2);
  t.ok((receipt.layoutKinds.get('receipt') ?? 0) > 0.9, 'short lines ending in prices');
  t.equal(receipt.layoutKinds.get('form'), 0);

  const invoice = documentProfile(
    [
      'Acme Supplies Ltd, 1 Long Road, Springfield                        Invoice INV-7',
      'Bill to:',
      'Globex Corporation, 42 Elm Road, Shelbyville',
      'Widget, blue, two boxes of twelve                 2       10.00         20.00',
      'Service fee for installation on site               1      100.00        100.00',
    ].join('\n'),
    1,
  );
  t.equal(invoice.layout.buyerLines, 1);
  t.ok((invoice.layoutKinds.get('invoice') ?? 0) > (invoice.layoutKinds.get('receipt') ?? 0), 'wide lines are a page');

  const form = documentProfile('APPLICATION\nName: ________\nDate of birth:\nPhone:   555 0100\n[ ] Yes   [ ] No', 1);
  t.equal(form.layout.keyValueLines, 0.8);
  t.equal(form.layoutKinds.get('form'), 1);

  const contract = documentProfile(
    [
      '1. Definitions apply to this whole text.',
      '2. Term of five years from signing.',
      '2.1 Renewal for one more year.',
      '3. Payment within thirty days.',
      '(a) Late payment bears interest.',
      '4. Termination on notice.',
      '5. Governing law is Ohio.',
      '6. Notices in writing.',
      'By: ____________',
      'Name: Jane Roe',
      'Title: Director',
    ].join('\n'),
    1,
  );
  t.equal(contract.layout.clauseLines, 8);
  t.equal(contract.layout.signatureLines, 3);
  t.ok((contract.layoutKinds.get('contract') ?? 0) > 0.9);
  const prose = documentProfile('Preheat the oven to 180 degrees and peel six apples, then slice them very thinly.', 1);
  t.equal(prose.layoutKinds.get('contract'), 0, 'prose alone is not a contract');
});

/** A till slip headed "Tax invoice" as a poor scan reads it: the prices garbled, the width kept. */
const GARBLED_SLIP = `      GOLDEN WOK
   12 Harbour St 4471
  TAX INVOICE
 2 Fried rice   1O,4
 1 Tea          2,S
   Tota1        12 9
 03/05/2024 19:22
  Tb1 7  Pax 2
   THANK Y0U`;

/** The same kind of slip read cleanly: prices, cash and change. */
const CLEAN_SLIP = `   NASI LEMAK CORNER
 21 Jalan Bukit 50200
    TAX INVOICE
 1 Nasi lemak     6.50
 2 Teh tarik      5.00
 TOTAL           11.50
 CASH            20.00
 CHANGE           8.50
 12/04/2024  13:05`;

t.test('the width of the lines: a till roll is narrow and full of figures, a page of fields is wide', async (t) => {
  // A scanned slip whose prices the scan lost: narrow lines with figures still make it a receipt.
  const slip = documentProfile(GARBLED_SLIP, 1);
  t.ok(slip.layout.rightEdge <= 25, `right edge ${slip.layout.rightEdge}`);
  t.ok((slip.layoutKinds.get('receipt') ?? 0) >= 0.7, 'narrow lines with figures: a till roll');
  t.equal(slip.layoutKinds.get('invoice'), 0, 'titled "tax invoice", but no buyer and no page-wide lines');

  const verse = documentProfile(
    `The kettle sings beside the door,
And rain comes tapping on the pane,
The cat is sleeping on the floor,
The garden drinks the autumn rain;
A lamp is burning in the hall,
The clock is ticking slow and low,
And shadows lengthen on the wall,
As evening gathers soft and slow;`,
    1,
  );
  t.equal(verse.layoutKinds.get('receipt'), 0, 'as narrow, without figures: not a till roll');
  t.equal(verse.layoutKinds.get('form'), 0, 'short lines that are not a page wide are not fields');

  // A scanned form whose labels the scan garbled: short cells spread across a page, no prices, no sentences.
  const page = documentProfile(
    [
      '  TO   Research Dept                                  DATE  3/9/80',
      '  FROM   J. K. Lane',
      '  Ref  4471-B',
      '  Project   Filters',
      '  Copies  3',
      '  Brand   Vega III                           Code   118',
      '  Sample size   200',
      '  Results due   10/10/80',
      '  Approved   E. S. T.',
      '  Remarks                                           Page 1 of 1',
    ].join('\n'),
    1,
  );
  t.ok(page.layout.rightEdge >= 65);
  t.ok((page.layoutKinds.get('form') ?? 0) >= 0.3, 'a page of short fields');
  t.equal(page.layoutKinds.get('receipt'), 0);
});

t.test('a colon inside a sentence is not a field; a long text is not a one-page form', async (t) => {
  const contract = documentProfile(
    Array.from(
      { length: 12 },
      (_, index) =>
        `${index + 1}. Definitions: the words below have the meanings given to them in this clause of the agreement between the parties, and no other meaning whatsoever.`,
    ).join('\n'),
    1,
  );
  t.equal(contract.layout.keyValueLines, 0, 'sentences with colons are not "Label:" lines');
  t.equal(contract.layoutKinds.get('form'), 0);
  const long = documentProfile(`Name: Jane\nDate: 3 May\n${'All of this is a long paragraph. '.repeat(300)}`, 1);
  t.ok(long.layout.characters > 8000);
  t.equal(long.layoutKinds.get('form'), 0, 'two fields and pages of text: not a form');
});

t.test('a title against the shape: a till slip headed "Tax invoice" weakens the invoice title', async (t) => {
  const slip = documentProfile(CLEAN_SLIP, 1);
  const invoice = candidateFeatures(slip, type('invoice', 'Invoice'));
  t.equal(invoice.kindTitle, 1);
  t.ok(invoice.titleAgainstShape > 0.9, `the slip is shaped as a receipt: ${invoice.titleAgainstShape}`);
  const receipt = candidateFeatures(slip, type('receipt', 'Receipt'));
  t.equal(receipt.titleAgainstShape, 0, 'no title of its own to weaken');
  t.ok(receipt.kindLayout > 0.9);
  const page = documentProfile(
    [
      'INVOICE                                                         No. 2024-118',
      'Bill to:',
      'Globex Corporation, 42 Elm Road, Shelbyville                 Due date 30 May 2024',
      'Consulting, April, forty hours at the agreed rate        40     95.00     3800.00',
    ].join('\n'),
    1,
  );
  t.equal(
    candidateFeatures(page, type('invoice', 'Invoice')).titleAgainstShape,
    0,
    'a page-wide invoice keeps its title',
  );
});

t.test('a title alone: the kind named in the title with nothing else of the kind in the document', async (t) => {
  const sheet = documentProfile(
    'CONTRACT RESEARCH\nProject   4471\nDept   Biology\nSamples   24\nStart   3/9/80\nEnd   10/10/80',
    1,
  );
  const contract = candidateFeatures(sheet, type('contract', 'Contract'));
  t.equal(contract.kindTitle, 1);
  t.equal(contract.titleAlone, 1, 'no clause, no party, no signature: the title stands alone');
  const agreement = documentProfile(
    'SERVICES AGREEMENT\nThis Agreement is entered into by and between Acme Ltd and Beta LLC.\nWHEREAS Beta provides services;\nNOW, THEREFORE, the parties agree as follows.\nThis Agreement is governed by the laws of Ohio.',
    1,
  );
  t.equal(candidateFeatures(agreement, type('contract', 'Contract')).titleAlone, 0, 'its phrases support the title');
});

t.test("a buyer named on a form without prices is a field, not an invoice's buyer block", async (t) => {
  const request = documentProfile(
    `  SAMPLE REQUEST                                              Ref 4471
  Customer
  Brand      Kent III                        Quantity   200 packs
  Deliver to       Research Dept, Bldg 4`,
    1,
  );
  t.equal(request.layout.buyerLines, 1);
  t.equal(request.layoutKinds.get('invoice'), 0, 'no prices: the buyer is a field of the form');
});

t.test('a few long paragraphs with colons are no form, however few their lines', async (t) => {
  const agreement = documentProfile(
    [
      'SUPPLY AGREEMENT',
      `Parties: Acme Ltd and Beta LLC. ${'Each party shall perform its obligations under this agreement in good faith and on time. '.repeat(8)}`,
      'Term: two years.',
      'Price: as agreed.',
      `Notices: ${'Notices shall be given in writing to the address of the party stated above, by hand or by post. '.repeat(8)}`,
      `Governing law: ${'This agreement is governed by the laws of England and the courts of London have sole jurisdiction. '.repeat(8)}`,
    ].join('\n'),
    1,
  );
  t.ok(agreement.layout.keyValueLines >= 0.3, 'three short "Label:" lines');
  t.equal(agreement.layoutKinds.get('form'), 0, 'six lines, mostly paragraphs: no form');
});

t.test('a type is of the kinds its name says, or less surely its description', async (t) => {
  t.same([...candidateKinds(type('nda', 'Non-disclosure agreement'))], [['contract', 1]]);
  t.same([...candidateKinds(type('legal', 'Legal paper', 'A non-disclosure agreement'))], [['contract', 0.7]]);
  t.same([...candidateKinds(type('cv', 'Curriculum vitae'))], [['resume', 1]]);
  t.same(
    [...candidateKinds(type('intake', 'Patient intake', 'A form a patient fills in at the clinic'))],
    [['form', 0.7]],
  );
  t.same([...candidateKinds(type('widget', 'Widget specification', 'Dimensions and tolerances'))], []);
  t.same([...candidateKinds(type('nda', 'Non-disclosure agreement'), true)], [], 'the lexicon can be ignored');
});

t.test('features: the kind the type names, another kind the document clearly is, the type’s own words', async (t) => {
  const agreement = documentProfile(
    'NON-DISCLOSURE AGREEMENT\nThis Agreement is entered into by and between A and B.\nWHEREAS the parties wish to share Confidential Information;',
    1,
  );
  const nda = candidateFeatures(agreement, type('legal', 'Legal paper', 'Non-disclosure agreement'));
  t.equal(nda.kindTitle, 0.7, 'kind from the description weighs 0.7');
  t.equal(nda.otherTitle, 0);
  const receipt = candidateFeatures(agreement, type('receipt', 'Receipt'));
  t.equal(receipt.kindTitle, 0);
  t.equal(receipt.otherTitle, 1, 'the document is titled as another kind');
  t.equal(receipt.otherCues, 1);
  const widget = candidateFeatures(agreement, type('widget', 'Widget specification'));
  t.equal(widget.knownKind, 0);
  t.equal(widget.otherTitle, 0, 'of a type the lexicon does not know, no kind is "other"');
  t.equal(candidateFeatures(agreement, type('nda', 'Non-disclosure agreement')).nameFound, 1);
  const coded = candidateFeatures(agreement, type('org1_agreement_7f3a', 'Receipt'));
  t.equal(coded.kindTitle, 0, 'a generated code is not a name: this type is a receipt');
  t.equal(coded.nameFound, 0);
});

t.test(
  'shared confidences: a lone candidate keeps its confidence, a tie halves it, a runner-up ranks below',
  async (t) => {
    const [alone] = sharedConfidences([3]);
    const [first, second] = sharedConfidences([3, 3]);
    t.equal(first, second);
    t.ok(first !== undefined && alone !== undefined && Math.abs(first - alone / 2) < 1e-12);
    const [leader, runnerUp, far] = sharedConfidences([3, 1, -4]);
    t.ok(leader !== undefined && runnerUp !== undefined && far !== undefined && leader > runnerUp && runnerUp > far);
    const [wide] = sharedConfidences([3, -10]);
    t.ok(wide !== undefined && leader !== undefined && wide > leader, 'a wider lead, a surer answer');
    const [, close] = sharedConfidences([3, 2.5]);
    t.ok(close !== undefined && close >= 0.2, `a close runner-up is a plausible alternative: ${close}`);
  },
);
