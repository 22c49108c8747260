import t from 'tap';
import { buildDocumentModel, streamSpan } from '../../src/pipeline/extract/model/document-model.js';

t.test('the prose stream of a long document is built in time linear in its length', async (t) => {
  const page = 'The charity was governed by the laws of England and Wales.     Total     12,000\n'.repeat(3000);
  const started = performance.now();
  const model = buildDocumentModel(page);
  t.ok(performance.now() - started < 3000, 'a 240,000-character document is modelled within seconds');
  t.ok(model.prose.text.startsWith('The charity was governed by the laws of England and Wales. Total 12,000 The'));
  const at = model.prose.text.indexOf('Total');
  const column = page.indexOf('Total');
  t.same(streamSpan(model.prose, at, at + 5), { line: 0, start: column, endLine: 0, end: column + 5 });
});
