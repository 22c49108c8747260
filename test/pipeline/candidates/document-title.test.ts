import t from 'tap';
import { documentKindOf, documentTitleGenerator } from '../../../src/pipeline/extract/candidates/document-title.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { asEnumMembers, describedCodes, memberNamed } from '../../../src/pipeline/extract/ranking/enum-members.js';
import { extractData } from '../fixtures.js';

t.test('a title names the kind of document, the most precise title winning', async (t) => {
  t.equal(documentKindOf('CREDIT NOTE')?.kind, 'credit note');
  t.equal(documentKindOf('Gutschrift')?.kind, 'credit note');
  t.equal(documentKindOf('Handelsrechnung Nr. 4711 vom 05.06.2018')?.kind, 'invoice', 'a compound ending in the title');
  t.equal(documentKindOf('Rechnung des Versicherers Nr. 12')?.kind, 'insurer invoice');
  t.equal(documentKindOf('RECHNUNGS-KORREKTUR')?.kind, 'corrected invoice', 'a title split by a hyphen');
  t.equal(documentKindOf('Rechnungsadresse'), null, 'a label that starts with the word is no title');
  t.notOk(documentKindOf('Rechnungsnummer')?.alone, 'the kind and its number word: a label, like "Invoice No."');
  t.ok(documentKindOf('Facture')?.alone);
  t.notOk(documentKindOf('Invoice No.')?.alone);
});

t.test('the title alone in its cell outranks a label that starts with a kind word', async (t) => {
  const model = buildDocumentModel(
    ['My Company                       CREDIT NOTE', 'Main Street 1                    Invoice No.   123'].join('\n'),
  );
  const found = documentTitleGenerator.generate(model);
  t.same(
    found.map((candidate) => [candidate.value, candidate.kind]),
    [
      ['credit note', 'title'],
      ['invoice', 'title'],
    ],
  );
  t.ok((found[0]?.kindConfidence ?? 0) > (found[1]?.kindConfidence ?? 0));
});

t.test('an enum member is the one the words name, or the one a printed code maps to', async (t) => {
  const members = ['invoice', 'credit_note', 'insurer_invoice'];
  t.equal(memberNamed('credit note', members), 'credit_note');
  t.equal(memberNamed('insurer invoice', members), 'insurer_invoice', 'more words win');
  t.equal(memberNamed('quote', members), null);
  const codes = describedCodes('Type code: 380 invoice, 381 credit_note, 575 insurer_invoice', members);
  t.equal(codes.get('575'), 'insurer_invoice');
  const [title] = documentTitleGenerator.generate(buildDocumentModel('Rechnung (575) Nr. 12'));
  const mapped = asEnumMembers(title ? [title] : [], {
    enum: members,
    description: '380 invoice, 381 credit_note, 575 insurer_invoice',
  });
  t.equal(mapped[0]?.value, 'insurer_invoice', 'the code beside the title decides');
});

t.test('a document type property takes the title; addresses never do', async (t) => {
  const invoice = ['Acme Ltd                              CREDIT NOTE', '1 High Street', 'Springfield'].join('\n');
  const data = extractData(invoice, {
    type: 'object',
    properties: {
      document_type: { type: 'string', enum: ['invoice', 'credit_note'] },
      street: { type: 'string' },
    },
  });
  t.equal(data.document_type, 'credit_note');
  t.not(data.street, 'credit_note');
});

t.test('a title line gives the document its number and its date', async (t) => {
  const model = buildDocumentModel(
    ['Vorlage-Version:    3.1 vom 14.02.2023', '', 'Handelsrechnung Nr. 583214 vom 07.06.2018'].join('\n'),
  );
  const found = documentTitleGenerator.generate(model);
  const number = found.find((candidate) => candidate.relations.includes('document_number'));
  const date = found.find((candidate) => candidate.kind === 'date');
  t.equal(number?.value, '583214');
  t.equal(date?.value, '2018-06-07');
  const data = extractData(model.lines.map((line) => line.text).join('\n'), {
    type: 'object',
    properties: {
      invoice_number: { type: 'string', description: 'Invoice number' },
    },
  });
  t.same(data, { invoice_number: '583214' });
});

t.test('without a title, the kind word compounded with its number word names the document', async (t) => {
  t.equal(documentKindOf('Rechnungsnummer: 2017-08')?.kind, 'invoice');
  t.equal(documentKindOf('Factuurnr 12')?.kind, 'invoice');
  t.equal(documentKindOf('Gutschriftsnummer 7')?.kind, 'credit note');
  t.equal(documentKindOf('Rechnungsadresse'), null, 'a compound with another word is no kind');
  const invoice = ['Drachenwerk GmbH', 'Rechnungsnummer: 2015-07             Rechnungsdatum: 14. August 2015'].join(
    '\n',
  );
  const data = extractData(invoice, {
    type: 'object',
    properties: { document_type: { type: 'string', enum: ['invoice', 'credit_note'] } },
  });
  t.equal(data.document_type, 'invoice');
});
