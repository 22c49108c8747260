import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { textDocument } from './fixtures.js';

/**
 * Shop receipts as plain text in reading order (each printed field on its own line, as a reader
 * of the paper copy types it out): the issuer, its address, the date and the total, whatever the
 * receipt calls them, through the whole extraction.
 */

const TYPED_SCHEMA = {
  type: 'object',
  properties: {
    company: { type: 'string', description: 'Name of the company that issued the receipt' },
    date: { type: 'string', format: 'date' },
    address: { type: 'string', description: 'Address of the company' },
    total: { type: 'number', description: 'Total amount paid' },
  },
};

/** The same fields as a user writes them when every value is a string as printed. */
const STRING_SCHEMA = {
  type: 'object',
  properties: {
    company: { type: 'string' },
    date: { type: 'string' },
    address: { type: 'string' },
    total: { type: 'string' },
  },
};

function extract(lines: readonly string[], schema: Record<string, unknown> = TYPED_SCHEMA) {
  return extractFields(textDocument(lines.join('\n')), {
    code: 'receipt',
    name: 'Receipt',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  }).data;
}

const STATIONERY = [
  'SYARIKAT PERNIAGAAN GIN KEE',
  '(81109-A)',
  'NO 290, JALAN AIR PANAS,',
  'SETAPAK,',
  '53200, KUALA LUMPUR.',
  'TEL : 03-40210276',
  'GST ID : 000750673920',
  'SIMPLIFIED TAX INVOICE',
  'DOC NO.',
  ': CS00012406',
  'DATE : 10/02/2018',
  'ITEM',
  'QTY',
  'AMOUNT',
  'ARTLINE 500 PERMANENT MARKER',
  '1',
  '21.20',
  'TOTAL QTY:',
  '3',
  'TOTAL SALES (EXCLUDING GST) :',
  '25.09',
  'TOTAL GST :',
  '1.51',
  'TOTAL AMT PAYABLE (INCLUSIVE GST)',
  '26.60',
  'CASH',
  '50.00',
  'CHANGE',
  '23.40',
];

t.test('a receipt with its labels and values on separate lines', async (t) => {
  t.same(extract(STATIONERY), {
    company: 'SYARIKAT PERNIAGAAN GIN KEE',
    date: '2018-02-10',
    address: 'NO 290, JALAN AIR PANAS, SETAPAK, 53200, KUALA LUMPUR.',
    total: 26.6,
  });
});

t.test('a total asked for as a string is the figure as printed, not the item count or a label', async (t) => {
  const data = extract(STATIONERY, STRING_SCHEMA);
  t.equal(data.total, '26.60', 'not "3" (the TOTAL QTY) nor the words after the TOTAL label');
  t.equal(data.date, '10/02/2018', 'a date asked for as a plain string, as printed');
  const currencyLine = extract(['YONG CEN ENTERPRISE', 'DATE : 20-03-18', 'TOTAL :', 'RM', '20.00'], STRING_SCHEMA);
  t.equal(currencyLine.total, '20.00', '"TOTAL :" / "RM" / "20.00"');
});

t.test('a TOTAL column caption over the items is not the total', async (t) => {
  const data = extract([
    'Silver Spoon Restaurants Sdn Bhd',
    'TAX INVOICE',
    '14/05/2013 18:42:17',
    'QTY DESCRIPTION                   TOTAL',
    '  1 Coke Light                     2.95',
    '  1 Beef & Egg                     3.00',
    'Eat-In Total (incl Tax)           11.98',
  ]);
  t.equal(data.total, 11.98);
});

t.test('a column caption over the items after a blank line is not the total', async (t) => {
  const data = extract([
    'HOME DELIVERY',
    '',
    '  QTY DESCRIPTION            AMOUNT',
    '',
    '   1 Ginger Duck              40.00',
    '   1 Corn Chowder             26.00',
    '',
    '          GROSS AMT:          66.00',
  ]);
  t.equal(data.total, 66);
});

t.test('the total the cash less the change paid, not a summary row labelled TOTAL', async (t) => {
  const data = extract([
    'AEON CO. (M) BHD',
    '(126926-H)',
    '3RD FLR, AEON TAMAN MALURI SC',
    'JLN JEJAKA, TAMAN MALURI',
    'CHERAS, 55100 KUALA LUMPUR',
    'GST ID : 002017394688',
    'SUB-TOTAL',
    '17.80',
    'TOTAL SALES INCLUSIVE GST',
    '17.80',
    'CASH',
    '50.00',
    'CHANGE AMOUNT',
    '32.20',
    'GST SUMMARY',
    'AMOUNT',
    'TAX',
    'TOTAL',
    '16.79',
    '1.01',
    '19/03/2018 16:25 4172 026 0261184',
  ]);
  t.equal(data.total, 17.8);
  t.equal(data.date, '2018-03-19', 'an unlabelled date far down the receipt');
  t.equal(
    data.address,
    '3RD FLR, AEON TAMAN MALURI SC, JLN JEJAKA, TAMAN MALURI, CHERAS, 55100 KUALA LUMPUR',
    'the floor and the street without a number above the postcode line belong to the address',
  );
});

t.test('a rounding down below the subtotal is the total', async (t) => {
  const data = extract([
    'MYDIN MOHAMED HOLDINGS BERHAD',
    'LOT 1, JALAN RAJA UDA,',
    'SEKSYEN 13, 40100 SHAH ALAM',
    '25/03/2018 11:22:02',
    'SUB TOTAL',
    '10.84',
    'ROUNDING',
    '-0.04',
    'TOTAL AMOUNT',
    '10.80',
    'CASH',
    '20.00',
    'CHANGE',
    '9.20',
  ]);
  t.equal(data.total, 10.8);
});

t.test('the issuer without a legal form: the line that names a trade, in any case', async (t) => {
  const named = extract([
    'tan chay yee',
    'KEDAI UBAT & RUNCIT HOCK HENG',
    'NO. 12, JALAN PASAR BARU,',
    '31400 IPOH, PERAK',
    'TEL: 05-548 7071',
    'DATE: 04/06/2018',
    'TOTAL',
    'RM10.50',
  ]);
  t.equal(named.company, 'KEDAI UBAT & RUNCIT HOCK HENG', 'not the name above it, nor both joined');
  t.equal(named.total, 10.5);
  const lowerCase = extract([
    'restoran wan sheng',
    '002043319-W',
    'No.2, Jalan Temenggung 19/9,',
    'Seksyen 9, Bandar Mahkota Cheras,',
    '43200 Cheras, Selangor',
    'GST Reg. No : 001335787520',
    'Date : 11-03-2018 13:24:28',
    'Total (Inclusive GST):',
    '4.20',
  ]);
  t.equal(lowerCase.company, 'restoran wan sheng');
  t.equal(lowerCase.address, 'No.2, Jalan Temenggung 19/9, Seksyen 9, Bandar Mahkota Cheras, 43200 Cheras, Selangor');
});

t.test('a street line written "NO: 28, JALAN ..." is part of the address, not a labelled number', async (t) => {
  const data = extract([
    'LIGHTROOM GALLERY SDN BHD',
    '1008745-W',
    'NO: 28, JALAN KASTURI 1/1,',
    'TAMAN KASTURI AMAN,',
    '81300 SKUDAI, JOHOR.',
    'TEL : 07-5543 399',
    'INVOICE NO: IV0106329',
    'TOTAL INCL. GST:',
    '8.48',
    'ROUNDING ADJ:',
    '0.02',
    'NETT TOTAL:',
    '8.50',
  ]);
  t.equal(data.address, 'NO: 28, JALAN KASTURI 1/1, TAMAN KASTURI AMAN, 81300 SKUDAI, JOHOR.');
  t.equal(data.total, 8.5, 'the total after rounding');
});

t.test('total labels that say the tax is included, or count the items', async (t) => {
  const included = extract(
    ['ABC STORE SDN BHD', '05/04/2018', 'Total Sales (Inclusive of GST)', 'RM 1,234.50'],
    STRING_SCHEMA,
  );
  t.equal(included.total, '1,234.50', 'not the tax');
  const counted = extract(['ABC STORE SDN BHD', '05/04/2018', 'TOTAL 2 ITEMS', '4.00'], STRING_SCHEMA);
  t.not(counted.total, '2', 'a count of items is not a sum of money');
});

/** A receipt's amounts as a user describes them. */
const AMOUNTS_SCHEMA = {
  type: 'object',
  properties: {
    subtotal: { type: 'number', description: 'Subtotal before tax and tip' },
    tax: { type: 'number', description: 'Total tax amount (sum of all tax lines)' },
    tips: { type: 'number', description: 'Tip or gratuity amount' },
    total: { type: 'number', description: 'Total amount of the receipt' },
  },
};

t.test('tax and tip are not read from the total line when the receipt prints neither', async (t) => {
  const schema = AMOUNTS_SCHEMA;
  const bare = [
    'CORNER CAFE',
    'Coffee     2.50',
    'Bagel      3.00',
    'Subtotal   5.50',
    'Total      5.50',
    'Cash      10.00',
  ];
  t.same(extract(bare, schema), { subtotal: 5.5, total: 5.5 });
  const full = [
    'CORNER CAFE',
    'Coffee     2.50',
    'Sub Total  2.50',
    'Tax 8%     0.20',
    'Tip        1.00',
    'Total      3.70',
  ];
  t.same(extract(full, schema), { subtotal: 2.5, tax: 0.2, tips: 1, total: 3.7 });
});

t.test('a legal form wrapped onto the line after the name is part of the name', async (t) => {
  const data = extract(
    [
      'SYARIKAT PERNIAGAAN CHOON',
      'HENG S/B',
      '(543210-K)',
      'LOT 7, JALAN PERMATA 3,',
      'TAMAN PERMATA,',
      '43000 KAJANG, SELANGOR.',
      'TEL: 03-8733 1122',
      'TAX INVOICE',
      'DATE: 12/04/2018',
      'PAINT BRUSH 2 3.50 7.00',
      'TOTAL QTY: 2',
      'TOTAL (INCL GST): 7.00',
      'CASH: 10.00',
      'CHANGE: 3.00',
    ],
    STRING_SCHEMA,
  );
  t.same(data, {
    company: 'SYARIKAT PERNIAGAAN CHOON HENG S/B',
    date: '12/04/2018',
    address: 'LOT 7, JALAN PERMATA 3, TAMAN PERMATA, 43000 KAJANG, SELANGOR.',
    total: '7.00',
  });
  const formAlone = extract(
    ['MEGAH JAYA HARDWARE', 'SDN BHD', '(998877-P)', 'NO. 15, JALAN INDUSTRI 2,'],
    STRING_SCHEMA,
  );
  t.equal(formAlone.company, 'MEGAH JAYA HARDWARE SDN BHD');
});

t.test('the shop’s own name, not the company printed as its owner under the address', async (t) => {
  const data = extract(
    [
      'MAWAR STATIONERY SHOP',
      'NO. 12G, JALAN MAWAR 3/2,',
      '40150 SHAH ALAM',
      'Tel: +603-5512 3344',
      'GST Reg No: 001234567890',
      'TAX INVOICE',
      'Owned By :',
      'MAWAR SUPPLY SDN BHD (1122334-K)',
      'Date: 12/03/2018',
      'Total 12.00',
    ],
    STRING_SCHEMA,
  );
  t.equal(data.company, 'MAWAR STATIONERY SHOP');
});

t.test('a total printed before its rounding is not the total, even under the plainer label', async (t) => {
  const lines = [
    'HENG HENG SEAFOOD RESTAURANT',
    'NO 12 JALAN PELABUHAN',
    '42000 PELABUHAN KLANG',
    'DATE: 20/03/2018 21:33',
    'SUBTOTAL: 64.00',
    'SERVICE CHARGE 10%: 6.40',
    'GST 6%: 4.22',
    'TOTAL: 74.62',
    'ROUNDING ADJ: -0.02',
    'TOTAL PAYABLE: 74.60',
  ];
  t.equal(extract(lines, STRING_SCHEMA).total, '74.60');
  t.equal(extract(lines).total, 74.6);
});

t.test('a currency printed against the total under its label is not part of the figure', async (t) => {
  const data = extract(
    ['KEDAI RUNCIT SRI MURNI', 'DATE: 15/03/2018', 'SUGAR 1KG 1 2.85 2.85 SR', 'Total Amount Payable', 'RM2.85'],
    STRING_SCHEMA,
  );
  t.equal(data.total, '2.85');
});

t.test('a branch in brackets above the address is not part of it; a trade noun continues a short name', async (t) => {
  const data = extract(
    ['RESTORAN MURNI', '(SEKSYEN 7)', 'NO 5, JALAN MURNI 2,', '81100 JOHOR BAHRU, JOHOR', 'TOTAL: 2.50'],
    STRING_SCHEMA,
  );
  t.equal(data.address, 'NO 5, JALAN MURNI 2, 81100 JOHOR BAHRU, JOHOR');
  const joined = extract(['SRI MURNI', 'STATIONERY & BOOKSTORE', 'NO 5, JALAN MURNI 2,'], STRING_SCHEMA);
  t.equal(joined.company, 'SRI MURNI STATIONERY & BOOKSTORE');
});

t.test('a store’s name is the name it trades under; a company’s is its legal name', async (t) => {
  const lines = [
    'Lotus Garden',
    'Garden Foods & Beverages Pvt. Ltd.',
    'G-21, Riverside Point',
    'Phase 2, Greenfield',
    'Contact : 0124 - 555 1919',
    '22/06/2015 20:48',
    'Total 971.00',
  ];
  const store = extract(lines, { type: 'object', properties: { store_name: { type: 'string' } } });
  t.equal(store.store_name, 'Lotus Garden');
  t.equal(extract(lines, STRING_SCHEMA).company, 'Garden Foods & Beverages Pvt. Ltd.');
});

t.test('a phone label without a colon ends the address line it is printed on', async (t) => {
  const data = extract(
    [
      'KEDAI MURNI',
      'NO 5, JALAN MURNI 2,',
      'TAMAN MURNI, 43300 SERI KEMBANGAN SELANGOR TEL 03-8945 1234',
      'TOTAL: 2.50',
    ],
    STRING_SCHEMA,
  );
  t.equal(data.address, 'NO 5, JALAN MURNI 2, TAMAN MURNI, 43300 SERI KEMBANGAN SELANGOR');
});

t.test('a registration number printed on the name’s line is not part of the name', async (t) => {
  const lines = (name: string) => [name, 'NO 5, JALAN MURNI 2,', '81100 JOHOR BAHRU, JOHOR', 'TOTAL: 2.50'];
  t.equal(extract(lines('KEDAI MURNI (JM0123456-A)'), STRING_SCHEMA).company, 'KEDAI MURNI');
  t.equal(extract(lines('RESTORAN MURNI MAJU 001234567-A'), STRING_SCHEMA).company, 'RESTORAN MURNI MAJU');
  t.equal(extract(lines('SRI MURNI HARDWARE SDN BHD 123456-A'), STRING_SCHEMA).company, 'SRI MURNI HARDWARE SDN BHD');
  t.equal(extract(lines('MURNI STORE #9416'), STRING_SCHEMA).company, 'MURNI STORE #9416', 'a store number stays');
});

t.test(
  'OCR noise in the total’s label: a digit for a letter, or a label past reading that the sums confirm',
  async (t) => {
    const digit = extract([
      'TEO HENG STATIONERY & BOOKS',
      'NO. 53, JALAN BESAR, 72100 BAHAU,',
      'DATE: 04/01/2018',
      'T0TAL :',
      '16.00',
      'CASH :',
      '20.00',
      'CHANGE:',
      '4.00',
    ]);
    t.equal(digit.total, 16);
    const garbled = extract([
      'MURNI CAFE',
      'DATE 08/20/2012',
      ' ICED TEA             $3.00',
      ' NASI LEMAK           $8.00',
      ' SUBTOTAL            $11.00',
      ' GST 6%               $0.66',
      ' T#T*L :  ,          $11.66',
      ' C4SH                $20.00',
      ' CHANGE               $8.34',
    ]);
    t.equal(garbled.total, 11.66);
  },
);

t.test('a branch in brackets wrapped with the legal form after a complete name is part of the name', async (t) => {
  const lines = [
    'KIM SENG HARDWARE ENTERPRISE',
    '(TAMAN JAYA) SDN BHD',
    '(123456-X)',
    'NO. 17-G, JALAN MAWAR 3,',
    'TAMAN JAYA, SEKSYEN 7,',
    '40170 SHAH ALAM.',
    'TEL: 03 - 5512 3344',
    'DATE: 01/03/2018',
    'TOTAL (INCLUSIVE OF GST):',
    '91.00',
  ];
  t.equal(extract(lines, STRING_SCHEMA).company, 'KIM SENG HARDWARE ENTERPRISE (TAMAN JAYA) SDN BHD');
  const noisy = ['  KIM SENG HARDWARE ENTERPRISE', '  (TAMAN JAYA) SDN BHD  ', ' (123456-X)', ...lines.slice(3)];
  t.equal(extract(noisy, STRING_SCHEMA).company, 'KIM SENG HARDWARE ENTERPRISE (TAMAN JAYA) SDN BHD');
});

t.test('a logo’s name over the same name with its legal form: the company is the legal name', async (t) => {
  const data = extract(
    [
      'QUICKMART',
      'QUICKMART SDN BHD (765432-U)',
      'LOT G-01, GROUND FLOOR, MENARA ABC,',
      '59000 KUALA LUMPUR',
      'GST ID: 000123456789',
      '05/03/2018 18:39',
      'TOTAL RM 12.40',
    ],
    STRING_SCHEMA,
  );
  t.equal(data.company, 'QUICKMART SDN BHD', 'not the two lines joined');
});

/** The fields of a receipt as a user describes a store's name: "the store, restaurant or merchant". */
const DESCRIBED_SCHEMA = {
  type: 'object',
  properties: {
    store_name: { type: 'string', description: 'Name of the store, restaurant or merchant as printed on the receipt' },
    total: { type: 'number' },
  },
};

t.test('a trade noun in the letterhead is a word of the name, not a label of the line under it', async (t) => {
  const data = extract(
    ['VELLUTO', 'RESTAURANT', 'PALM CREST HOTEL', 'AJMAN UAE', 'Amount Due 1873.52'],
    DESCRIBED_SCHEMA,
  );
  t.equal(data.store_name, 'VELLUTO RESTAURANT');
});

t.test('a scrap of a logo OCR read over the name (two letters) is not part of it', async (t) => {
  const data = extract(
    [
      '                EY',
      '          Hickory Hollow Store #214             :',
      '               Cedar Bluff, UT',
      '          Amount Due    $31.46',
    ],
    DESCRIBED_SCHEMA,
  );
  t.equal(data.store_name, 'Hickory Hollow Store #214');
});

t.test('a VAT summary with a zero-rate row leaves the total alone', async (t) => {
  const data = extract(
    [
      'MAHAL TANDOORI',
      '  1 Chicken Tikka                 2x 4.50       9.00',
      '  Total No. Items: 2              Total Amount      £9.00',
      '  VAT Analysis        Net      VAT     Gross',
      '  A = VAT @ 17.5%     7.66     1.34     9.00',
      '  B = VAT @ 5%        0.00     0.00     0.00',
      '  C = VAT @ 0%        0.00     0.00     0.00',
    ],
    AMOUNTS_SCHEMA,
  );
  t.equal(data.total, 9);
});

t.test('the shop a thanks names at the foot of the receipt, where the letterhead is a logo', async (t) => {
  const clean = extract(
    [
      '          4 09 R',
      'SUBTOTAL      57.39',
      'TAX            3.79',
      'TOTAL         61.18',
      "THANK YOU FOR SHOPPING AT DALTON'S",
    ],
    DESCRIBED_SCHEMA,
  );
  t.equal(clean.store_name, "DALTON'S");
  const noisy = extract(
    [
      '                 ph 215-555-7302',
      '|             Thank You for Visiting, QBX',
      '             Towns Tastiest Waaaffles!!!',
      '        Credit Purchase    a 4 ae',
    ],
    DESCRIBED_SCHEMA,
  );
  t.equal(noisy.store_name, 'QBX', 'over the slogan under it');
  const legal = extract(
    ['MR. D.I.Y. (M) SDN BHD', '(CO. REG : 860671-D)', 'TOTAL RM 33.90', 'THANK YOU FOR SHOPPING AT MR DIY'],
    STRING_SCHEMA,
  );
  t.equal(legal.company, 'MR. D.I.Y. (M) SDN BHD', 'the legal name stays the company');
  const us = extract(['CORNER CAFE', 'TOTAL 5.00', 'Thank you for shopping with us!'], DESCRIBED_SCHEMA);
  t.equal(us.store_name, 'CORNER CAFE', '"us" names no shop');
});
