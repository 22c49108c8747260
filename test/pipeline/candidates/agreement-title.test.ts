import t from 'tap';
import { agreementTitleGenerator } from '../../../src/pipeline/extract/candidates/agreement-title.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';

function title(text: string): unknown {
  const candidates = agreementTitleGenerator.generate(buildDocumentModel(text));
  candidates.sort((a, b) => b.kindConfidence - a.kindConfidence);
  return candidates[0]?.value;
}

t.test('the heading naming the instrument, not the exhibit number', async (t) => {
  t.equal(
    title('                EXHIBIT 10.1\n\n           DISTRIBUTOR AGREEMENT\n\nThis Distributor Agreement is made...'),
    'DISTRIBUTOR AGREEMENT',
  );
  t.equal(
    title('Master Franchise Agreement\nThis Master Franchise Agreement ("Agreement") is made...'),
    'Master Franchise Agreement',
  );
});

t.test('a heading over two lines, and notes beside or after it', async (t) => {
  t.equal(title('FORM OF\nMEDIA LICENSE AGREEMENT\nThis agreement...'), 'FORM OF MEDIA LICENSE AGREEMENT');
  t.equal(
    title('DRAFT 3/09/01 (Rev 2)               HOSTING AND SUPPORT AGREEMENT\nThis...'),
    'HOSTING AND SUPPORT AGREEMENT',
  );
  t.equal(title('ADVISORY AGREEMENT - DR. JANE ROE INC.\nThis...'), 'ADVISORY AGREEMENT');
  t.equal(title('Marketing Agreement Between\nAlpha Inc. and Beta Ltd.'), 'Marketing Agreement');
});

t.test('a clause heading is not the title', async (t) => {
  t.equal(title('F. TERMINATION OF AGREEMENT\nEither party may terminate.'), undefined);
});

t.test('a paragraph written on one line opens with its title in capitals', async (t) => {
  t.equal(
    title(
      'MENU DESIGN AGREEMENT This Menu Design Agreement (this "Agreement") is made between A Inc. and B Ltd., effective as of November 4, 2019, and it runs on for many more words than a heading ever would.',
    ),
    'MENU DESIGN AGREEMENT',
  );
});
