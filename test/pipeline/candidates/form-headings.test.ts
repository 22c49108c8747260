import t from 'tap';
import { formHeadings } from '../../../src/pipeline/extract/candidates/form-headings.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const headings = (text: string) =>
  Object.fromEntries(formHeadings.generate(buildDocumentModel(text)).map((c) => [c.relations[0], c.value]));

t.test(
  'the title is the capitalised lines at the top; sections are later capitalised lines without values',
  async (t) => {
    const text = [
      '               PRODUCT SPECIFICATION',
      '                  CIGARETTE MAKING',
      '',
      'Brand: Phoenix          Market: Cyprus',
      '',
      'TIPPING AND APPLICATION',
      'Supplier: Ecusta',
      'Approved by: J. Smith',
    ].join('\n');
    t.same(headings(text), {
      document_title: 'PRODUCT SPECIFICATION CIGARETTE MAKING',
      section_headings: ['PRODUCT SPECIFICATION CIGARETTE MAKING', 'TIPPING AND APPLICATION'],
    });
  },
);

t.test('lines with a label, figures, or lower case are not headings', async (t) => {
  t.same(headings('DATE: 12/3/91\nREF 12-345-678\nSome ordinary text here'), {});
});

t.test('specks and marks around a heading are no part of it; a box left open is a check box', async (t) => {
  const text = [
    '  -                   PROJECT INITIATION FORM *                o',
    '',
    'Brand: Phoenix          Market: Cyprus',
    '        SPECIAL SAMPLE MANUFACTURE [X',
    '.”   FAX TRANSMISSION',
  ].join('\n');
  t.same(headings(text), {
    document_title: 'PROJECT INITIATION FORM',
    section_headings: ['PROJECT INITIATION FORM', 'FAX TRANSMISSION'],
  });
});

t.test('a heading wraps onto a line centred under it, not onto a line of its own', async (t) => {
  const text = [
    '               BROWN & WILLIAMSON TOBACCO CORPORATION',
    ' a                   LOUISVILLE, KENTUCKY 40201',
    '                             1201 PENNSYLVANIA AVENUE',
    'Date: 3/4/91',
    '     SIGNATURES:',
    'Requested by: J. Smith',
  ].join('\n');
  t.same(headings(text), {
    document_title: 'BROWN & WILLIAMSON TOBACCO CORPORATION LOUISVILLE, KENTUCKY 40201',
    section_headings: [
      'BROWN & WILLIAMSON TOBACCO CORPORATION LOUISVILLE, KENTUCKY 40201',
      '1201 PENNSYLVANIA AVENUE',
      'SIGNATURES:',
    ],
  });
});

t.test('a title in title case at the top, but not a name or a sentence', async (t) => {
  t.same(headings('      Marketing Research - CPT Initiating Brief\n\nDate: 3/4/91'), {
    document_title: 'Marketing Research - CPT Initiating Brief',
    section_headings: ['Marketing Research - CPT Initiating Brief'],
  });
  t.same(headings('      Ann B. Smith Jones\n      Please Ship To Us.\nDate: 3/4/91'), {});
});
