import t from 'tap';
import { phonesGenerator } from '../../../src/pipeline/extract/candidates/phones.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function phones(text: string) {
  return phonesGenerator.generate(buildDocumentModel(text)).map((candidate) => [candidate.value, candidate.relations]);
}

t.test('labelled phones anywhere, fax apart', async (t) => {
  t.same(phones('SHOP\nTEL:07-388 2218 FAX:07-388 8218'), [['07-388 2218', ['issuer_phone']]]);
  t.same(phones('SHOP\nFax: 07-388 8218'), [['07-388 8218', ['fax']]]);
  const below = `${Array.from({ length: 20 }, (_, index) => `row ${index}`).join('\n')}\nCall us at (416) 555-0142`;
  const [foot] = phonesGenerator.generate(buildDocumentModel(below));
  t.equal(foot?.value, '(416) 555-0142', 'a labelled phone at the foot');
  t.equal(foot?.kindConfidence, 0.7, 'less sure below the letterhead');
});

t.test(
  'an unlabelled phone printed alone in the letterhead; tax numbers, dates and item codes are not phones',
  async (t) => {
    t.same(phones('BOBS STEAK\nDALLAS, TX\n(214) 555-0187'), [['(214) 555-0187', ['issuer_phone']]]);
    t.same(phones('SHOP\nGST ID : 000750400512'), []);
    t.same(phones('SHOP\n14/05/2011 16:20  B317284'), []);
    t.same(phones('SHOP\nSR I00100000035- 1 Meat + 3 Vege $7.10 1'), []);
  },
);
