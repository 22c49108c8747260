import t from 'tap';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test(
  'a phone or date label one space after a figure, inside a line of words, takes the value of its kind',
  async (t) => {
    const text = [
      '14 Quarry Lane, Dunmore KT 40512 Tel 555-013-4400 Fax 555-013-4401',
      'Order 5521 Date 03/11/97',
      'Birth Date 4/12/61',
    ].join('\n');
    t.same(pairsOf(text), [
      ['Tel', '555-013-4400'],
      ['Fax', '555-013-4401'],
      ['Date', '03/11/97'],
      ['Birth Date', '4/12/61'],
    ]);
  },
);

t.test("a person's name is no label cell: a list of names in columns gives no pairs", async (t) => {
  const text = [
    'Copies to:   see below',
    '',
    '   Mr. A. B. Vale          Ms. K. Ode',
    '   R. T. Lanner            J.P. Quist',
    '   Dr. Hollin              x',
    'P.O.Box      4471',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Copies to', 'see below'],
    ['Dr. Hollin', 'x'],
    ['P.O.Box', '4471'],
  ]);
});

t.test(
  'words opening in a small letter before a figure are no label of it: a row of values under captions',
  async (t) => {
    const text = ['  SHIP DATE          BUYER              ORDER NO.', '     ovember 3, 995    Ms. R. Quill'].join(
      '\n',
    );
    t.same(pairsOf(text), [
      ['SHIP DATE', 'ovember 3, 995'],
      ['BUYER', 'Ms. R. Quill'],
    ]);
  },
);

t.test(
  'a scrap of two characters is no value, but a tick, a capital, a short answer (ok) or a unit (mg) is',
  async (t) => {
    const text = [
      'Batch Colour      oe',
      'Sealed            ok',
      'Grade             B',
      'Checked           x',
      'Dose unit         mg',
    ].join('\n');
    t.same(pairsOf(text), [
      ['Sealed', 'ok'],
      ['Grade', 'B'],
      ['Checked', 'x'],
      ['Dose unit', 'mg'],
    ]);
  },
);

t.test("a person's name under a list of names goes on with it, whatever other columns its line holds", async (t) => {
  const text = [
    'Copies to: Dr. H. Quarle',
    '           Mr. T. B. Ellory          Field Engineer            Room 14',
    '           Ms. P. Dunmore',
  ].join('\n');
  t.same(pairsOf(text), [['Copies to', 'Dr. H. Quarle Mr. T. B. Ellory Ms. P. Dunmore']]);
});

t.test('a town and region before their postcode are the end of an address, not a label', async (t) => {
  const text = ['Larkfield, OR          97999-1204', 'City, State, Zip       Larkfield, OR 97999'].join('\n');
  t.same(pairsOf(text), [['City, State, Zip', 'Larkfield, OR 97999']]);
});

t.test('a value that repeats its label is the same heading over two columns, not a pair', async (t) => {
  const text = ['SEASON          SEASON', 'Grade           N/A'].join('\n');
  t.same(pairsOf(text), [['Grade', 'N/A']]);
});

t.test("only specks after a number's label and its number in one cell leave that cell the pair", async (t) => {
  const text = ['   LOT NO. 5521          -', '   Ref # 88-401     .', '   Dye Batch 12      —'].join('\n');
  t.same(pairsOf(text), [
    ['LOT NO.', '5521'],
    ['Ref #', '88-401'],
  ]);
});

t.test('a value under a row of captions belongs to the caption whose column it lies in', async (t) => {
  const text = [
    ' SAMPLE GRADE(s)                  BATCH NO.(s)      SEAL DATE(s)      TRAY COUNT',
    '                 Q210                             3/14/91              4,410',
  ].join('\n');
  t.same(pairsOf(text), [
    ['SAMPLE GRADE(s)', 'Q210'],
    ['SEAL DATE(s)', '3/14/91'],
    ['TRAY COUNT', '4,410'],
  ]);
});

t.test('marks under a row of captions fill none of them: the row over it keeps its values', async (t) => {
  const text = [
    '   41-207              550918              70-113B',
    ' PART NO.           STOCK NO,           BIN NO,',
    '        —         — = >" —        _                 0',
  ].join('\n');
  t.same(pairsOf(text), [
    ['PART NO.', '41-207'],
    ['STOCK NO,', '550918'],
    ['BIN NO,', '70-113B'],
  ]);
});

t.test('a figure inside a bracket of words the label opened is part of the label, not its value', async (t) => {
  const text = ['SALT (AS 10% SOLUTION) 4.71', 'Tel (0 21) 555-0100', 'Issue (since 1988)'].join('\n');
  t.same(pairsOf(text), [
    ['SALT (AS 10% SOLUTION)', '4.71'],
    ['Tel', '(0 21) 555-0100'],
  ]);
});

t.test('a label ending in the word Name, one space before the capitalised name it asks for', async (t) => {
  const text = [
    ' Client Name Harwell Mills, Inc.',
    ' Compound Name Clear Resin — —          ——',
    ' NAME OF SUPPLIER       Orlen Tanning',
    ' Name Title Date',
  ].join('\n');
  t.same(pairsOf(text), [
    ['Client Name', 'Harwell Mills, Inc.'],
    ['Compound Name', 'Clear Resin'],
    ['NAME OF SUPPLIER', 'Orlen Tanning'],
  ]);
});
