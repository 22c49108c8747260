import t from 'tap';
import {
  addresseeSections,
  blockRange,
  inPartyScope,
  letterheadRange,
  splitColumns,
} from '../../src/pipeline/extract/party-section.js';
import { extractData } from './fixtures.js';

const at = (line: number) => ({ line, start: 0, endLine: line, end: 1 });

t.test('a section runs from its heading to the blank line that ends its block', async (t) => {
  const lines = ['Acme BV', 'Main street 1', '', 'Bill to', 'Buyer Ltd', 'Road 2', '', 'Description'];
  t.same(blockRange(lines, 3), { from: 3, to: 6 });
  t.same(letterheadRange(lines), { from: 0, to: 2 });
  const buyer = { own: [{ from: 3, to: 6 }], others: [] };
  t.ok(inPartyScope(buyer, at(4)));
  t.notOk(inPartyScope(buyer, at(0)), 'the letterhead is not the buyer’s');
  const seller = { own: [], others: [{ from: 3, to: 6 }] };
  t.ok(inPartyScope(seller, at(0)));
  t.notOk(inPartyScope(seller, at(5)), 'the buyer’s block is not the seller’s');
});

const party = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    vat_id: { type: 'string', description: 'VAT identification number' },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' } },
    },
  },
};

t.test('each party takes its values from its own block', async (t) => {
  const invoice = [
    'Tulpa BV                                   INVOICE',
    'Kerkpad 17',
    '3512 KX Veenendorp                         Invoice No.   2015',
    'VAT ID: NL712345678B01',
    '',
    'Bill to',
    'Steady Assurance',
    'Willem Bakkerweg 58',
    '2614 KP Zwaluw aan de Vliet',
    'VAT ID: NL000000001B01',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { seller: party, buyer: party } });
  const seller = data.seller as Record<string, unknown>;
  const buyer = data.buyer as Record<string, unknown>;
  t.equal(seller.name, 'Tulpa BV');
  t.equal(seller.vat_id, 'NL712345678B01', 'a label in the letterhead is the issuer’s');
  t.same(seller.address, { street: 'Kerkpad 17', postcode: '3512 KX', city: 'Veenendorp' });
  t.equal(buyer.name, 'Steady Assurance', 'not the letterhead’s company');
  t.equal(buyer.vat_id, 'NL000000001B01');
  t.same(buyer.address, { street: 'Willem Bakkerweg 58', postcode: '2614 KP', city: 'Zwaluw aan de Vliet' });
});

t.test('a party’s tax numbers after a blank line belong to its section', async (t) => {
  const lines = ['Seller:', 'Acme GmbH', 'Main street 1', '', 'VAT ID : DE123', '', 'Buyer:'];
  t.same(blockRange(lines, 0), { from: 0, to: 5 });
  t.same(blockRange(['Bill to', 'Buyer Ltd', '', 'Description   Qty'], 0), { from: 0, to: 2 }, 'a table is not');
});

t.test('an address block after its label: the value and the lines under it in its column', async (t) => {
  const invoice = [
    'Seller',
    'Name:          Acme GmbH',
    'Anschrift:     Lieferstraße 20',
    '               DE 80531 Lindenau',
    'Tax number:    201/113/40209',
    '',
    'Buyer',
    'Name:          Kundenhaus AG',
    'Anschrift:     Kundenweg 15',
    '               DE 69412 Eichbach',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { seller: party, buyer: party } });
  t.same((data.seller as Record<string, unknown>).address, {
    street: 'Lieferstraße 20',
    postcode: '80531',
    city: 'Lindenau',
  });
  t.same((data.buyer as Record<string, unknown>).address, {
    street: 'Kundenweg 15',
    postcode: '69412',
    city: 'Eichbach',
  });
});

t.test('an address window: the sender line is the issuer, the block under it the addressee', async (t) => {
  const letter = [
    '                                                   Zettla GmbH',
    '                                                   Tel. (0456) 7812',
    '    Zettla GmbH · Segelweg 31 · 23456 Bogenfeld',
    'Drachenbauer AG                                    Fax (0456) 7813',
    '                                                   www.zettla.example',
    'Sparstr. 48',
    '',
    '45678 Talhausen',
    'Deutschland',
    '',
    'Rechnung 2021-07            Datum: 14.09.2021',
  ].join('\n');
  const country = { type: 'string', description: 'ISO country code' };
  const withCountry = {
    ...party,
    properties: {
      ...party.properties,
      address: {
        type: 'object',
        properties: { ...party.properties.address.properties, country },
      },
    },
  };
  const data = extractData(letter, { type: 'object', properties: { seller: withCountry, buyer: withCountry } });
  const seller = data.seller as Record<string, unknown>;
  const buyer = data.buyer as Record<string, unknown>;
  t.same(seller.address, { street: 'Segelweg 31', postcode: '23456', city: 'Bogenfeld' });
  t.equal(buyer.name, 'Drachenbauer AG');
  t.same(buyer.address, { street: 'Sparstr. 48', postcode: '45678', city: 'Talhausen', country: 'DE' });
  const plain = extractData(letter.replace('Zettla GmbH · Segelweg 31 · 23456 Bogenfeld', ''), {
    type: 'object',
    properties: { buyer: party },
  });
  t.notOk((plain.buyer as Record<string, unknown> | undefined)?.address, 'without a sender line, no window');
});

t.test('a party block under its heading may leave blank lines between its lines', async (t) => {
  const invoice = [
    'Lieferant                          Käufer',
    'GLN 4399912000007 Lief-Nr: 731864  GLN 4315577000008',
    'SONNENHANDEL GMBH                  KLEEBLATT-HOF GMBH',
    '',
    'LINDENALLEE 47                     WIESENPFAD 63',
    '77318 SONNENTAL                    52846 KLEEBURG',
    '',
    'Artikel                 Menge',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { seller: party, buyer: party } });
  t.same((data.seller as Record<string, unknown>).address, {
    street: 'LINDENALLEE 47',
    postcode: '77318',
    city: 'SONNENTAL',
  });
  t.same((data.buyer as Record<string, unknown>).address, {
    street: 'WIESENPFAD 63',
    postcode: '52846',
    city: 'KLEEBURG',
  });
  const ended = extractData(['Seller', 'Acme GmbH', '', '', 'Main street 1', '12345 Lindenhof'].join('\n'), {
    type: 'object',
    properties: { seller: party },
  });
  t.notOk((ended.seller as Record<string, unknown>).address, 'two blank lines end the block');
});

t.test('a heading with a colon alone on its line outranks the same word in an item row', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      seller: { type: 'object', properties: { name: { type: 'string' } } },
      buyer: { type: 'object', properties: { name: { type: 'string' } } },
    },
  };
  const invoice = [
    'HANDELSRECHNUNG Nr. KR31415926535 vom 17.03.2021',
    '',
    'Währung : EUR',
    '',
    'Verkäufer:',
    'Nummer : 731864',
    'HAMMERWERK GMBH',
    'LINDENALLEE 47',
    '',
    'Käufer:',
    'Nummer : 418256',
    'KLEEBLATT-HOF GMBH',
    'WIESENPFAD 63',
    '',
    'Pos   Beschreibung      Menge     Entgelt',
    ' 1    Ökosteuer         10        20,50',
    '    UMW420        Lieferant',
    '      4098765000027',
  ].join('\n');
  t.same(extractData(invoice, schema), { seller: { name: 'HAMMERWERK GMBH' }, buyer: { name: 'KLEEBLATT-HOF GMBH' } });
});

t.test('a labelled address over two lines after the blank line still belongs to its party', async (t) => {
  const lines = [
    'Verkäufer',
    'Name:          Muster GmbH',
    '',
    'Anschrift:     Musterstr. 12',
    '               DE 36912 Erlenstadt',
    'USt.-Id.-Nr.:  DE318642975',
    '',
    'Käufer',
  ];
  t.same(blockRange(lines, 0), { from: 0, to: 6 });
  const invoice = [
    ...lines,
    'Name:          Kunde AG',
    '',
    'Anschrift:     Hauptweg 1',
    '               DE 54321 Kundenstadt',
  ];
  const data = extractData(invoice.join('\n'), { type: 'object', properties: { seller: party, buyer: party } });
  t.equal((data.seller as Record<string, unknown>).vat_id, 'DE318642975');
  t.notOk((data.buyer as Record<string, unknown>).vat_id, 'not the buyer’s');
});

t.test(
  'a labelled line between a party’s name and its street is skipped; one after its postcode line ends it',
  async (t) => {
    const invoice = [
      'Rechnung Nr. 4711 vom 13.11.2019',
      'Verkäufer :',
      'Holzbau GmbH',
      'Handelsname: 24681357900013',
      'Sägewerkstraße 3',
      'DE 80531 Lindenau',
      'USt.-Id.-Nr. : DE246813579',
      'Käufer :',
      'Atelier Martin',
      'Handelsname: 56565656500021',
      'Opening hours: 9-17',
      '12 rue des Tilleuls',
      'FR 47210 Montrelle',
      'Hinweis: Lieferung frei Haus',
    ].join('\n');
    const data = extractData(invoice, { type: 'object', properties: { seller: party, buyer: party } });
    const seller = data.seller as Record<string, unknown>;
    const buyer = data.buyer as Record<string, unknown>;
    t.equal(seller.name, 'Holzbau GmbH');
    t.same(seller.address, { street: 'Sägewerkstraße 3', postcode: '80531', city: 'Lindenau' });
    t.equal(buyer.name, 'Atelier Martin');
    t.same(
      buyer.address,
      { street: '12 rue des Tilleuls', postcode: '47210', city: 'Montrelle' },
      'two labelled lines',
    );
  },
);

t.test('a labelled line after a name that no postcode line follows ends the block there', async (t) => {
  const invoice = [
    'Bill to:',
    'Steady Assurance',
    'Contact: Jane Roe',
    'Phone: 555 0100',
    '',
    'Description   Qty',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { buyer: party } });
  const buyer = data.buyer as Record<string, unknown>;
  t.equal(buyer.name, 'Steady Assurance');
  t.equal(buyer.address, undefined);
});

t.test('a party word inside the issuer’s name is no heading: the letterhead still gives its address', async (t) => {
  for (const name of ['Prime Supplier Works', 'SellerHouse']) {
    const invoice = [
      `${name}                                          INVOICE`,
      'De Lange Vest 41                                       Invoice No.      2019-18',
      '2140 WILGENDAAL                                        Invoice date     17 Oct 2018',
      '',
      'Bill to',
      'Northwind Traders',
      'Boulevard Sint Jan 78',
      '1180 KORENVELD',
    ].join('\n');
    const data = extractData(invoice, { type: 'object', properties: { seller: party, buyer: party } });
    const seller = data.seller as Record<string, unknown>;
    t.equal(seller.name, name);
    t.same(seller.address, { street: 'De Lange Vest 41', postcode: '2140', city: 'WILGENDAAL' }, name);
  }
});

t.test('a role word followed by a section noun heads its section ("SECTION A - BUYER INFORMATION")', async (t) => {
  const form = [
    'ORDER FORM',
    '',
    'SECTION A - BUYER INFORMATION',
    'Name: Northwind Traders',
    'Phone: 555-0142',
    '',
    'SECTION B - SELLER INFORMATION',
    'Name: Harbour Tools Ltd',
    'Phone: 555-0199',
  ].join('\n');
  const contact = { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } } };
  const data = extractData(form, { type: 'object', properties: { seller: contact, buyer: contact } });
  t.same(data.buyer, { name: 'Northwind Traders', phone: '555-0142' });
  t.same(data.seller, { name: 'Harbour Tools Ltd', phone: '555-0199' });
});

t.test('sections side by side are columns: each ends where the other’s heading begins', async (t) => {
  const left = { from: 0, to: 6 };
  const right = { from: 1, to: 5 };
  const [seller, buyer] = splitColumns([
    { area: left, column: 2 },
    { area: right, column: 40 },
  ]);
  t.same(seller, { from: 0, to: 6, right: 36 });
  t.same(buyer, { from: 1, to: 5, left: 36 });
  const scope = { own: [buyer!], others: [seller!] };
  t.ok(inPartyScope(scope, { line: 3, start: 42, endLine: 3, end: 50 }));
  t.notOk(inPartyScope(scope, { line: 3, start: 0, endLine: 3, end: 8 }), 'the left column is the other party’s');
  const apart = splitColumns([
    { area: left, column: 0 },
    { area: { from: 7, to: 9 }, column: 40 },
  ]);
  t.same(apart[0], left, 'sections on other lines keep their whole lines');
});

t.test('a heading addressed to the reader opens the addressee’s labelled lines', async (t) => {
  const lines = [
    'Our references                     Your identifiers',
    'Customer no.: 4411                    Reg. no.: 551 203',
    'Sales ref.: 88                        VAT no.: XY 44 551 203',
    '                                   Delivery: address',
    '                                      Unit 4',
  ];
  t.same(addresseeSections(lines), [{ from: 0, to: 3, left: 31 }]);
  t.same(addresseeSections(['Ihre Angaben', 'USt-IdNr.: XY 1', 'Kundennr.: 2', '', 'Ihre Angaben: keine']), [
    { from: 0, to: 3, left: 0 },
  ]);
  t.same(addresseeSections(['Your contact', 'Phone: 555 0100']), [], 'a contact is no particulars');
});

t.test('the buyer’s VAT ID in its identifiers column, beside and under the seller’s block', async (t) => {
  const invoice = [
    '                                                     INVOICE No.:    Z-1180',
    'Seller',
    'Brightwater Ltd                                      Customer address',
    '12 Quarry Lane                                          Hollin Mills',
    'Northby NB4 7QQ                                         9 Weir Road',
    'VAT No.: XY 11 222 333                                  Southby SB2 1AA',
    '',
    'Our references                                       Your identifiers',
    'Order no.: 7781                                         Reg. no.: 909 808',
    '                                                        VAT No.: XY 99 888 777',
  ].join('\n');
  const data = extractData(invoice, { type: 'object', properties: { seller: party, buyer: party } });
  t.equal((data.seller as Record<string, unknown>).vat_id, 'XY 11 222 333');
  t.equal(
    (data.buyer as Record<string, unknown>).vat_id,
    'XY 99 888 777',
    'not the seller’s beside the buyer’s heading',
  );
});
