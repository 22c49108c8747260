import t from 'tap';
import { formHeadings } from '../../../src/pipeline/extract/candidates/form-headings.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const headings = (text: string) =>
  Object.fromEntries(formHeadings.generate(buildDocumentModel(text)).map((c) => [c.relations[0], c.value]));

t.test(
  'the title is the capitalised lines at the top; sections are later capitalised lines without values',
  async (t) => {
    const text = [
      '               MATERIAL DATA SHEET',
      '                  OAT CRACKERS',
      '',
      'Brand: Kestrel          Market: Varlona',
      '',
      'WRAPPING AND LABELLING',
      'Supplier: Vantor',
      'Approved by: J. Smith',
    ].join('\n');
    t.same(headings(text), {
      document_title: 'MATERIAL DATA SHEET OAT CRACKERS',
      section_headings: ['MATERIAL DATA SHEET OAT CRACKERS', 'WRAPPING AND LABELLING'],
    });
  },
);

t.test('lines with a label, figures, or lower case are not headings', async (t) => {
  t.same(headings('DATE: 12/3/91\nREF 12-345-678\nSome ordinary text here'), {});
});

t.test('specks and marks around a heading are no part of it; a box left open is a check box', async (t) => {
  const text = [
    '  -                   BUDGET RELEASE FORM *                  o',
    '',
    'Brand: Kestrel          Market: Varlona',
    '        SPECIAL PILOT BATCH [X',
    '.”   FAX COVER NOTE',
  ].join('\n');
  t.same(headings(text), {
    document_title: 'BUDGET RELEASE FORM',
    section_headings: ['BUDGET RELEASE FORM', 'FAX COVER NOTE'],
  });
});

t.test('a heading wraps onto a line centred under it, not onto a line of its own', async (t) => {
  const text = [
    '               HARTWELL & DRUMMOND BAKERY CORPORATION',
    ' a                   CLAYMOUTH, WESTMARCH 52918',
    '                             3307 MAPLEGROVE CAUSEWAY',
    'Date: 3/4/91',
    '     SIGNATURES:',
    'Requested by: J. Smith',
  ].join('\n');
  t.same(headings(text), {
    document_title: 'HARTWELL & DRUMMOND BAKERY CORPORATION CLAYMOUTH, WESTMARCH 52918',
    section_headings: [
      'HARTWELL & DRUMMOND BAKERY CORPORATION CLAYMOUTH, WESTMARCH 52918',
      '3307 MAPLEGROVE CAUSEWAY',
      'SIGNATURES:',
    ],
  });
});

t.test('a title in title case at the top, but not a name or a sentence', async (t) => {
  t.same(headings('      Consumer Studies - QRT Planning Outline\n\nDate: 3/4/91'), {
    document_title: 'Consumer Studies - QRT Planning Outline',
    section_headings: ['Consumer Studies - QRT Planning Outline'],
  });
  t.same(headings('      Ann B. Smith Jones\n      Please Ship To Us.\nDate: 3/4/91'), {});
});
