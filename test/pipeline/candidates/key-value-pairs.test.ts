import t from 'tap';
import { extractFields } from '../../../src/pipeline/extract/extract.js';
import { pairProperties } from '../../../src/pipeline/extract/extract-key-values.js';
import { buildDocumentModel } from '../../../src/pipeline/extract/model/document-model.js';
import { keyValuePairs } from '../../../src/pipeline/extract/model/key-value-pairs.js';

const pairsOf = (text: string) => keyValuePairs(buildDocumentModel(text)).map(({ key, value }) => [key, value]);

t.test('a label and its value after a colon, several on one line', async (t) => {
  t.same(pairsOf('Brand: _ KESTREL          Company: R.D.V. Ltd\nName / Ext.: J. Smith — Date: 9/3/92'), [
    ['Brand', 'KESTREL'],
    ['Company', 'R.D.V. Ltd'],
    ['Name / Ext.', 'J. Smith'],
    ['Date', '9/3/92'],
  ]);
});

t.test('a scrap of a few characters across a gap after a value is not part of it', async (t) => {
  t.same(pairsOf('Subject: Weekly Summary.          —£m\nName:  Peg Hollister       N49'), [
    ['Subject', 'Weekly Summary.'],
    ['Name', 'Peg Hollister'],
  ]);
});

t.test('clock times and addresses of the web are not labels', async (t) => {
  t.same(pairsOf('Start at 8:00 sharp\nSee http://example.org'), []);
});

t.test('a value that wraps onto lines indented to its column reads as one', async (t) => {
  const text = ['Suggestion:   Postpone the tastings of all', '              returned batches.', 'Owner: Lab'].join(
    '\n',
  );
  t.same(pairsOf(text), [
    ['Suggestion', 'Postpone the tastings of all returned batches.'],
    ['Owner', 'Lab'],
  ]);
});

t.test('a label line with its value on the line under it', async (t) => {
  t.same(pairsOf('SCOPE OF TASK:\n   Confirm whether the batch is usable\n\nDATE:'), [
    ['SCOPE OF TASK', 'Confirm whether the batch is usable'],
  ]);
});

t.test('label and value cells across a column gap, and a ruled cell', async (t) => {
  t.same(pairsOf('Charity number        1175302\nBinding Length      25 mm      Supplier _ Brisk'), [
    ['Charity number', '1175302'],
    ['Binding Length', '25 mm'],
    ['Supplier', 'Brisk'],
  ]);
});

t.test('ticked check boxes', async (t) => {
  t.same(pairsOf('Overall [x]\n[X] Skip'), [
    ['Overall', 'x'],
    ['Skip', 'X'],
  ]);
});

t.test('an item schema of a label and a value is a key-value pair, told by names or descriptions', async (t) => {
  const string = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });
  t.same(pairProperties({ properties: { key: string(), value: string() } }), { key: 'key', value: 'value' });
  t.same(pairProperties({ properties: { question: string(), answer: string() } }), {
    key: 'question',
    value: 'answer',
  });
  t.same(pairProperties({ properties: { a: string('Label as printed'), b: string('Answer written beside it') } }), {
    key: 'a',
    value: 'b',
  });
  t.equal(pairProperties({ properties: { description: string(), amount: { type: 'number' } } }), null);
});

t.test('an array of key-value items is filled from every pair in reading order', async (t) => {
  const jsonSchema = {
    type: 'object',
    properties: {
      fields: {
        type: 'array',
        items: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } } },
      },
    },
  };
  const text = 'REQUEST FORM\n\nRequest No.: 31-67\nCountry:  Belgium\nProduct:\n  Paper lanterns';
  const result = extractFields({ text, pages: [text] } as never, { jsonSchema, promptHints: null } as never);
  t.same(result.data, {
    fields: [
      { key: 'Request No.', value: '31-67' },
      { key: 'Country', value: 'Belgium' },
      { key: 'Product', value: 'Paper lanterns' },
    ],
  });
});

/** Form layouts, each a small form and the pairs a reader takes from it in reading order. */
const LAYOUTS: { rule: string; lines: string[]; pairs: [string, string][] }[] = [
  {
    rule: 'a value ends at a wide column gap; the next column holds its own label and value',
    lines: [
      'Date:   4/18/91                              No.       6',
      'Rev. Appr. Date     4/15/91        Remaining Amt. On Hand:      172,450.00',
      '(7) "ASH": 14 mg                        0.6 mg (Feb. Report)',
    ],
    pairs: [
      ['Date', '4/18/91'],
      ['No.', '6'],
      ['Rev. Appr. Date', '4/15/91'],
      ['Remaining Amt. On Hand', '172,450.00'],
      ['(7) "ASH"', '14 mg'],
    ],
  },
  {
    rule: 'a short value does not wrap onto the next line of a long line',
    lines: ['Succeeds: New                  Date:   May 9, 1983', '05127', 'Plant of Fabrication: VARLONA', '—eT'],
    pairs: [
      ['Succeeds', 'New'],
      ['Date', 'May 9, 1983'],
      ['Plant of Fabrication', 'VARLONA'],
    ],
  },
  {
    rule: 'a colon opening the value cell ends the label cell before it',
    lines: ['Radio Spots           :20', 'PSA                   :30'],
    pairs: [
      ['Radio Spots', '20'],
      ['PSA', '30'],
    ],
  },
  {
    rule: 'a lone mark after one of several options ticks that option',
    lines: ['Return Envelope Enclosed:       Yes   x   No', 'Funded:   Yes x _ No'],
    pairs: [
      ['Yes', 'x'],
      ['Yes', 'x'],
    ],
  },
  {
    rule: 'a label and its figure in one cell, one space apart',
    lines: [
      'LOT NO. 5127',
      'Gross Wt. With Carton 64.8 gms.           Dial No. 2 Gauge         233.5',
      'Total Units as Shipped 38,000             Grade of Seal            Good',
      'Date Sealed 9/14/71 — Stock Used',
      'Issued May 9, 1983',
      'DATE_ March 3, 1979',
    ],
    pairs: [
      ['LOT NO.', '5127'],
      ['Gross Wt. With Carton', '64.8 gms.'],
      ['Dial No. 2 Gauge', '233.5'],
      ['Total Units as Shipped', '38,000'],
      ['Grade of Seal', 'Good'],
      ['Date Sealed', '9/14/71'],
      ['Issued', 'May 9, 1983'],
      ['DATE', 'March 3, 1979'],
    ],
  },
  {
    rule: 'a line of its own label and value cells is not the value of a label above it',
    lines: ['Wrapping Foil:             Sealant:', 'Provider(s)     Vantor     Provider(s) _ Brisk'],
    pairs: [
      ['Provider(s)', 'Vantor'],
      ['Provider(s)', 'Brisk'],
    ],
  },
  {
    rule: 'a label does not open with a joining word: the words before a narrow gap belong to it',
    lines: ['Motive(s)   for Selection:   Lowest freight costs'],
    pairs: [['Motive(s) for Selection', 'Lowest freight costs']],
  },
  {
    rule: "a scan's stray quote or dot before a label is no part of it",
    lines: ['‘VOUCHER WORTH         $0.75 OFF ITEM', '“Client:  Fenwick Trading Co.'],
    pairs: [
      ['VOUCHER WORTH', '$0.75 OFF ITEM'],
      ['Client', 'Fenwick Trading Co.'],
    ],
  },
  {
    rule: 'a caption alone on its line takes the value under it, unless that line is labels of its own',
    lines: [' PRINT RUN', '                  27,415', '', ' OUTLET(S) INCLUDED', ' CHANNEL TYPE        SHOP WINDOW'],
    pairs: [
      ['PRINT RUN', '27,415'],
      ['CHANNEL TYPE', 'SHOP WINDOW'],
    ],
  },
  {
    rule: 'a value cell goes on over the lines aligned under it, up to a line of its own label and value',
    lines: [
      ' Short Description      3 Lakeside Booth Displays for use at Harbor Cup and Ridge',
      '                        Kite Festival Days.',
      ' PROJECT NAME           GOLD MEADOW Crisp Oat Family Size Biscuits and more',
      ' PROJECT OWNER          K. Ormond',
      ' TO:      Dr. Ray Fenwick,',
      '          Dept. Product Testing',
      'o',
    ],
    pairs: [
      ['Short Description', '3 Lakeside Booth Displays for use at Harbor Cup and Ridge Kite Festival Days.'],
      ['PROJECT NAME', 'GOLD MEADOW Crisp Oat Family Size Biscuits and more'],
      ['PROJECT OWNER', 'K. Ormond'],
      ['TO', 'Dr. Ray Fenwick, Dept. Product Testing'],
    ],
  },
  {
    rule: 'a label printed in capitals and its value in other letters, in one cell',
    lines: ['VISIBLE COLOUR Amber powder', 'MIXTURE CODE K47', 'SPECIAL PILOT BATCH'],
    pairs: [
      ['VISIBLE COLOUR', 'Amber powder'],
      ['MIXTURE CODE', 'K47'],
    ],
  },
  {
    rule: 'a row of captions over a row of figures: each value under the caption it overlaps',
    lines: [
      ' BASE            COATING         RECOATING         TOP FINISH            GLAZE',
      '  3174-52        5128            5129              enclosed              7035',
      ' TASK ORDERED BY             Marketing',
      ' PROJECT PURPOSE             Design 16-oz tin',
    ],
    pairs: [
      ['BASE', '3174-52'],
      ['COATING', '5128'],
      ['RECOATING', '5129'],
      ['TOP FINISH', 'enclosed'],
      ['GLAZE', '7035'],
      ['TASK ORDERED BY', 'Marketing'],
      ['PROJECT PURPOSE', 'Design 16-oz tin'],
    ],
  },
  {
    rule: "after a label's figure, the next label may follow one space on",
    lines: ['Area: 3 Region: 14', 'Expected Visitors: _ 650 Dates: March 3'],
    pairs: [
      ['Area', '3'],
      ['Region', '14'],
      ['Expected Visitors', '650'],
      ['Dates', 'March 3'],
    ],
  },
  {
    rule: 'a grid of options with ticks: an option left blank takes no value, a doubled tick is one mark',
    lines: [
      '   Ashford       x         Lindhurst        x        Oakhurst',
      '   Alston                  Marsh            Xx       Orwell         x',
      '   Kendal        x         North Bridge     x        *Bristol, Avn.  x',
    ],
    pairs: [
      ['Ashford', 'x'],
      ['Lindhurst', 'x'],
      ['Marsh', 'X'],
      ['Orwell', 'x'],
      ['Kendal', 'x'],
      ['North Bridge', 'x'],
      ['*Bristol, Avn.', 'x'],
    ],
  },
  {
    rule: 'two label cells before a figure: the first is a field left blank',
    lines: [
      '   Wrp. Sheet Por.        Weight        81.5 g/100',
      '   PRODUCT CODE      TQ-RB      —     DATE       2/9/93',
    ],
    pairs: [
      ['Weight', '81.5 g/100'],
      ['PRODUCT CODE', 'TQ-RB'],
      ['DATE', '2/9/93'],
    ],
  },
  {
    rule: 'a colon label left blank before the next label takes the line right under it',
    lines: [
      '   Approved By:                                   Date:',
      '                 Head of Regional Buying (to $95,000)',
    ],
    pairs: [['Approved By', 'Head of Regional Buying (to $95,000)']],
  },
  {
    rule: 'a label in capitals after a written value, and a blank colon label before a label cell',
    lines: ['   BRANCH TITLE:   North Plant BRANCH TITLE:         #UNITS          7'],
    pairs: [
      ['BRANCH TITLE', 'North Plant'],
      ['#UNITS', '7'],
    ],
  },
  {
    rule: 'a remark in brackets after the colon qualifies the label; a comma carries the value across a gap',
    lines: [
      '   Early Booking Fee: (prior to October 1)    $120.00',
      '           Date:         January 18,          1995                    i',
      '   .    i TELEPHONE: 44-62381-4417',
    ],
    pairs: [
      ['Early Booking Fee', '$120.00'],
      ['Date', 'January 18, 1995'],
      ['TELEPHONE', '44-62381-4417'],
    ],
  },
  {
    rule: 'specks of the scan beside a value do not end it, nor its continuation lines',
    lines: [
      '       cc:   KLM                                   nN   =',
      '             PTW',
      '[)           JNB',
      '    -        Project Leader                  .',
    ],
    pairs: [['cc', 'KLM PTW JNB Project Leader']],
  },
  {
    rule: 'a speck before a value is no part of it, a letter or a sign one space before it is',
    lines: ['  DATE:      -    y     11/26/93        .      TIME:         . 09:40', '', 'Brand: A Smith', 'Cost: $ 5'],
    pairs: [
      ['DATE', '11/26/93'],
      ['TIME', '09:40'],
      ['Brand', 'A Smith'],
      ['Cost', '$ 5'],
    ],
  },
  {
    rule: 'a label follows a figure across a fill-in rule',
    lines: ['  SHEETS (incl. Cover Page):     —2 _ ORIGINAL BY POST:    YES'],
    pairs: [
      ['SHEETS (incl. Cover Page)', '2'],
      ['ORIGINAL BY POST', 'YES'],
    ],
  },
  {
    rule: 'a longer label cell before a figure; not a sentence going on',
    lines: [
      '    To Be Billed To 1997 Account                   $52,600',
      '',
      '    We will ship all of the samples on             3/4/91',
    ],
    pairs: [['To Be Billed To 1997 Account', '$52,600']],
  },
  {
    rule: 'values of labels side by side wrap onto the lines under them, each in its own column',
    lines: [
      '   BRAND: Seasonal Display Kits      ITEM: Counter Rack Quickmart',
      '          Multi-Brand                      Corner Shops',
      '   SUMMARY OF PROJECT: See Enclosed',
    ],
    pairs: [
      ['BRAND', 'Seasonal Display Kits Multi-Brand'],
      ['ITEM', 'Counter Rack Quickmart Corner Shops'],
      ['SUMMARY OF PROJECT', 'See Enclosed'],
    ],
  },
  {
    rule: 'two labels then words: the second label is the value of the first; a mark printed twice stays',
    lines: ['   Customer       K&R                 R E e E | A E D', '', '   Shuttle seat bookings needed   XX'],
    pairs: [
      ['Customer', 'K&R'],
      ['Shuttle seat bookings needed', 'XX'],
    ],
  },
  {
    rule: 'words in capitals back at the labels column do not carry on a value in other letters',
    lines: [
      'COURT:               Eastham County Superior Court of the State of Norland - No. 481275',
      'BRAMWELL                     -',
      'DEFENDANT:           Bramwell Biscuit Company',
    ],
    pairs: [
      ['COURT', 'Eastham County Superior Court of the State of Norland - No. 481275'],
      ['DEFENDANT', 'Bramwell Biscuit Company'],
    ],
  },
  {
    rule: 'a row of three captions with two of them filled in under them',
    lines: [
      '  NUMBER OF SHIPMENTS                   AUTHORISED BY                          BUDGET NO.',
      '                    871                  Mr. H. Oakenfeld',
    ],
    pairs: [
      ['NUMBER OF SHIPMENTS', '871'],
      ['AUTHORISED BY', 'Mr. H. Oakenfeld'],
    ],
  },
  {
    rule: 'a line of labels and values over another is no row of captions over values',
    lines: [
      '          City         Lorvik                    State   OR',
      '           Zip Code    97312           Telephone    (503) 555-0142',
    ],
    pairs: [
      ['City', 'Lorvik'],
      ['State', 'OR'],
      ['Zip Code', '97312'],
      ['Telephone', '(503) 555-0142'],
    ],
  },
  {
    rule: 'a dash before a label and a rule after it are no part of it',
    lines: ['        -FROM: DANA KROLL', '        OUTLETS(S) COVERED —          HALVERSON-DRAKE'],
    pairs: [
      ['FROM', 'DANA KROLL'],
      ['OUTLETS(S) COVERED', 'HALVERSON-DRAKE'],
    ],
  },
  {
    rule: 'specks of the scan among value cells are no part of the value',
    lines: ['  WEIGHT     -    y     14/05/93        .', '  GRADE      A'],
    pairs: [
      ['WEIGHT', '14/05/93'],
      ['GRADE', 'A'],
    ],
  },
  {
    rule: 'two labels then a figure far off in another column: the second label is the value of the first',
    lines: ['    Make      TORVALD                                          7'],
    pairs: [['Make', 'TORVALD']],
  },
  {
    rule: 'a run of dashes between a label and its figure is a fill-in rule',
    lines: ['    Units Shipped ————412'],
    pairs: [['Units Shipped', '412']],
  },
  {
    rule: 'a scrap of the scan before a cell of a label and its figure is no label',
    lines: ['     co       Batch No. 5512-07'],
    pairs: [['Batch No.', '5512-07']],
  },
  {
    rule: 'the number of a numbered list before a colon label is no part of it',
    lines: ['   2. Papers Filed: Notice of Appeal', '   3, Venue:  — District Court of Eastham'],
    pairs: [
      ['Papers Filed', 'Notice of Appeal'],
      ['Venue', 'District Court of Eastham'],
    ],
  },
  {
    rule: 'a value typed a little above its blank colon label belongs to it, not to the value above',
    lines: [
      '   Mailing House: ORBIX',
      '                           450',
      '   Copies Printed:',
      '   Return Rate:            20.00 %',
      '                           90',
      '   Expected Returns:',
    ],
    pairs: [
      ['Mailing House', 'ORBIX'],
      ['Copies Printed', '450'],
      ['Return Rate', '20.00 %'],
      ['Expected Returns', '90'],
    ],
  },
  {
    rule: "the edges of a label's or a value's box read as brackets and bars are no part of them",
    lines: [
      '  [Date [15.03.2001',
      '     Anna Brook       Field Liaison | Pat Jonas',
      '    ACCOUNT NUMBER       402-113-0098 [SY',
      '    MEMO: [Please review the figures.',
    ],
    pairs: [
      ['Date', '15.03.2001'],
      ['Field Liaison', 'Pat Jonas'],
      ['ACCOUNT NUMBER', '402-113-0098'],
      ['MEMO', 'Please review the figures.'],
    ],
  },
  {
    rule: 'a value goes on over lines aligned under it, past scraps far right of them and a postcode after words',
    lines: [
      '         Send to:     Mr. Olaf Brenner',
      '                      Northfield Growers Guild                2',
      '                      Lakeside, Avon, Norland QX4 7B2         n',
      '   E',
    ],
    pairs: [['Send to', 'Mr. Olaf Brenner Northfield Growers Guild Lakeside, Avon, Norland QX4 7B2']],
  },
  {
    rule: 'a lone letter without a colon is no label: a speck of the scan, or a value',
    lines: ['  E            Harbour Lane', '  Grade        B'],
    pairs: [['Grade', 'B']],
  },
  {
    rule: 'specks and fill-in rules beside a caption or its value leave them a caption and its value',
    lines: [
      '   REVIEWERS - COMMENTS/FOLLOW UP _          —      _—',
      '   Samples arrived late in the week. —   ————]',
      '',
      '   CONTACT',
      ' ©              Ida N. Vale          _ —       .',
    ],
    pairs: [
      ['REVIEWERS - COMMENTS/FOLLOW UP', 'Samples arrived late in the week.'],
      ['CONTACT', 'Ida N. Vale'],
    ],
  },
  {
    rule: 'a colon label over a caption with its value under it heads a section',
    lines: ['PLEASE DELIVER THIS PARCEL TO:', '   NAME', '            R. T. Quill'],
    pairs: [['NAME', 'R. T. Quill']],
  },
  {
    rule: 'two captions in a row are headings, unless a typed value stands under a caption in capitals',
    lines: ['   Travel Plans', '   Spring Meeting', '', '   CITY', '   Port Anselm'],
    pairs: [['CITY', 'Port Anselm']],
  },
  {
    rule: 'a value goes on over a line that wraps back to the labels, and over a date; a far cell is another column',
    lines: [
      '   Group A - Night Shift: 40 staff, (12 nurses, 20 ~ 30 years old, 28',
      '   nurses, 31 ~ 45 years old) who work in two wards',
      '   SHOW DATES:    March 3, 1994',
      '                  Harbour Regatta',
      '                  April 9, 1994              275',
    ],
    pairs: [
      [
        'Group A - Night Shift',
        '40 staff, (12 nurses, 20 ~ 30 years old, 28 nurses, 31 ~ 45 years old) who work in two wards',
      ],
      ['SHOW DATES', 'March 3, 1994 Harbour Regatta April 9, 1994'],
    ],
  },
  {
    rule: 'a mark set off by a space before a label is no part of it',
    lines: ['   $ SENDER:   Q R Holdings Ltd', '   - Lot #     K/QX-12-07'],
    pairs: [
      ['SENDER', 'Q R Holdings Ltd'],
      ['Lot #', 'K/QX-12-07'],
    ],
  },
  {
    rule: "after a number's label, a code of letters and digits one space on is the value",
    lines: [
      'Vendor(s)      Larkin            Vendor(s)      Moss',
      'Vendor Ref No.   P.41207         Vendor Ref No. Q.R,5521',
    ],
    pairs: [
      ['Vendor(s)', 'Larkin'],
      ['Vendor(s)', 'Moss'],
      ['Vendor Ref No.', 'P.41207'],
      ['Vendor Ref No.', 'Q.R,5521'],
    ],
  },
  {
    rule: 'a ticked box before an option, a doubled tick, and a mark right before the next option tick that option',
    lines: [
      'Delivery:  (X) Express Post  ( ) Courier         Ref   7',
      '           {| Collection',
      'Copies:        ONE XxX          TWO',
      'REPLY NEEDED:   YES              X _NO',
    ],
    pairs: [
      ['Express Post', '(X)'],
      ['Ref', '7'],
      ['ONE', 'X'],
      ['NO', 'X'],
    ],
  },
  {
    rule: 'a semicolon before a column gap is a misread colon; scraps without letters before a label are no part of it',
    lines: ['   4. Place of Delivery;   North Quay, Port Anselm', '   ++3/--/2** Rough Estimate:        60-75% Range'],
    pairs: [
      ['Place of Delivery', 'North Quay, Port Anselm'],
      ['Rough Estimate', '60-75% Range'],
    ],
  },
  {
    rule: 'values starting under their captions, one a figure, are a row of captions over values',
    lines: [
      '        LOT LOT KIND         GRADE             BIN NO.              SHELF',
      '        417   DRIED PEAS                      QRT                  B4',
    ],
    pairs: [
      ['LOT LOT KIND', '417 DRIED PEAS'],
      ['BIN NO.', 'QRT'],
      ['SHELF', 'B4'],
    ],
  },
  {
    rule: 'a caption over a scrap, a scrap over a value, and a heading over a heading give no pair',
    lines: [
      '   .   SHIPPING LOG   .',
      '  Monthly Summary     -',
      '',
      '      Rk',
      '   Harbour Lane',
      '',
      '   ORDER',
      '                ha',
    ],
    pairs: [],
  },
  {
    rule: 'a caption in capitals left of a long value heads the next section, not the end of the value',
    lines: ['SUBJECT:          ANNUAL DEPOT INVENTORY, - STATUS REPORT', '               SHIPPING                ]'],
    pairs: [['SUBJECT', 'ANNUAL DEPOT INVENTORY, - STATUS REPORT']],
  },
  {
    rule: 'one word ending in a full stop is an abbreviated label, not a sentence',
    lines: ['    Wrap Paper Por.                       Resin.             4% Gum'],
    pairs: [['Resin.', '4% Gum']],
  },
  {
    rule: 'an abbreviation whose full stop the scan read as a comma still ends a label',
    lines: ['   Trial Batch No, 7781'],
    pairs: [['Trial Batch No,', '7781']],
  },
  {
    rule: 'a tick the scan doubled inside its box is one mark',
    lines: ['   (a) Damage to goods            ..              (Xx)'],
    pairs: [['(a) Damage to goods', '(X)']],
  },
];

for (const layout of LAYOUTS) {
  t.test(layout.rule, async (t) => {
    t.same(pairsOf(layout.lines.join('\n')), layout.pairs);
  });
}

t.test(
  'a label takes every value cell after it up to the next label: figures of several columns and a unit',
  async (t) => {
    t.same(pairsOf('Binding Length      25 mm      27 mm\nTotal Weight        863      mg       Seal Area   N/A'), [
      ['Binding Length', '25 mm 27 mm'],
      ['Total Weight', '863 mg'],
      ['Seal Area', 'N/A'],
    ]);
  },
);

t.test('a value cell that ends in the next label gives that label the value cell after it', async (t) => {
  t.same(pairsOf('Bar Length      72 mm Total Weight      863 mg'), [
    ['Bar Length', '72 mm'],
    ['Total Weight', '863 mg'],
  ]);
  // Without a value cell after it, the words stay in the value.
  t.same(pairsOf('Bar Length      72 mm Total Weight'), [['Bar Length', '72 mm Total Weight']]);
});
