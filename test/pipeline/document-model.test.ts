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

t.test("a page's number at the page break is left out of the prose, so a sentence runs on across it", async (t) => {
  const text = [
    'This Agreement shall remain in effect for a period of three (3)',
    '',
    'Page 1 of 2',
    '\f',
    '- 2 -',
    'years from the Effective Date and is governed by the laws of the State of',
    '\f',
    'New York. The price is',
    '12',
    'dollars.',
  ].join('\n');
  const prose = buildDocumentModel(text).prose.text;
  t.match(prose, /three \(3\) \f? ?years from/);
  t.match(prose, /State of \f? ?New York/);
  // A number inside a page, not at its break, stays.
  t.match(prose, /price is 12 dollars/);
});
