import t from 'tap';
import { buildDocumentModel, streamSpan } from '../../src/pipeline/extract/model/document-model.js';

t.test('the prose stream joins wrapped lines and maps back to them', async (t) => {
  const model = buildDocumentModel('governed by the laws of the State of\n   New   York.');
  t.equal(model.prose.text, 'governed by the laws of the State of New York.');
  const at = model.prose.text.indexOf('New York');
  t.same(streamSpan(model.prose, at, at + 'New York'.length), { line: 1, start: 3, endLine: 1, end: 13 });
});

t.test('a long document builds in linear time', async (t) => {
  // About 300 000 characters: appending to a string and reading its end per character took minutes.
  const text = 'This Agreement shall be governed by the laws of the State of New York.\n'.repeat(4200);
  const started = performance.now();
  const model = buildDocumentModel(text);
  t.ok(model.prose.text.length > 290_000);
  t.ok(performance.now() - started < 5000, 'built in under five seconds');
});
