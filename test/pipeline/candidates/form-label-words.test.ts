import t from 'tap';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test("the name of a field is a label even in small letters: 'city   Kelso'", async (t) => {
  t.same(pairsOf('city         Kelso                    County   Borders'), [
    ['city', 'Kelso'],
    ['County', 'Borders'],
  ]);
  t.same(pairsOf('marsh        Kelso'), [], 'other words in small letters are no label');
});

t.test('after a speck, a word or two ending the line are the value even when they read as a label', async (t) => {
  t.same(pairsOf('BOX OR/CRATE        ,     Crate'), [['BOX OR/CRATE', 'Crate']]);
  t.same(
    pairsOf('Paid Before 1990    -                       Balance to Settle'),
    [],
    'three words after the speck are the next label',
  );
});

t.test('a label ending in a field noun opens a cell, one space before its value in capitals', async (t) => {
  const text = [
    'DESCRIPTION QRT Harbour Lantern Stand',
    'Division   North         Department Coastal Freight',
    '',
    'Ref # N/A',
    '',
    'Date Initiated',
    'Name Of Account',
  ].join('\n');
  t.same(pairsOf(text), [
    ['DESCRIPTION', 'QRT Harbour Lantern Stand'],
    ['Division', 'North'],
    ['Department', 'Coastal Freight'],
    ['Ref #', 'N/A'],
  ]);
});

t.test("label words one space before a person's initials and surname: the person is the value", async (t) => {
  const text = [
    '  Sample Order Raised By K. Varga',
    '  Freight             crate 17         Stock Requisition P. Lund                        ,',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Sample Order Raised By', 'K. Varga'],
    ['Freight', 'crate 17'],
    ['Stock Requisition', 'P. Lund'],
  ]);
  t.same(pairsOf('Olga P. Dunne'), [], 'a first name before the initials is no label');
});
