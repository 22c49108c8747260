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

t.test('a row of figures typed right above a row of captions are their values, each under its caption', async (t) => {
  const text = [
    'ORDER SHEET',
    '         7-114                 2231            Feb. 3, 1988',
    'FORM NO.              PLANT NO.         DATE ISSUED',
    '',
    'Remarks: none',
  ].join('\n');
  t.same(pairsOf(text), [
    ['FORM NO.', '7-114'],
    ['PLANT NO.', '2231'],
    ['DATE ISSUED', 'Feb. 3, 1988'],
    ['Remarks', 'none'],
  ]);
});

t.test('a line of label cells over a row of captions is no row of values', async (t) => {
  const text = [
    'Size of 4 Parts      =          Weight per 2 Rolls     -',
    'Kind of Press     Rotary     Kind of Die   Steel',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Kind of Press', 'Rotary'],
    ['Kind of Die', 'Steel'],
  ]);
});

t.test('a label in title case and its value opening in capitals one space on, in one cell', async (t) => {
  const text = [
    'Grain Used WINTER          Stock Weight    12 kg',
    'Dr. J. Harlow        Fleet Name ORCA, Pier West',
    'Rope Tested K-12 STEEL CORE',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Grain Used', 'WINTER'],
    ['Stock Weight', '12 kg'],
    ['Fleet Name', 'ORCA, Pier West'],
    ['Rope Tested', 'K-12 STEEL CORE'],
  ]);
});

t.test('a rule under a value with specks read as letters in it does not continue the value', async (t) => {
  const text = ['Notes:   Ship by rail to the north yard', '         ——Ke—]—]]——]——', 'Copies:  Stores'].join('\n');
  t.same(pairsOf(text), [
    ['Notes', 'Ship by rail to the north yard'],
    ['Copies', 'Stores'],
  ]);
});

t.test('a caption alone on its line takes the paragraph under it, as a colon label does', async (t) => {
  const text = [
    'REMARKS',
    '   The lid of the second crate was found open on arrival and the',
    '   seal was replaced by the yard foreman.',
    '',
    'Checked by:  P. Orwell',
  ].join('\n');
  t.same(pairsOf(text), [
    ['REMARKS', 'The lid of the second crate was found open on arrival and the seal was replaced by the yard foreman.'],
    ['Checked by', 'P. Orwell'],
  ]);
});

t.test('words opening in a small letter are no label cell, but of a tick', async (t) => {
  const text = ['ocra nt        PLAIN 7', 'Weight         12 kg', 'express        x'].join('\n');
  t.same(pairsOf(text), [
    ['Weight', '12 kg'],
    ['express', 'x'],
  ]);
});

t.test('marks or a speck after a colon leave the label blank, and its value may stand under it', async (t) => {
  const text = ['HANDLING NOTES:     i', '   Keep the crates dry', '', 'Dock Gate        :', 'Berth:   »  |  »'].join(
    '\n',
  );
  t.same(pairsOf(text), [['HANDLING NOTES', 'Keep the crates dry']]);
});

t.test("the name of a field alone after a label cell is the next label, not the first one's value", async (t) => {
  const text = [
    'Inspected By        Date',
    'Signature           Phone No.',
    'Harbour Master      A. Quill',
    'Dr. Ida Marsh          Position     Pilot',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Harbour Master', 'A. Quill'],
    ['Position', 'Pilot'],
  ]);
});

t.test(
  'a value typed a little above a blank colon label, right of its colon, beside a cell left of the label',
  async (t) => {
    const text = [
      '          4 Quay Street                            Ada Brook',
      '                                           Contact:',
      '   Agency:',
    ].join('\n');
    t.same(pairsOf(text), [['Contact', 'Ada Brook']]);
  },
);

t.test('a bang, or a semicolon after a bracket, before a column gap is a misread colon', async (t) => {
  const text = ['TELEX!        555-0100', 'Sheets (with cover);    4'].join('\n');
  t.same(pairsOf(text), [
    ['TELEX', '555-0100'],
    ['Sheets (with cover)', '4'],
  ]);
});

t.test('a leader of dots parts a label from its value in one cell', async (t) => {
  t.same(pairsOf('   Topic... Tides of the north sea\n   Crates..........45'), [
    ['Topic', 'Tides of the north sea'],
    ['Crates', '45'],
  ]);
});

t.test('one dash set off by spaces parts a label from a figure after it', async (t) => {
  t.same(pairsOf('   BALES — 45\n   Rope - $12'), [
    ['BALES', '45'],
    ['Rope', '$12'],
  ]);
});
