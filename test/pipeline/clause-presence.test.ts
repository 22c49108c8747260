import t from 'tap';
import { clausePresence } from '../../src/pipeline/extract/clause-presence.js';
import { buildDocumentModel } from '../../src/pipeline/extract/model/document-model.js';

const filler = 'The parties shall cooperate in good faith on the matters set out in this section. '.repeat(45);

t.test('a yes/no question about a clause: yes where a sentence names it, with the sentence as evidence', async (t) => {
  const text = `${filler}\nEach party shall maintain insurance coverage with reputable insurers\nduring the term. ${filler}`;
  const model = buildDocumentModel(text);
  const found = clausePresence(model, 'insurance', {
    type: 'boolean',
    description: 'Must either party maintain insurance that protects the other party?',
  });
  t.equal(found?.value, true);
  t.ok(found?.span && found.span.endLine > found.span.line, 'the sentence across its line break');
});

t.test('no, only when a long prose document never names it; nothing for a short one', async (t) => {
  const question = { type: 'boolean', description: 'May one party audit the records of the other?' };
  t.equal(clausePresence(buildDocumentModel(filler), 'audit_rights', question)?.value, false);
  t.equal(clausePresence(buildDocumentModel('Total 12.00'), 'audit_rights', question), undefined);
  t.equal(
    clausePresence(buildDocumentModel(filler), 'audit_rights', { type: 'boolean', description: 'Audit rights' }),
    undefined,
    'a description that is not a question asks for a printed value, not a clause',
  );
});

t.test('British and American spellings meet', async (t) => {
  const text = `${filler} The Licensor grants a non-transferable licence to use the Software.`;
  const found = clausePresence(buildDocumentModel(text), 'license_grant', {
    type: 'boolean',
    description: 'Does the agreement include a license given by one party to the other?',
  });
  t.equal(found?.value, true);
});
