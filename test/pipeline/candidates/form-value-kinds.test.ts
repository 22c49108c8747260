import t from 'tap';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';
import { isWholeFigure } from '../../../src/pipeline/extract/model/value-kinds.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test('a date, a clock time and a phone number are whole figures; words and amounts are not', async (t) => {
  for (const figure of ['4/12/98', '09:40', '555-013-4400']) t.ok(isWholeFigure(figure), figure);
  for (const other of ['Harbour Road', '1,250.00', '12']) t.notOk(isWholeFigure(other), other);
});

t.test('a name does not go on with a phone number alone on the line under it', async (t) => {
  const text = ['   Contact:      Ivo Marsh', '                 555-013-4400', '   Contact:      Ana Lode'].join('\n');
  t.same(pairsOf(text), [
    ['Contact', 'Ivo Marsh'],
    ['Contact', 'Ana Lode'],
  ]);
});

t.test('an address with figures may end in a phone number', async (t) => {
  const text = ['Send to:   Quarry Works', '           12 Elm Row, Dunmore', '           555-013-4400'].join('\n');
  t.same(pairsOf(text), [['Send to', 'Quarry Works 12 Elm Row, Dunmore 555-013-4400']]);
});

t.test('a clock time does not go on with a figure under it', async (t) => {
  const text = ['  DAY:    Monday          HOUR:   09:40', '                                  4'].join('\n');
  t.same(pairsOf(text), [
    ['DAY', 'Monday'],
    ['HOUR', '09:40'],
  ]);
});

t.test('a colon label before a label phrase is left blank: its value stands under it', async (t) => {
  const text = ['   Cleared By:                           Date', '                L. Tamsin'].join('\n');
  t.same(pairsOf(text), [['Cleared By', 'L. Tamsin']]);
});

t.test('specks of one character after the last word of a value are marks of the scan', async (t) => {
  const text = ['Firm      HOLLIS, TARN & WEBB E Ñ', 'Grade     Section B'].join('\n');
  t.same(pairsOf(text), [
    ['Firm', 'HOLLIS, TARN & WEBB'],
    ['Grade', 'Section B'],
  ]);
});
