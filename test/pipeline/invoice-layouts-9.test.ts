import t from 'tap';
import { parsePostalBlock } from '../../src/pipeline/extract/parse-address.js';
import { extractData } from './fixtures.js';

const ADDRESS = {
  type: 'object',
  properties: {
    street: { type: 'string' },
    postcode: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string', description: 'ISO country code' },
  },
};

/** Invented invoices: sender lines over the buyer's block, VAT numbers printed in groups. */

/** Flat properties of the seller, as a generic invoice schema names them. */
const FLAT_SELLER_SCHEMA = {
  type: 'object',
  properties: {
    partner_name: { type: 'string', description: 'Legal name of the seller' },
    partner_street: { type: 'string', description: 'Street address of the seller' },
    partner_zip: { type: 'string', description: 'Postal code, ZIP code of the seller' },
    partner_city: { type: 'string', description: 'City of the seller' },
    vat: { type: 'string', description: 'VAT number (tax identification number) of the seller' },
  },
};

t.test("the seller's street, postcode and city are its sender line's, not the buyer block's under it", async (t) => {
  const invoice = [
    'Tischlerei Auer GmbH · Ulmenweg 7 · 88212 Ravensburg',
    '',
    'Gasthof Lamm',
    'Herrn Jonas Vogt',
    'Kirchplatz 2',
    '88250 Weingarten',
    '                                        Rechnung Nr. 7781',
    '                                        Datum: 03.06.2024',
    '',
    'Pos.  Bezeichnung               Menge   Einzelpreis      Gesamt',
    '1     Eckbank Fichte                1      890,00 €    890,00 €',
    '',
    '                                Rechnungsbetrag        890,00 €',
  ].join('\n');
  const data = extractData(invoice, FLAT_SELLER_SCHEMA);
  t.equal(data.partner_street, 'Ulmenweg 7');
  t.equal(data.partner_zip, '88212');
  t.equal(data.partner_city, 'Ravensburg');
});

t.test('a VAT number printed in groups is all of its groups', async (t) => {
  const cases: [string, string][] = [
    ['N° TVA intracommunautaire : FR41 552 081 317     SIRET 552 081 317 00024', 'FR41 552 081 317'],
    ['USt-IdNr.: DE 271 644 905', 'DE 271 644 905'],
    ['Partita IVA: IT 0274 3210 158', 'IT 0274 3210 158'],
  ];
  for (const [line, vat] of cases) {
    const invoice = ['Ateliers Morel', '', line, '', 'Total TTC      240,00 €'].join('\n');
    t.equal(extractData(invoice, FLAT_SELLER_SCHEMA).vat, vat, line);
  }
});

t.test('a bullet, middle dot or bar ends an identifier: the next item of the footer follows it', async (t) => {
  const cases: [string, string][] = [
    ['Druckhaus Weil e.K. · USt-IdNr. DE 318 572 904 · IBAN DE44 6005 0101 0004 1234 56', 'DE 318 572 904'],
    ['VAT Reg No: GB 314 1592 65 | Company No 08812345', 'GB 314 1592 65'],
  ];
  for (const [line, vat] of cases) {
    const invoice = ['Rechnung', '', 'Summe      99,00 EUR', '', line].join('\n');
    t.equal(extractData(invoice, FLAT_SELLER_SCHEMA).vat, vat, line);
  }
});

const PARTIES_SCHEMA = {
  type: 'object',
  properties: {
    seller: {
      type: 'object',
      description: 'Seller / supplier issuing the invoice',
      properties: { name: { type: 'string' }, vat_id: { type: 'string', description: 'VAT identification number' } },
    },
    buyer: {
      type: 'object',
      description: 'Buyer / customer the invoice is addressed to',
      properties: {
        name: { type: 'string' },
        vat_id: { type: 'string', description: 'VAT identification number' },
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' } },
        },
      },
    },
  },
};

t.test('the block under "Billed to", "Factuur aan" or "Rechnung an" is the buyer', async (t) => {
  const cases: [string, string[]][] = [
    ['BILLED TO', ['Northgate Dental Practice', '41 Station Road', 'Leeds LS6 2QT']],
    ['Invoice to:', ['Brightwater Swim School', '7 Quay Street', 'Bristol BS1 4DB']],
    ['Factuur aan:', ['Sportclub De Horst', 'Horsterweg 14', '5503 AB Veldhoven']],
    ['Rechnung an:', ['Praxis Dr. Lenz', 'Gartenstraße 5', '35037 Marburg']],
  ];
  for (const [heading, block] of cases) {
    const invoice = [
      'Studio Vermeer',
      'Lange Voorhout 3',
      '2514 EA Den Haag',
      '',
      heading,
      ...block,
      '',
      'Invoice No: 2024-17',
      'Total      450,00',
    ].join('\n');
    const buyer = extractData(invoice, PARTIES_SCHEMA).buyer as Record<string, unknown> | undefined;
    t.equal(buyer?.name, block[0], heading);
  }
});

t.test("a party's one-word name still prefixes its labels beside headings of several words", async (t) => {
  const invoice = [
    'Moulin des Près SARL',
    '12 rue des Meuniers',
    '84340 Malaucène',
    'N° TVA : FR61 412 345 678',
    '',
    'Facture F-2024-031',
    'N° TVA client     FR05 987 654 321',
    'Total TTC         1 200,00 €',
  ].join('\n');
  const data = extractData(invoice, PARTIES_SCHEMA);
  t.equal((data.buyer as Record<string, unknown> | undefined)?.vat_id, 'FR05 987 654 321');
});

const DUE_SCHEMA = {
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date', description: 'Invoice date, issue date' },
    date_due: { type: 'string', format: 'date', description: 'Due date, payment due' },
  },
};

t.test(
  'payment terms as a number of days net, or after a terms label, add those days to the invoice date',
  async (t) => {
    const cases: [string, string][] = [
      ['Terms:        30 days net', '2024-04-03'],
      ['Payment terms: Net 30', '2024-04-03'],
      ['Zahlungsziel: 14 Tage', '2024-03-18'],
      ['14 dagen netto', '2024-03-18'],
      ['Termin płatności: 7 dni', '2024-03-11'],
    ];
    for (const [terms, due] of cases) {
      const invoice = ['Invoice No: 8812', 'Invoice Date: 04/03/2024', terms, '', 'Total   £120.00'].join('\n');
      t.same(extractData(invoice, DUE_SCHEMA), { date: '2024-03-04', date_due: due }, terms);
    }
  },
);

t.test('a net amount is no number of days', async (t) => {
  const invoice = ['Invoice No: 8812', 'Invoice Date: 04/03/2024', '', 'Net 30.00', 'Total   36.00'].join('\n');
  t.notOk(extractData(invoice, DUE_SCHEMA).date_due);
});

t.test('a Dutch VAT number with dots keeps its country code and B-suffix', async (t) => {
  const invoice = ['Fietspunt Zuid B.V.', 'KvK 51234567 | BTW NL 8123.45.678.B01', '', 'Totaal   120,00'].join('\n');
  t.equal(extractData(invoice, FLAT_SELLER_SCHEMA).vat, 'NL 8123.45.678.B01');
});

t.test('a price column beside an amount column is the unit price, in Dutch and Italian', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      line_items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            description: { type: 'string' },
            quantity: { type: 'number' },
            unit_price: { type: 'number', description: 'Price per unit' },
            amount: { type: 'number', description: 'Line total' },
          },
        },
      },
    },
  };
  const tables: [string, string][] = [
    ['Omschrijving              Aantal    Prijs     Bedrag', 'Kinderzitje achter             1    89,00      89,00'],
    ['Descrizione               Quantità  Prezzo    Importo', 'Cavalletto da pittore          1    89,00      89,00'],
  ];
  for (const [header, row] of tables) {
    const rows = extractData([header, row, '', 'Totaal     89,00'].join('\n'), schema).line_items as
      | Record<string, unknown>[]
      | undefined;
    t.equal(rows?.[0]?.unit_price, 89, header);
  }
});

t.test("India's PIN code after the city, its state or the country ends an address block", async (t) => {
  const cases: [string, string, string, string | undefined][] = [
    ['Lajpat Nagar, New Delhi - 110024', '110024', 'New Delhi', undefined],
    ['Gomti Nagar, Lucknow, Uttar Pradesh 226010', '226010', 'Lucknow', 'IN'],
    ['Whitefield, Bengaluru, Karnataka, India - 560066', '560066', 'Bengaluru', 'IN'],
    ['Adyar, Chennai 600 020', '600 020', 'Chennai', undefined],
  ];
  for (const [line, pin, city, country] of cases) {
    const parts = parsePostalBlock(['Flat 3B, Lotus Apartments', line]);
    t.equal(parts?.locality.postcode.text, pin, line);
    t.equal(parts?.locality.city.text, city, line);
    t.equal(parts?.locality.country, country, line);
  }
  t.equal(parsePostalBlock(['Kiran Textiles', 'Order No 100234']), null, 'a number after its label is no PIN code');
});

t.test(
  'an Indian tax invoice: letterhead under a centred title, buyer under "Bill To:" beside labelled pairs',
  async (t) => {
    const invoice = [
      '                               TAX INVOICE',
      'Kiran Textiles',
      'Flat 7, Cloth Market Lane',
      'Chandni Chowk, Delhi - 110006',
      'GSTIN: 07ABCPK4321M1Z2',
      '',
      'Bill To:                                   Invoice No.: KT/118',
      'Anand Garments                             Date: 03-02-2024',
      'Plot 9, Phase II',
      'Ludhiana, Punjab 141003',
      '',
      'Total                                      12,390.00',
    ].join('\n');
    const schema = {
      type: 'object',
      properties: {
        seller: { type: 'object', properties: { name: { type: 'string' }, address: ADDRESS } },
        buyer: { type: 'object', properties: { name: { type: 'string' }, address: ADDRESS } },
      },
    };
    t.same(extractData(invoice, schema), {
      seller: {
        name: 'Kiran Textiles',
        address: { street: 'Flat 7, Cloth Market Lane', postcode: '110006', city: 'Delhi' },
      },
      buyer: {
        name: 'Anand Garments',
        address: { street: 'Plot 9, Phase II', postcode: '141003', city: 'Ludhiana', country: 'IN' },
      },
    });
  },
);

t.test('a column captioned like a code whose cells are words is the name; a unit column the unit', async (t) => {
  const invoice = [
    'Menge    Einheit   Artikel                        Preis/Einh.      Betrag',
    '3        Stk.      Blumenkübel Terrakotta              18,00 €     54,00 €',
    '20       Sack      Pflanzerde                           6,50 €    130,00 €',
    '',
    'Summe                                                           184,00 €',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            code: { type: 'string', description: 'Product code, article number' },
            name: { type: 'string', description: 'Product or service description' },
            uom: { type: 'string', description: 'Unit of measure' },
            qty: { type: 'number', description: 'Quantity' },
            price_unit: { type: 'number', description: 'Unit price' },
            price_subtotal: { type: 'number', description: 'Line total amount' },
          },
        },
      },
    },
  };
  const rows = extractData(invoice, schema).lines as Record<string, unknown>[] | undefined;
  t.same(
    rows?.map((row) => [row.name, row.uom, row.code]),
    [
      ['Blumenkübel Terrakotta', 'Stk.', undefined],
      ['Pflanzerde', 'Sack', undefined],
    ],
  );
});

t.test('"Net" alone in the totals is the total before tax; "Net 30" in the terms is not', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      total_net: { type: 'number', description: 'Total amount without VAT (tax basis)' },
      total_gross: { type: 'number', description: 'Total amount with VAT' },
    },
  };
  const invoice = [
    'Invoice Number: WB-301',
    'Payment terms: Net 30',
    '',
    'Description                     Qty     Unit Price      Total',
    'Garden wall repointing            1        £640.00    £640.00',
    '',
    '                                Net                    £640.00',
    '                                VAT 20%                £128.00',
    '                                Total                  £768.00',
  ].join('\n');
  t.same(extractData(invoice, schema), { total_net: 640, total_gross: 768 });
  const termsOnly = ['Invoice Number: WB-302', 'Payment terms: Net 30', '', 'Total   £120.00'].join('\n');
  t.notOk(extractData(termsOnly, schema).total_net);
});

t.test('"Sold To" beside "Ship To" is the buyer; a PO box is its street, not a purchase order', async (t) => {
  const invoice = [
    'Harbor Light Marine Supply Inc.',
    '15 Wharf Street',
    'Portland, ME 04101',
    '',
    'INVOICE                                    Invoice #: 2207',
    '                                           Date: 09/02/2024',
    '',
    'SHIP TO:                             SOLD TO:',
    'Dock 4 Receiving                     Casco Bay Ferries LLC',
    '120 Commercial St                    PO Box 77',
    'Portland, ME 04101                   South Portland, ME 04106',
    '',
    'Total Due                                          $1,250.00',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      buyer: { type: 'object', properties: { name: { type: 'string' }, address: ADDRESS } },
      purchase_order_id: { type: 'string', description: 'Purchase order number (PO)' },
    },
  };
  const data = extractData(invoice, schema);
  const buyer = data.buyer as Record<string, unknown> | undefined;
  t.equal(buyer?.name, 'Casco Bay Ferries LLC');
  t.equal((buyer?.address as Record<string, unknown> | undefined)?.street, 'PO Box 77');
  t.notOk(data.purchase_order_id);
});

t.test('an "Item" column of codes beside a "Description" column of words: code and name apart', async (t) => {
  const invoice = [
    'Item        Description               Qty    Unit Price      Amount',
    'KF-220      Kayak paddle, carbon         4       $89.00     $356.00',
    'PFD-M       Life vest, medium            4       $42.50     $170.00',
    '',
    '                                      Total                 $526.00',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            code: { type: 'string', description: 'Product code, article number' },
            name: { type: 'string', description: 'Product or service description' },
            qty: { type: 'number', description: 'Quantity' },
            price_subtotal: { type: 'number', description: 'Line total amount' },
          },
        },
      },
    },
  };
  const rows = extractData(invoice, schema).lines as Record<string, unknown>[] | undefined;
  t.same(
    rows?.map((row) => [row.code, row.name, row.price_subtotal]),
    [
      ['KF-220', 'Kayak paddle, carbon', 356],
      ['PFD-M', 'Life vest, medium', 170],
    ],
  );
});

t.test('a label whose cell runs on in words to a colon names something else ("Référence facture :")', async (t) => {
  const creditNote = [
    'AVOIR N° AV-0042',
    'Date : 05/09/2024                     Référence facture : FA-2024-0311',
    '',
    'Total TTC              -85,92 €',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: { order_reference: { type: 'string', description: "Buyer's purchase order number" } },
  };
  t.notOk(extractData(creditNote, schema).order_reference);
});
