import t from 'tap';
import { buildDocumentModel, streamSpan } from '../../src/pipeline/extract/model/document-model.js';
import { PAGE_SEPARATOR } from '../../src/pipeline/types.js';
import { cpuMillis } from '../helpers/cpu-time.js';

t.test('lines know their page, their rank on it and their block', async (t) => {
  const model = buildDocumentModel(['ACME LTD', '1 Main Street', '', 'Total   9.99', 'second page'].join('\n'));
  t.equal(model.lines.length, 5);
  t.same(
    model.lines.map((line) => line.block),
    [0, 0, -1, 1, 1],
  );
  t.equal(model.blocks.length, 2);
  t.same(
    model.lines[3]?.cells.map((cell) => cell.text),
    ['Total', '9.99'],
  );
  const paged = buildDocumentModel(`first\nline two${PAGE_SEPARATOR}page two`);
  t.equal(paged.pageCount, 2);
  const last = paged.lines.at(-1);
  t.equal(last?.page, 1);
  t.equal(last?.rankOnPage, 0, 'the first non-blank line of its page');
  t.equal(paged.lines[1]?.rankOnPage, 1);
});

t.test('prose reads across line breaks and column gaps, and maps back to lines', async (t) => {
  const text =
    'This Agreement shall be governed by the laws of the State of\n   New York,   without regard to conflicts.';
  const model = buildDocumentModel(text);
  t.match(model.prose.text, /laws of the State of New York, without/);
  const start = model.prose.text.indexOf('New York');
  const span = streamSpan(model.prose, start, start + 'New York'.length);
  t.same(span, { line: 1, start: 3, endLine: 1, end: 11 });
  const wrapped = model.prose.text.indexOf('State of New');
  const across = streamSpan(model.prose, wrapped, wrapped + 'State of New'.length);
  t.equal(across.line, 0);
  t.equal(across.endLine, 1);
});

t.test('the prose of a huge document is bounded', async (t) => {
  const model = buildDocumentModel('word '.repeat(200_000));
  t.ok(model.prose.text.length <= 400_000);
});

t.test('a long document builds in linear time', async (t) => {
  // About 300 000 characters: appending to a string and reading its end per character took minutes.
  const text = 'This Agreement shall be governed by the laws of the State of New York.\n'.repeat(4200);
  const { value: model, millis } = cpuMillis(() => buildDocumentModel(text));
  t.ok(model.prose.text.length > 290_000);
  t.ok(millis < 5000, `built with ${millis.toFixed(0)} ms of CPU`);
});
