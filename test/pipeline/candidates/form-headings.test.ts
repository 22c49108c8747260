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
