import t from 'tap';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test('a two-letter label word of a memo is a label, not a scrap of the scan', async (t) => {
  const text = [
    'TO          M. K. Ostrander',
    'Re          Carton samples',
    'ee          4',
    'PO          #40317',
  ].join('\n');
  t.same(pairsOf(text), [
    ['TO', 'M. K. Ostrander'],
    ['Re', 'Carton samples'],
    ['PO', '#40317'],
  ]);
});
