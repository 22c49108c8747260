import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ExtractionType } from '../../src/pipeline/types.js';
import { textDocument } from './fixtures.js';

/** A number property whose label a sentence mentions, with the sum it states right after a linking word. */

function extract(text: string, properties: Record<string, unknown>) {
  const type: ExtractionType = {
    code: 'release',
    name: 'Release',
    jsonSchema: { type: 'object', properties },
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  };
  return extractFields(textDocument(text), type).data;
}

const RELEASE = [
  'Northwind Foods Announces Second-Quarter Results',
  '',
  ' * Revenue grew 4% and the board raised the interim dividend to $0.42 per share',
  ' * Net debt fell to $1.2 billion over the half year',
].join('\n');

t.test('a sum stated in a sentence after the label and a linking word', async (t) => {
  t.same(extract(RELEASE, { interim_dividend: { type: 'number', description: 'Dividend per share' } }), {
    interim_dividend: 0.42,
  });
});

t.test('not a sum in millions or billions, nor a percentage, nor a number without its currency', async (t) => {
  t.same(extract(RELEASE, { net_debt: { type: 'number' } }), {});
  t.same(extract(RELEASE, { revenue: { type: 'number' } }), {});
  t.same(extract('The headcount rose to 340 by the year end.', { headcount: { type: 'number' } }), {});
});

t.test('a labelled value is preferred to a sum a sentence states', async (t) => {
  const text = ['Interim dividend:   $0.40', '', 'The board raised the interim dividend to $0.42 per share.'].join(
    '\n',
  );
  t.same(extract(text, { interim_dividend: { type: 'number' } }), { interim_dividend: 0.4 });
});
