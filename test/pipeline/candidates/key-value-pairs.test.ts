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
  t.same(pairsOf('Subject: Progress Report.          —£m\nName:  Peg Hollister       N49'), [
    ['Subject', 'Progress Report.'],
    ['Name', 'Peg Hollister'],
  ]);
});

t.test('clock times and addresses of the web are not labels', async (t) => {
  t.same(pairsOf('Start at 8:00 sharp\nSee http://example.org'), []);
});

t.test('a value that wraps onto lines indented to its column reads as one', async (t) => {
  const text = ['Suggestion:   Discontinue the analyses on', '              submitted samples.', 'Owner: Lab'].join(
    '\n',
  );
  t.same(pairsOf(text), [
    ['Suggestion', 'Discontinue the analyses on submitted samples.'],
    ['Owner', 'Lab'],
  ]);
});

t.test('a label line with its value on the line under it', async (t) => {
  t.same(pairsOf('NATURE OF WORK:\n   Advise whether the sample is acceptable\n\nDATE:'), [
    ['NATURE OF WORK', 'Advise whether the sample is acceptable'],
  ]);
});

t.test('label and value cells across a column gap, and a ruled cell', async (t) => {
  t.same(pairsOf('Charity number        1098453\nTipping Length      25 mm      Supplier _ Brisk'), [
    ['Charity number', '1098453'],
    ['Tipping Length', '25 mm'],
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
  const text = 'REQUEST FORM\n\nRequest No.: 25-84\nCountry:  Belgium\nProduct:\n  Filter cigarettes';
  const result = extractFields({ text, pages: [text] } as never, { jsonSchema, promptHints: null } as never);
  t.same(result.data, {
    fields: [
      { key: 'Request No.', value: '25-84' },
      { key: 'Country', value: 'Belgium' },
      { key: 'Product', value: 'Filter cigarettes' },
    ],
  });
});

/** Form layouts, each a small form and the pairs a reader takes from it in reading order. */
const LAYOUTS: { rule: string; lines: string[]; pairs: [string, string][] }[] = [
  {
    rule: 'a value ends at a wide column gap; the next column holds its own label and value',
    lines: [
      'Date:   4/18/91                              No.       6',
      'Ext. Auth. Date     4/15/91        Current Bal. Available:      184,300.00',
      '(9) "TAR": 11 mg                        0.8 mg (Jan. Report)',
    ],
    pairs: [
      ['Date', '4/18/91'],
      ['No.', '6'],
      ['Ext. Auth. Date', '4/15/91'],
      ['Current Bal. Available', '184,300.00'],
      ['(9) "TAR"', '11 mg'],
    ],
  },
  {
    rule: 'a short value does not wrap onto the next line of a long line',
    lines: ['Replaces: New                  Date:   May 7, 1983', '05045', 'Place of Manufacture: VARLONA', '—eT'],
    pairs: [
      ['Replaces', 'New'],
      ['Date', 'May 7, 1983'],
      ['Place of Manufacture', 'VARLONA'],
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
    lines: ['Research Request Attached:       Yes   x   No', 'Budgeted:   Yes x _ No'],
    pairs: [
      ['Yes', 'x'],
      ['Yes', 'x'],
    ],
  },
  {
    rule: 'a label and its figure in one cell, one space apart',
    lines: [
      'JOB NO. 6213',
      'Dry Wt. With Adhesive 87.6 gms.           F.P.M. No. 2 Roller      362.5',
      'Total Denier as Marked 46,000             Width of Band            Good',
      'Date Made 10/7/64 — Tobacco Used',
      'Issued May 7, 1983',
      'DATE_ March 4, 1976',
    ],
    pairs: [
      ['JOB NO.', '6213'],
      ['Dry Wt. With Adhesive', '87.6 gms.'],
      ['F.P.M. No. 2 Roller', '362.5'],
      ['Total Denier as Marked', '46,000'],
      ['Width of Band', 'Good'],
      ['Date Made', '10/7/64'],
      ['Issued', 'May 7, 1983'],
      ['DATE', 'March 4, 1976'],
    ],
  },
  {
    rule: 'a line of its own label and value cells is not the value of a label above it',
    lines: ['Tipping Paper:             Adhesive:', 'Supplier(s)     Vantor     Supplier(s) _ Brisk'],
    pairs: [
      ['Supplier(s)', 'Vantor'],
      ['Supplier(s)', 'Brisk'],
    ],
  },
  {
    rule: 'a label does not open with a joining word: the words before a narrow gap belong to it',
    lines: ['Reason(s)   for Recommendation:   Shortest lead times'],
    pairs: [['Reason(s) for Recommendation', 'Shortest lead times']],
  },
  {
    rule: "a scan's stray quote or dot before a label is no part of it",
    lines: ['‘COUPON VALUE          $0.50 OFF ITEM', '“Client:  Fenwick Trading Co.'],
    pairs: [
      ['COUPON VALUE', '$0.50 OFF ITEM'],
      ['Client', 'Fenwick Trading Co.'],
    ],
  },
  {
    rule: 'a caption alone on its line takes the value under it, unless that line is labels of its own',
    lines: [' CIRCULATION', '                  31,872', '', ' BRAND(S) APPLICABLE', ' MEDIA TYPE          DIRECT MAIL'],
    pairs: [
      ['CIRCULATION', '31,872'],
      ['MEDIA TYPE', 'DIRECT MAIL'],
    ],
  },
  {
    rule: 'a value cell goes on over the lines aligned under it, up to a line of its own label and value',
    lines: [
      ' Brief Description      3 Lakeside Booth Displays for use at Harbor Cup and Ridge',
      '                        Kite Festival Days.',
      ' PROJECT NAME           GOLD MEADOW Full Flavor Large Size Biscuits and more',
      ' PROJECT LEADER         K. Ormond',
      ' TO:      Dr. Ray Fenwick,',
      '          Dept. Product Testing',
      'o',
    ],
    pairs: [
      ['Brief Description', '3 Lakeside Booth Displays for use at Harbor Cup and Ridge Kite Festival Days.'],
      ['PROJECT NAME', 'GOLD MEADOW Full Flavor Large Size Biscuits and more'],
      ['PROJECT LEADER', 'K. Ormond'],
      ['TO', 'Dr. Ray Fenwick, Dept. Product Testing'],
    ],
  },
  {
    rule: 'a label printed in capitals and its value in other letters, in one cell',
    lines: ['PHYSICAL APPEARANCE Amber powder', 'COMPOUND CODE K47', 'SPECIAL TRIAL PRODUCTION'],
    pairs: [
      ['PHYSICAL APPEARANCE', 'Amber powder'],
      ['COMPOUND CODE', 'K47'],
    ],
  },
  {
    rule: 'a row of captions over a row of figures: each value under the caption it overlaps',
    lines: [
      ' BLEND           CASING          RECASING          FINAL FLAVOR          MENTHOL',
      '  2153-61        4419            4420              attached              6027',
      ' WORK REQUESTED BY           Marketing',
      ' PROJECT OBJECTIVE           Develop 12-oz canister',
    ],
    pairs: [
      ['BLEND', '2153-61'],
      ['CASING', '4419'],
      ['RECASING', '4420'],
      ['FINAL FLAVOR', 'attached'],
      ['MENTHOL', '6027'],
      ['WORK REQUESTED BY', 'Marketing'],
      ['PROJECT OBJECTIVE', 'Develop 12-oz canister'],
    ],
  },
  {
    rule: "after a label's figure, the next label may follow one space on",
    lines: ['Area: 3 Region: 14', 'Estimated Attendance: _ 650 Dates: March 3'],
    pairs: [
      ['Area', '3'],
      ['Region', '14'],
      ['Estimated Attendance', '650'],
      ['Dates', 'March 3'],
    ],
  },
  {
    rule: 'a grid of options with ticks: an option left blank takes no value, a doubled tick is one mark',
    lines: [
      '   Alabama       x         Louisiana        x        Oklahoma',
      '   Alaska                  Maine            Xx       Oregon         x',
      '   Kansas        x         North Dakota     x        *Denver, Colo.  x',
    ],
    pairs: [
      ['Alabama', 'x'],
      ['Louisiana', 'x'],
      ['Maine', 'X'],
      ['Oregon', 'x'],
      ['Kansas', 'x'],
      ['North Dakota', 'x'],
      ['*Denver, Colo.', 'x'],
    ],
  },
  {
    rule: 'two label cells before a figure: the first is a field left blank',
    lines: [
      '   Tip. Paper Por.        Weight        76.5 g/100',
      '   PROJECT CODE      KM-LR      —     DATE       1/6/92',
    ],
    pairs: [
      ['Weight', '76.5 g/100'],
      ['PROJECT CODE', 'KM-LR'],
      ['DATE', '1/6/92'],
    ],
  },
  {
    rule: 'a colon label left blank before the next label takes the line right under it',
    lines: [
      '   Approved By:                                   Date:',
      '                 Director Sales Planning (to $180,000)',
    ],
    pairs: [['Approved By', 'Director Sales Planning (to $180,000)']],
  },
  {
    rule: 'a label in capitals after a written value, and a blank colon label before a label cell',
    lines: ['   DIVISION NAME:   North Plant DIVISION NAME:         #REP          7'],
    pairs: [
      ['DIVISION NAME', 'North Plant'],
      ['#REP', '7'],
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
    lines: ['  DATE:      -    y     11/26/93        .      TIME:         . 10:15', '', 'Brand: A Smith', 'Cost: $ 5'],
    pairs: [
      ['DATE', '11/26/93'],
      ['TIME', '10:15'],
      ['Brand', 'A Smith'],
      ['Cost', '$ 5'],
    ],
  },
  {
    rule: 'a label follows a figure across a fill-in rule',
    lines: ['  PAGES (including Cover Sheet):     —2 _ HARD COPY TO FOLLOW:    YES'],
    pairs: [
      ['PAGES (including Cover Sheet)', '2'],
      ['HARD COPY TO FOLLOW', 'YES'],
    ],
  },
  {
    rule: 'a longer label cell before a figure; not a sentence going on',
    lines: [
      '    To Be Charged To 1996 Budget                   $47,200',
      '',
      '    We will ship all of the samples on             3/4/91',
    ],
    pairs: [['To Be Charged To 1996 Budget', '$47,200']],
  },
  {
    rule: 'values of labels side by side wrap onto the lines under them, each in its own column',
    lines: [
      '   BRAND: Seasonal Display Kits      ITEM: Counter Rack Quickmart',
      '          Multi-Brand                      Corner Shops',
      '   SUMMARY OF PROJECT: See Attached',
    ],
    pairs: [
      ['BRAND', 'Seasonal Display Kits Multi-Brand'],
      ['ITEM', 'Counter Rack Quickmart Corner Shops'],
      ['SUMMARY OF PROJECT', 'See Attached'],
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
      'ENTITIES:            Bramwell Biscuit Company',
    ],
    pairs: [
      ['COURT', 'Eastham County Superior Court of the State of Norland - No. 481275'],
      ['ENTITIES', 'Bramwell Biscuit Company'],
    ],
  },
  {
    rule: 'a row of three captions with two of them filled in under them',
    lines: [
      '  DATE OF REQUISITION                   REQUISITIONER                          BUDGET NO.',
      '                    871                  Mr. H. Oakenfeld',
    ],
    pairs: [
      ['DATE OF REQUISITION', '871'],
      ['REQUISITIONER', 'Mr. H. Oakenfeld'],
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
    lines: ['        -FROM: DANA KROLL', '        BRANDS(S) APPLICABLE —        HALVERSON-DRAKE'],
    pairs: [
      ['FROM', 'DANA KROLL'],
      ['BRANDS(S) APPLICABLE', 'HALVERSON-DRAKE'],
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
      '   EVENT DATES:   March 3, 1994',
      '                  Harbour Regatta',
      '                  April 9, 1994              275',
    ],
    pairs: [
      [
        'Group A - Night Shift',
        '40 staff, (12 nurses, 20 ~ 30 years old, 28 nurses, 31 ~ 45 years old) who work in two wards',
      ],
      ['EVENT DATES', 'March 3, 1994 Harbour Regatta April 9, 1994'],
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
      '        417   DRIED PEAS                      QRT                  ab',
    ],
    pairs: [
      ['LOT LOT KIND', '417 DRIED PEAS'],
      ['BIN NO.', 'QRT'],
      ['SHELF', 'ab'],
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
    t.same(pairsOf('Tipping Length      25 mm      27 mm\nTotal Weight        974      mg       Glue Area   N/A'), [
      ['Tipping Length', '25 mm 27 mm'],
      ['Total Weight', '974 mg'],
      ['Glue Area', 'N/A'],
    ]);
  },
);

t.test('a value cell that ends in the next label gives that label the value cell after it', async (t) => {
  t.same(pairsOf('Rod Length      84 mm Total Weight      974 mg'), [
    ['Rod Length', '84 mm'],
    ['Total Weight', '974 mg'],
  ]);
  // Without a value cell after it, the words stay in the value.
  t.same(pairsOf('Rod Length      84 mm Total Weight'), [['Rod Length', '84 mm Total Weight']]);
});
