import type { Test } from 'tap';
import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { textDocument } from './fixtures.js';

/**
 * The shop's name and address on receipts typed out as plain text in reading order, in the style of
 * Malaysian and Singaporean shops (a legal form, a registration number, an address block ending at
 * the phone or GST line), asked for two ways: the receipt schema of a store (`store_name`,
 * `store_address`) and the company schema a user writes (`company`, `address`). Every name, street
 * and number is made up.
 */

const STORE_SCHEMA = {
  type: 'object',
  properties: {
    store_name: { type: 'string', description: 'Name of the store, restaurant or merchant as printed on the receipt' },
    store_address: { type: 'string', description: 'Postal address of the store' },
    phone: { type: 'string', description: 'Store telephone number as printed' },
    date: { type: 'string', format: 'date' },
    total: { type: 'number' },
  },
};

const COMPANY_SCHEMA = {
  type: 'object',
  properties: {
    company: { type: 'string' },
    date: { type: 'string' },
    address: { type: 'string' },
    total: { type: 'string' },
  },
};

/** What follows the letterhead on every receipt here. */
const BODY = [
  'DATE: 12/03/2018 14:22',
  'ITEM QTY AMOUNT',
  'TEAPOT BLUE 1 12.00',
  'TOTAL 12.00',
  'CASH 20.00',
  'CHANGE 8.00',
  'THANK YOU',
];

function extract(head: readonly string[], schema: Record<string, unknown>) {
  return extractFields(textDocument([...head, ...BODY].join('\n')), {
    code: 'receipt',
    name: 'Receipt',
    jsonSchema: schema,
    promptHints: null,
    keepPropertyOrdering: true,
    conversionMode: 'json',
  }).data as Record<string, unknown>;
}

/** Both schemas read the same name and address. */
function readsBoth(t: Test, head: readonly string[], name: string, address: string) {
  const store = extract(head, STORE_SCHEMA);
  const company = extract(head, COMPANY_SCHEMA);
  t.equal(store.store_name, name, 'store_name');
  t.equal(store.store_address, address, 'store_address');
  t.equal(company.company, name, 'company');
  t.equal(company.address, address, 'address');
}

/** The store schema reads the brand as the store's name, the company schema the legal name as the company. */
function readsBrandAndLegal(t: Test, head: readonly string[], brand: string, legal: string) {
  t.equal(extract(head, STORE_SCHEMA).store_name, brand, 'store_name');
  t.equal(extract(head, COMPANY_SCHEMA).company, legal, 'company');
}

/** The store schema reads the given fields as expected. */
function readsStore(t: Test, head: readonly string[], expected: Record<string, string | undefined>) {
  const data = extract(head, STORE_SCHEMA);
  for (const [key, value] of Object.entries(expected)) t.equal(data[key], value, key);
}

t.test('letterheads in the common shapes read the same under both schemas', async (t) => {
  readsBoth(
    t,
    [
      'PERNIAGAAN KIM LOONG SDN BHD',
      '(556677-K)',
      'NO 12, JALAN MERANTI 4,',
      'TAMAN SRI MUDA,',
      '40400 SHAH ALAM, SELANGOR.',
      'TEL: 03-5511 2233',
      'GST ID: 001122334455',
    ],
    'PERNIAGAAN KIM LOONG SDN BHD',
    'NO 12, JALAN MERANTI 4, TAMAN SRI MUDA, 40400 SHAH ALAM, SELANGOR.',
  );
  readsBoth(
    t,
    ['HONG WAH TRADING (123456-X)', 'LOT 5, JALAN BUNGA RAYA,', '81200 JOHOR BAHRU, JOHOR', 'TEL: 07-2233445'],
    'HONG WAH TRADING',
    'LOT 5, JALAN BUNGA RAYA, 81200 JOHOR BAHRU, JOHOR',
  );
  readsBoth(
    t,
    [
      'GOLDEN PETAL (M) SDN. BHD.',
      '(654321-W)',
      'LOT 1.02, GROUND FLOOR,',
      'WISMA INDAH, JALAN TUN RAZAK,',
      '50400 KUALA LUMPUR.',
      'TEL : 03-2100 9988 FAX : 03-2100 9989',
    ],
    'GOLDEN PETAL (M) SDN. BHD.',
    'LOT 1.02, GROUND FLOOR, WISMA INDAH, JALAN TUN RAZAK, 50400 KUALA LUMPUR.',
  );
  // No legal form: the letterhead's first line.
  readsBoth(
    t,
    ['SUN FLOWER', 'NO 3, JALAN SS2/10,', '47300 PETALING JAYA', 'TEL: 03-78801122'],
    'SUN FLOWER',
    'NO 3, JALAN SS2/10, 47300 PETALING JAYA',
  );
  readsBoth(
    t,
    [
      'TECK HUAT ENTERPRISE',
      '(JM0123456-D)',
      'NO. 22, JALAN SEROJA,',
      'TAMAN JOHOR JAYA,',
      '81100 JOHOR BAHRU,',
      'JOHOR DARUL TAKZIM.',
      'TEL/FAX: 07-3551234',
    ],
    'TECK HUAT ENTERPRISE',
    'NO. 22, JALAN SEROJA, TAMAN JOHOR JAYA, 81100 JOHOR BAHRU, JOHOR DARUL TAKZIM.',
  );
  readsBoth(
    t,
    ['BLUE HARBOUR PTE LTD', '10 KALLANG AVENUE #03-12', 'SINGAPORE 339510', 'GST REG NO: M2-0012345-6'],
    'BLUE HARBOUR PTE LTD',
    '10 KALLANG AVENUE #03-12, SINGAPORE 339510',
  );
  readsBoth(
    t,
    ['restoran mee lazat', 'no 15, jalan damai 3,', 'taman damai, 56000 cheras', 'tel: 03-91001234'],
    'restoran mee lazat',
    'no 15, jalan damai 3, taman damai, 56000 cheras',
  );
});

t.test('a name wrapped before its legal form is the store’s name whole, not its first line', async (t) => {
  readsBoth(
    t,
    [
      'OCEAN PEARL SEAFOOD RESTAURANT',
      'SDN BHD (445566-A)',
      'LOT 88 JALAN PANTAI',
      '71050 PORT DICKSON',
      'TEL 06-6471234',
    ],
    'OCEAN PEARL SEAFOOD RESTAURANT SDN BHD',
    'LOT 88 JALAN PANTAI, 71050 PORT DICKSON',
  );
  readsBoth(
    t,
    ['UNITED GLOBAL STATIONERY', '& PRINTING SDN BHD', '(123987-V)', '15, JALAN USJ 10/1,', '47620 SUBANG JAYA'],
    'UNITED GLOBAL STATIONERY & PRINTING SDN BHD',
    '15, JALAN USJ 10/1, 47620 SUBANG JAYA',
  );
});

t.test('a scrap set apart above the name over the address is not the name', async (t) => {
  const head = [
    '        KX ZQ',
    '   :  e    7   ;   4  a   ,',
    '',
    '      GOLDEN BIRCH',
    '      18 Orchard Lane',
    '      Millbrook, OH 44999',
    '      (555) 014-2290',
  ];
  readsStore(t, head, { store_name: 'GOLDEN BIRCH', store_address: '18 Orchard Lane, Millbrook, OH 44999' });
});

t.test('without an address line, the place between the name and the phone or web line is the address', async (t) => {
  readsStore(t, ['Harbour Lights', 'Riverside Mall', 'Tel: (555) 014-7788'], {
    store_name: 'Harbour Lights',
    store_address: 'Riverside Mall',
  });
  // A "Web:" line ends the letterhead.
  readsStore(t, ['Blue Fern Tearooms', 'Elm St', 'Web: bluefern.example', 'ABN: 12 345 678 901'], {
    store_name: 'Blue Fern Tearooms',
    store_address: 'Elm St',
  });
  // The place is no name, even under a short one.
  readsStore(t, ['Zest', 'Pine Hill Road', 'Tel: (555) 014-9911'], {
    store_name: 'Zest',
    store_address: 'Pine Hill Road',
  });
  // A trade noun under a short name continues the name; it is no place.
  readsStore(t, ['Anand Mehra', 'Indian Restaurant', 'Tel: (555) 014-3344'], {
    store_name: 'Anand Mehra Indian Restaurant',
    store_address: undefined,
  });
});

t.test(
  'a legal name heading the letterhead is the store’s name too; a brand line over it is the store’s',
  async (t) => {
    readsBoth(
      t,
      ['SPEEDY MART SDN BHD', 'CAWANGAN SERI KEMBANGAN', 'NO 8, JALAN SK 3/2,', '43300 SERI KEMBANGAN, SELANGOR'],
      'SPEEDY MART SDN BHD',
      'NO 8, JALAN SK 3/2, 43300 SERI KEMBANGAN, SELANGOR',
    );
    const head = [
      'MR. NOODLE HOUSE',
      'SRI KENANGA FOOD SDN BHD',
      '(112233-P)',
      'NO 7, JALAN KENANGA 1,',
      '43000 KAJANG',
    ];
    readsBrandAndLegal(t, head, 'MR. NOODLE HOUSE', 'SRI KENANGA FOOD SDN BHD');
  },
);

t.test('an Australian suburb, state and postcode close the address', async (t) => {
  readsStore(t, ['Wattle Bakery', 'Fitzroy VIC 3065', 'Table No: 4'], {
    store_name: 'Wattle Bakery',
    store_address: 'Fitzroy VIC 3065',
  });
});

t.test('a building line the address block starts with is not the name', async (t) => {
  readsStore(t, ['Zest', 'Harbour Plaza', '12 Quay Road', 'Portview, OR 97999', 'Tel: (555) 014-2211'], {
    store_name: 'Zest',
    store_address: 'Harbour Plaza, 12 Quay Road, Portview, OR 97999',
  });
});

t.test('a billing title over the name is no part of it', async (t) => {
  readsStore(
    t,
    ['=Merchant Payment Receipt===', '', 'Lotus Pond Restaurant', 'Level 2 - Riverside Mall', 'Tel: 04 555 0101'],
    { store_name: 'Lotus Pond Restaurant' },
  );
});

t.test('a line with a stray sign read from a logo or rule is no part of the name', async (t) => {
  readsStore(t, ['Brunch ~ Menu * 2 ok', 'MAPLEWOOD INN', '14 CEDAR STREET', 'ASHFORD AB1 2CD', 'TEL 01632 960123'], {
    store_name: 'MAPLEWOOD INN',
    store_address: '14 CEDAR STREET, ASHFORD AB1 2CD',
  });
});

t.test('an address line is read past OCR noise at its margin', async (t) => {
  readsStore(t, ['   DRESS BARN', '   MILLBROOK, OH                     |', '   Table No: 4'], {
    store_address: 'MILLBROOK, OH',
  });
});

t.test('a web address ends the letterhead: it is neither the place nor the name', async (t) => {
  readsStore(t, ['Harbour Lights', 'Riverside Mall', 'harbourlights .com', 'Ph: 555-014-7788'], {
    store_name: 'Harbour Lights',
    store_address: 'Riverside Mall',
  });
});

t.test('a branch’s town and state over a whole address is not the address', async (t) => {
  readsStore(t, ['MEGA WAREHOUSE', 'MILLBROOK, OH', '4410 West Ridge Rd', 'Millbrook, OH 44999', 'Tel: 555-014-3300'], {
    store_address: '4410 West Ridge Rd, Millbrook, OH 44999',
  });
});

t.test('letters in short pieces over a line of whole words are a logo’s scrap, not the name', async (t) => {
  readsStore(t, ['EX Qd TA', 'HILLTOP POST OFFICE', 'MILLBROOK, OH', '(555) 014-7700'], {
    store_name: 'HILLTOP POST OFFICE',
    store_address: 'MILLBROOK, OH',
  });
});

t.test('a trade noun alone at the head names no shop: the thanks at the foot does', async (t) => {
  readsStore(t, ['BAR', 'Table No: 4', 'Server: Ann', 'Thank you for dining at Copper Kettle!'], {
    store_name: 'Copper Kettle',
  });
});

/** Letterheads each of which shows one rule: its title, its lines, the name and the address both schemas read. */
const SHAPES: readonly [string, readonly string[], string, string][] = [
  [
    'a legal form wrapped with the country’s mark ("(M) SDN BHD") ends the name above it',
    ['BINTANG TIMUR HYPERMARKET', '(M) SDN BHD (901234-T)', 'NO 1, JALAN BINTANG,', '55100 KUALA LUMPUR'],
    'BINTANG TIMUR HYPERMARKET (M) SDN BHD',
    'NO 1, JALAN BINTANG, 55100 KUALA LUMPUR',
  ],
  [
    'a branch in brackets under the name is not the store’s name',
    ['RAINBOW MART SDN BHD', '(778899-T)', '(TAMAN MELATI BRANCH)', 'NO 45, JALAN MELATI 2,', '53100 KUALA LUMPUR'],
    'RAINBOW MART SDN BHD',
    'NO 45, JALAN MELATI 2, 53100 KUALA LUMPUR',
  ],
  [
    'the logo’s word over the legal name it starts is that name again, for the store too',
    ['ZENHAKKA', 'ZENHAKKA INTERNATIONAL SDN BHD', '(867388-U)', '12, JALAN TAMPOI 7/4,', '81200 JOHOR BAHRU, JOHOR'],
    'ZENHAKKA INTERNATIONAL SDN BHD',
    '12, JALAN TAMPOI 7/4, 81200 JOHOR BAHRU, JOHOR',
  ],
  [
    'the first line naming a trade is the name, though it names a place too',
    ['KOPITIAM @ SS15', 'NO 1, JALAN SS 15/4,', '47500 SUBANG JAYA', 'TEL: 03-56341234'],
    'KOPITIAM @ SS15',
    'NO 1, JALAN SS 15/4, 47500 SUBANG JAYA',
  ],
  [
    'a line of words heading a name alone goes on with the name under it',
    ['SYARIKAT PERNIAGAAN', 'TEONG HUAT', 'NO 9, JALAN CEMPAKA 5,', '31400 IPOH, PERAK', 'TEL: 05-5461234'],
    'SYARIKAT PERNIAGAAN TEONG HUAT',
    'NO 9, JALAN CEMPAKA 5, 31400 IPOH, PERAK',
  ],
  [
    'a line starting with a word heading a name goes on into the legal name under it, however long',
    ['KEDAI RUNCIT SINAR', 'BUDI MURNI SDN BHD', '(765432-H)', 'NO 4, JALAN KENARI 2,', '08000 SUNGAI PETANI'],
    'KEDAI RUNCIT SINAR BUDI MURNI SDN BHD',
    'NO 4, JALAN KENARI 2, 08000 SUNGAI PETANI',
  ],
  [
    'opening hours over the name are no part of it',
    ['OPEN DAILY 8AM - 11PM', 'RASA DESA', 'NO 21, JALAN TERATAI,', '70200 SEREMBAN', 'TEL: 06-7654321'],
    'RASA DESA',
    'NO 21, JALAN TERATAI, 70200 SEREMBAN',
  ],
  [
    'a line describing the trade over the legal name is no brand: the legal name is the store’s too',
    [
      'ELECTRICAL & HARDWARE SUPPLIES',
      'KAYU JATI TRADING SDN BHD',
      '(334455-M)',
      'NO 3, JALAN TUKANG 2,',
      '34000 TAIPING',
    ],
    'KAYU JATI TRADING SDN BHD',
    'NO 3, JALAN TUKANG 2, 34000 TAIPING',
  ],
  [
    'a Singapore postcode in its short form ends the address',
    ['HILLVIEW KOPI PTE LTD', '7 LAKESIDE WALK', '#03-118 PINEWOOD MALL', 'S(049999)', 'TEL: 6555 0142'],
    'HILLVIEW KOPI PTE LTD',
    '7 LAKESIDE WALK, #03-118 PINEWOOD MALL, S(049999)',
  ],
];

for (const [title, head, name, address] of SHAPES) t.test(title, async (t) => readsBoth(t, head, name, address));

t.test('the company named as running the shop is its legal name; the shop’s own name stays the store’s', async (t) => {
  for (const head of [
    ['PLUM & PEPPER', 'Operated by: Kayu Manis Food Sdn Bhd', 'NO 6, JALAN DAHLIA,', '10250 GEORGETOWN'],
    ['PLUM & PEPPER', 'NO 6, JALAN DAHLIA,', '10250 GEORGETOWN', 'Managed by', 'Kayu Manis Food Sdn Bhd'],
  ]) {
    readsBrandAndLegal(t, head, 'PLUM & PEPPER', 'Kayu Manis Food Sdn Bhd');
  }
});

t.test('the line naming the branch is neither name nor address, and parts no brand from its legal name', async (t) => {
  const head = ['PANDAN LEAF', 'Outlet : Bukit Tinggi', 'LEAFY KITCHENS SDN BHD', 'NO 2, JALAN MELUR,', '41200 KLANG'];
  readsBrandAndLegal(t, head, 'PANDAN LEAF', 'LEAFY KITCHENS SDN BHD');
  readsStore(t, ['Harbour Lights', 'Quayside Branch', 'Tel: (555) 014-7788'], {
    store_name: 'Harbour Lights',
    store_address: undefined,
  });
});

t.test('a scrap of a logo over the name parts the lines above it from the name', async (t) => {
  readsStore(
    t,
    ['LOBEN TRI K', 'EX', 'CEDAR SUSHI & GRILL', '42 ALDER WAY', 'FAIRVIEW, WI 53999', 'TEL: 555-014-8821'],
    {
      store_name: 'CEDAR SUSHI & GRILL',
      store_address: '42 ALDER WAY, FAIRVIEW, WI 53999',
    },
  );
});

t.test('a word and a five-digit figure in a column of its own are a row, not an address', async (t) => {
  readsStore(
    t,
    ['Fernleaf Kiosk', 'Thank you, call again.', '   TOKEN                40213', '   MINTS                 0.80'],
    {
      store_name: 'Fernleaf Kiosk',
      store_address: undefined,
    },
  );
});

t.test(
  'a legal name repeating a word of the trading name over it restates that name, it does not go on with it',
  async (t) => {
    const head = [
      'KEDAI RUNCIT TANJUNG',
      'TANJUNG MART SDN BHD',
      '(551234-W)',
      'NO 8, JALAN MERANTI 3,',
      '36000 TELUK INTAN',
    ];
    readsBrandAndLegal(t, head, 'KEDAI RUNCIT TANJUNG', 'TANJUNG MART SDN BHD');
  },
);
