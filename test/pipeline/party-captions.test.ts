import t from 'tap';
import { extractData, PARTY_SCHEMA } from './fixtures.js';

const party = PARTY_SCHEMA;
const schema = {
  type: 'object',
  properties: {
    seller: { ...party, description: 'Seller / supplier issuing the invoice' },
    buyer: { ...party, description: 'Buyer / customer the invoice is addressed to' },
  },
};

/** The seller and buyer the invoice's text gives. */
function parties(invoice: string): { seller: Record<string, unknown>; buyer: Record<string, unknown> } {
  const data = extractData(invoice, schema);
  return { seller: data.seller as Record<string, unknown>, buyer: data.buyer as Record<string, unknown> };
}

t.test('a template’s captions and logo placeholder are not party names', async (t) => {
  const invoice = [
    '                                                            FACTURE N° :      F2020-27',
    '   LOGO Vendeur',
    '                                                            Date :            15/01/2020',
    'SELLER TRADE NAME                                           Adresse du Client',
    'Atelier Dupont',
    '35 rue de la Paix                                            Garage Martin',
    '75018 Paris',
    '                                                             58 rue de la mer',
    '                                                             06000 Nice',
  ].join('\n');
  const { seller, buyer } = parties(invoice);
  t.equal(seller.name, 'Atelier Dupont', 'not "LOGO Vendeur" nor the caption "SELLER TRADE NAME"');
  t.equal(buyer.name, 'Garage Martin', 'the heading "Adresse du Client" is no value, of either party');
  t.same(buyer.address, { street: '58 rue de la mer', postcode: '06000', city: 'Nice' });
});

t.test('a logo placeholder before the issuer’s name is dropped from it', async (t) => {
  const invoice = ['LOGO ATELIER DUPONT', '35 rue de la Paix', '75018 Paris', '', 'Facture F2020-27'].join('\n');
  const { seller } = parties(invoice);
  t.equal(seller.name, 'ATELIER DUPONT');
});

t.test('a party heading may stand two lines above its block when the next column fills them', async (t) => {
  const invoice = [
    '   Rechnungsersteller',
    '      Muster GmbH',
    '      Hauptstraße 20                                           RECHNUNG',
    '      80333 München',
    '',
    '   Rechnungsempfänger                                           Kundennummer',
    '                                                                 GE2020211',
    '                                                                Beträge in',
    '      Kunden AG                                                  EUR',
    '      Kundenstraße 15',
    '      69876 Frankfurt',
  ].join('\n');
  const { seller, buyer } = parties(invoice);
  t.equal(seller.name, 'Muster GmbH');
  t.same(
    seller.address,
    { street: 'Hauptstraße 20', postcode: '80333', city: 'München' },
    '"Rechnungsersteller" heads the seller',
  );
  t.equal(buyer.name, 'Kunden AG');
  t.same(buyer.address, { street: 'Kundenstraße 15', postcode: '69876', city: 'Frankfurt' });
});

t.test('a block that opens with its street prints no name; an address caption is no name', async (t) => {
  const invoice = [
    'Nordlicht Handel GmbH',
    'Hafenstraße 12',
    '20095 Hamburg',
    '',
    'Buyer',
    'Klant',
    'Bedrijfslaan 4',
    '1234 AB Amsterdam',
  ].join('\n');
  const buyer = extractData(invoice, schema).buyer as Record<string, unknown>;
  t.notOk(buyer?.name === 'Bedrijfslaan 4', 'a street line is no name');
  t.equal((buyer?.address as Record<string, unknown>)?.street, 'Bedrijfslaan 4');
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
    'Musterstr. 12',
    'DE 12345 Musterstadt',
    '',
    'Käufer:',
    'Herrn',
    'Max Mustermann',
    'Musterstr. 11',
    'DE 12346 Bad Musterhausen',
  ].join('\n');
  const { seller, buyer } = parties(invoice);
  t.equal(seller.name, 'Gebrüder Beispiel Werkzeugbau GmbH');
  t.same(seller.address, { street: 'Musterstr. 12', postcode: '12345', city: 'Musterstadt' });
  t.equal(buyer.name, 'Herrn Max Mustermann', 'the form of address is the first line of the name');
  t.same(buyer.address, { street: 'Musterstr. 11', postcode: '12346', city: 'Bad Musterhausen' });
});

t.test('a contact person under a company name is not joined to it', async (t) => {
  const invoice = ['Bill to:', 'Kunden AG', 'Hans Muster', 'Kundenstraße 15', '69876 Frankfurt'].join('\n');
  const { buyer } = parties(invoice);
  t.equal(buyer.name, 'Kunden AG');
});
