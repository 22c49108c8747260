import t from 'tap';
import { officeAddressStatements } from '../../../src/pipeline/extract/candidates/office-address-statements.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

const parts = (text: string) => {
  const candidates = officeAddressStatements.generate(buildDocumentModel(text));
  const of = (relation: string) => candidates.filter((c) => c.relations.includes(relation)).map((c) => c.value);
  return {
    street: of('street_line'),
    town: of('post_town'),
    postcode: of('postcode'),
    office: candidates.every((c) => c.relations.includes('office_address')),
  };
};

t.test('a principal place of business stated in prose, its postcode split across lines', async (t) => {
  const text = [
    'The charity was registered in England and Wales. Its principal place of business is 12 Alder Road London N4',
    '2XY.',
  ].join('\n');
  t.same(parts(text), { street: ['12 Alder Road'], town: ['London'], postcode: ['N4 2XY'], office: true });
});

t.test('a registered office "is at" an address with commas, a building and a county', async (t) => {
  const text =
    'Its registered office is at Mill House, 4 Canal Street, Stroud, Gloucestershire, GL5 3JH, and it has no branches.';
  t.same(parts(text), { street: ['4 Canal Street'], town: ['Stroud'], postcode: ['GL5 3JH'], office: true });
});

t.test('no statement, or no postcode in the sentence that follows, gives nothing', async (t) => {
  t.same(parts('We moved to 12 Alder Road London N4 2XY last year.').postcode, []);
  t.same(parts('The registered office is in London. Our shop is at 5 Hill Road, Bath BA1 1AA.').postcode, []);
});
