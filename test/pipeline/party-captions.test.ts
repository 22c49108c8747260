import t from 'tap';
import { extractData, PARTY_SCHEMA } from './fixtures.js';

const party = PARTY_SCHEMA;
const schema = {
  type: 'object',
  properties: {
    seller: { ...party, description: 'Seller (supplier) who issued the invoice' },
    buyer: { ...party, description: 'Buyer (customer) to whom the invoice is sent' },
  },
};

/** The seller and buyer the invoice's text gives. */
function parties(invoice: string): { seller: Record<string, unknown>; buyer: Record<string, unknown> } {
  const data = extractData(invoice, schema);
  return { seller: data.seller as Record<string, unknown>, buyer: data.buyer as Record<string, unknown> };
}

t.test('a template’s captions and logo placeholder are not party names', async (t) => {
  const invoice = [
    '                                                            FACTURE N° :      F2021-113',
    '   LOGO Vendeur',
    '                                                            Date :            09/03/2021',
    'SELLER TRADE NAME                                           Adresse du Client',
    'Atelier Dupont',
    '27 rue du Tilleul                                            Garage Martin',
    '44000 Nantes',
    '                                                             14 rue des Lilas',
    '                                                             69003 Lyon',
  ].join('\n');
  const { seller, buyer } = parties(invoice);
  t.equal(seller.name, 'Atelier Dupont', 'not "LOGO Vendeur" nor the caption "SELLER TRADE NAME"');
  t.equal(buyer.name, 'Garage Martin', 'the heading "Adresse du Client" is no value, of either party');
  t.same(buyer.address, { street: '14 rue des Lilas', postcode: '69003', city: 'Lyon' });
});

t.test('a logo placeholder before the issuer’s name is dropped from it', async (t) => {
  const invoice = ['LOGO ATELIER DUPONT', '27 rue du Tilleul', '44000 Nantes', '', 'Facture F2021-113'].join('\n');
  const { seller } = parties(invoice);
  t.equal(seller.name, 'ATELIER DUPONT');
});

t.test('a party heading may stand two lines above its block when the next column fills them', async (t) => {
  const invoice = [
    '   Rechnungsersteller',
    '      Lindner GmbH',
    '      Hauptstraße 20                                           RECHNUNG',
    '      90402 Nürnberg',
    '',
    '   Rechnungsempfänger                                           Kundennummer',
    '                                                                 KD4471903',
    '                                                                Beträge in',
    '      Kramer AG                                                  EUR',
    '      Birkenweg 15',
    '      34117 Kassel',
  ].join('\n');
  const { seller, buyer } = parties(invoice);
  t.equal(seller.name, 'Lindner GmbH');
  t.same(
    seller.address,
    { street: 'Hauptstraße 20', postcode: '90402', city: 'Nürnberg' },
    '"Rechnungsersteller" heads the seller',
  );
  t.equal(buyer.name, 'Kramer AG');
  t.same(buyer.address, { street: 'Birkenweg 15', postcode: '34117', city: 'Kassel' });
});

t.test('a block that opens with its street prints no name; an address caption is no name', async (t) => {
  const invoice = [
    'Nordlicht Handel GmbH',
    'Hafenstraße 12',
    '20095 Hamburg',
    '',
    'Buyer',
    'Klant',
    'Beukenlaan 4',
    '1234 AB Amsterdam',
  ].join('\n');
  const buyer = extractData(invoice, schema).buyer as Record<string, unknown>;
  t.notOk(buyer?.name === 'Beukenlaan 4', 'a street line is no name');
  t.equal((buyer?.address as Record<string, unknown>)?.street, 'Beukenlaan 4');
  const billed = ['Billing address', 'Strand Traders BV', 'Havenweg 8', '3011 AB Rotterdam'].join('\n');
  t.equal(
    (extractData(billed, schema).seller as Record<string, unknown> | undefined)?.name ?? null,
    'Strand Traders BV',
  );
});

t.test('a name over two lines: a form of address over a person, a company wrapped before its legal form', async (t) => {
  const invoice = [
    'Rechnung Nr. 4711 vom 06.12.2018',
    '',
    'Verkäufer:',
    'Gebrüder Beispiel',
    'Werkzeugbau GmbH',
    'Lindenstr. 12',
    'DE 54321 Tannhofen',
    '',
    'Käufer:',
    'Herrn',
    'Jonas Kellner',
    'Lindenstr. 11',
    'DE 54322 Bad Elmenau',
  ].join('\n');
  const { seller, buyer } = parties(invoice);
  t.equal(seller.name, 'Gebrüder Beispiel Werkzeugbau GmbH');
  t.same(seller.address, { street: 'Lindenstr. 12', postcode: '54321', city: 'Tannhofen' });
  t.equal(buyer.name, 'Herrn Jonas Kellner', 'the form of address is the first line of the name');
  t.same(buyer.address, { street: 'Lindenstr. 11', postcode: '54322', city: 'Bad Elmenau' });
});

t.test('a contact person under a company name is not joined to it', async (t) => {
  const invoice = ['Bill to:', 'Kramer AG', 'Lena Vogt', 'Birkenweg 15', '34117 Kassel'].join('\n');
  const { buyer } = parties(invoice);
  t.equal(buyer.name, 'Kramer AG');
});
