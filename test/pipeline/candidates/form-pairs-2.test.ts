import t from 'tap';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test(
  'a scrap of the scan is no label cell, but an abbreviation, a joined pair of letters and a tick keep theirs',
  async (t) => {
    const text = [
      'ee          4',
      'rEa         Harbour Road',
      'Ref         B-12',
      'No.         17',
      'P&L         Attached',
      'Ok          x',
    ].join('\n');
    t.same(pairsOf(text), [
      ['Ref', 'B-12'],
      ['No.', '17'],
      ['P&L', 'Attached'],
      ['Ok', 'x'],
    ]);
  },
);
