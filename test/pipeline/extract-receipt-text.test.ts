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
  'SYARIKAT PERNIAGAAN HOCK LAI',
  '(72415-D)',
  'NO 118, JALAN BATU NILAM,',
  'KEPONG,',
  '52100, KUALA LUMPUR.',
  'TEL : 03-61875520',
  'GST ID : 000418862031',
  'SIMPLIFIED TAX INVOICE',
  'DOC NO.',
  ': CS00031875',
  'DATE : 12/02/2018',
  'ITEM',
  'QTY',
  'AMOUNT',
  'CAPTAIN 700 WHITEBOARD MARKER',
  '1',
  '18.60',
  'TOTAL QTY:',
  '3',
  'TOTAL SALES (EXCLUDING GST) :',
  '22.45',
  'TOTAL GST :',
  '1.35',
  'TOTAL AMT PAYABLE (INCLUSIVE GST)',
  '23.80',
  'CASH',
  '50.00',
  'CHANGE',
  '26.20',
];

t.test('a receipt with its labels and values on separate lines', async (t) => {
  t.same(extract(STATIONERY), {
    company: 'SYARIKAT PERNIAGAAN HOCK LAI',
    date: '2018-02-12',
    address: 'NO 118, JALAN BATU NILAM, KEPONG, 52100, KUALA LUMPUR.',
    total: 23.8,
  });
});

t.test('a total asked for as a string is the figure as printed, not the item count or a label', async (t) => {
  const data = extract(STATIONERY, STRING_SCHEMA);
  t.equal(data.total, '23.80', 'not "3" (the TOTAL QTY) nor the words after the TOTAL label');
  t.equal(data.date, '12/02/2018', 'a date asked for as a plain string, as printed');
  const currencyLine = extract(['WENG FATT ENTERPRISE', 'DATE : 20-03-18', 'TOTAL :', 'RM', '20.00'], STRING_SCHEMA);
  t.equal(currencyLine.total, '20.00', '"TOTAL :" / "RM" / "20.00"');
});

t.test('a TOTAL column caption over the items is not the total', async (t) => {
  const data = extract([
    'Pinewood Grill Restaurants Sdn Bhd',
    'TAX INVOICE',
    '16/05/2013 19:07:41',
    'QTY DESCRIPTION                   TOTAL',
    '  1 Iced Peach                     3.45',
    '  1 Egg Muffin                     4.10',
    'Dine-In Total (incl Tax)          12.64',
  ]);
  t.equal(data.total, 12.64);
});

t.test('a column caption over the items after a blank line is not the total', async (t) => {
  const data = extract([
    'COLLECTION ORDER',
    '',
    '  QTY DESCRIPTION            AMOUNT',
    '',
    '   1 Ginger Duck              38.00',
    '   1 Corn Chowder             24.50',
    '',
    '          GROSS AMT:          62.50',
  ]);
  t.equal(data.total, 62.5);
});

t.test('the total the cash less the change paid, not a summary row labelled TOTAL', async (t) => {
  const data = extract([
    'SERI PURNAMA RETAIL (M) BHD',
    '(274415-P)',
    '2ND FLR, PURNAMA TAMAN MEWAH SC',
    'JLN PERDANA, TAMAN MEWAH',
    'AMPANG, 68000 KUALA LUMPUR',
    'GST ID : 001875230416',
    'SUB-TOTAL',
    '18.90',
    'TOTAL SALES INCLUSIVE GST',
    '18.90',
    'CASH',
    '50.00',
    'CHANGE AMOUNT',
    '31.10',
    'GST SUMMARY',
    'AMOUNT',
    'TAX',
    'TOTAL',
    '17.83',
    '1.07',
    '21/03/2018 16:25 3051 014 0187325',
  ]);
  t.equal(data.total, 18.9);
  t.equal(data.date, '2018-03-21', 'an unlabelled date far down the receipt');
  t.equal(
    data.address,
    '2ND FLR, PURNAMA TAMAN MEWAH SC, JLN PERDANA, TAMAN MEWAH, AMPANG, 68000 KUALA LUMPUR',
    'the floor and the street without a number above the postcode line belong to the address',
  );
});

t.test('a rounding down below the subtotal is the total', async (t) => {
  const data = extract([
    'PASARAYA SINAR HOLDINGS BERHAD',
    'LOT 4, JALAN ANGGERIK,',
    'SEKSYEN 15, 40200 SHAH ALAM',
    '24/03/2018 11:22:02',
    'SUB TOTAL',
    '12.37',
    'ROUNDING',
    '-0.02',
    'TOTAL AMOUNT',
    '12.35',
    'CASH',
    '20.00',
    'CHANGE',
    '7.65',
  ]);
  t.equal(data.total, 12.35);
});

t.test('the issuer without a legal form: the line that names a trade, in any case', async (t) => {
  const named = extract([
    'ong mei fong',
    'KEDAI UBAT & RUNCIT SIN LEE',
    'NO. 12, JALAN PASAR BARU,',
    '31400 IPOH, PERAK',
    'TEL: 05-241 6038',
    'DATE: 04/06/2018',
    'TOTAL',
    'RM10.50',
  ]);
  t.equal(named.company, 'KEDAI UBAT & RUNCIT SIN LEE', 'not the name above it, nor both joined');
  t.equal(named.total, 10.5);
  const lowerCase = extract([
    'restoran kak yah',
    '003117204-P',
    'No.7, Jalan Cempaka 21/4,',
    'Seksyen 4, Bandar Tasik Permai,',
    '43300 Balakong, Selangor',
    'GST Reg. No : 002418653017',
    'Date : 14-03-2018 12:51:06',
    'Total (Inclusive GST):',
    '5.60',
  ]);
  t.equal(lowerCase.company, 'restoran kak yah');
  t.equal(lowerCase.address, 'No.7, Jalan Cempaka 21/4, Seksyen 4, Bandar Tasik Permai, 43300 Balakong, Selangor');
});

t.test('a street line written "NO: 28, JALAN ..." is part of the address, not a labelled number', async (t) => {
  const data = extract([
    'CAHAYA FOTO SDN BHD',
    '1120473-T',
    'NO: 41, JALAN DELIMA 2/3,',
    'TAMAN DELIMA JAYA,',
    '81200 JOHOR BAHRU, JOHOR.',
    'TEL : 07-3361 502',
    'INVOICE NO: IV0203174',
    'TOTAL INCL. GST:',
    '12.53',
    'ROUNDING ADJ:',
    '0.02',
    'NETT TOTAL:',
    '12.55',
  ]);
  t.equal(data.address, 'NO: 41, JALAN DELIMA 2/3, TAMAN DELIMA JAYA, 81200 JOHOR BAHRU, JOHOR.');
  t.equal(data.total, 12.55, 'the total after rounding');
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
    subtotal: { type: 'number', description: 'Subtotal of the items, before tax and tip' },
    tax: { type: 'number', description: 'Tax charged, all tax lines added up' },
    tips: { type: 'number', description: 'Tip or gratuity left' },
    total: { type: 'number', description: 'Grand total of the receipt' },
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
      'SYARIKAT PERNIAGAAN KWAN',
      'FOOK S/B',
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
    company: 'SYARIKAT PERNIAGAAN KWAN FOOK S/B',
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
    'Tamarind Leaf',
    'Saffron Hospitality & Foods Pvt. Ltd.',
    'B-14, Lakeview Arcade',
    'Sector 3, Palm Vihar',
    'Contact : 0124 - 555 4821',
    '18/07/2015 21:12',
    'Total 846.00',
  ];
  const store = extract(lines, { type: 'object', properties: { store_name: { type: 'string' } } });
  t.equal(store.store_name, 'Tamarind Leaf');
  t.equal(extract(lines, STRING_SCHEMA).company, 'Saffron Hospitality & Foods Pvt. Ltd.');
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
      'SENG LEE STATIONERY & BOOKS',
      'NO. 21, JALAN BESAR, 72100 BAHAU,',
      'DATE: 04/01/2018',
      'T0TAL :',
      '17.00',
      'CASH :',
      '20.00',
      'CHANGE:',
      '3.00',
    ]);
    t.equal(digit.total, 17);
    const garbled = extract([
      'MURNI CAFE',
      'DATE 09/14/2013',
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
    'TECK HUAT HARDWARE ENTERPRISE',
    '(TAMAN MEWAH) SDN BHD',
    '(123456-X)',
    'NO. 17-G, JALAN MAWAR 3,',
    'TAMAN MEWAH, SEKSYEN 7,',
    '40170 SHAH ALAM.',
    'TEL: 03 - 5512 3344',
    'DATE: 01/03/2018',
    'TOTAL (INCLUSIVE OF GST):',
    '91.00',
  ];
  t.equal(extract(lines, STRING_SCHEMA).company, 'TECK HUAT HARDWARE ENTERPRISE (TAMAN MEWAH) SDN BHD');
  const noisy = ['  TECK HUAT HARDWARE ENTERPRISE', '  (TAMAN MEWAH) SDN BHD  ', ' (123456-X)', ...lines.slice(3)];
  t.equal(extract(noisy, STRING_SCHEMA).company, 'TECK HUAT HARDWARE ENTERPRISE (TAMAN MEWAH) SDN BHD');
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
    store_name: { type: 'string', description: 'Store, restaurant or merchant name, as shown on the receipt' },
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
      'SUBTOTAL      52.84',
      'TAX            3.49',
      'TOTAL         56.33',
      "THANK YOU FOR SHOPPING AT DALTON'S",
    ],
    DESCRIBED_SCHEMA,
  );
  t.equal(clean.store_name, "DALTON'S");
  const noisy = extract(
    [
      '                 ph 503-555-7302',
      '|             Thank You for Visiting, ZUMA',
      '             Home of the Crispiest Crepes!!!',
      '        Credit Purchase    e 7 ai',
    ],
    DESCRIBED_SCHEMA,
  );
  t.equal(noisy.store_name, 'ZUMA', 'over the slogan under it');
  const legal = extract(
    ['MR. T.O.P. (M) SDN BHD', '(CO. REG : 741902-H)', 'TOTAL RM 33.90', 'THANK YOU FOR SHOPPING AT MR TOP'],
    STRING_SCHEMA,
  );
  t.equal(legal.company, 'MR. T.O.P. (M) SDN BHD', 'the legal name stays the company');
  const us = extract(['CORNER CAFE', 'TOTAL 5.00', 'Thank you for shopping with us!'], DESCRIBED_SCHEMA);
  t.equal(us.store_name, 'CORNER CAFE', '"us" names no shop');
});
