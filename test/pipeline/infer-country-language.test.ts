import t from 'tap';
import { documentLanguage } from '../../src/pipeline/extract/document-language.js';
import { extractData } from './fixtures.js';

const party = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    vat_id: { type: 'string', description: 'VAT identification number' },
    address: {
      type: 'object',
      properties: {
        street: { type: 'string' },
        postcode: { type: 'string' },
        city: { type: 'string' },
        country: { type: 'string', description: 'ISO 3166-1 alpha-2 country code' },
      },
    },
  },
};
const schema = { type: 'object', properties: { seller: party, buyer: party } };
type Parties = Record<string, { address: Record<string, unknown> }>;

t.test('the language of a text by its common words', async (t) => {
  t.equal(documentLanguage('Rechnung für Ihre Bestellung, zahlbar innerhalb von 14 Tagen ohne Abzug')?.country, 'DE');
  t.equal(documentLanguage('Facture pour votre commande, paiement à 30 jours sur le compte')?.country, 'FR');
  t.equal(documentLanguage('Invoice for your order, payable within 14 days'), null, 'English names no country');
});

t.test('with no VAT ID nor IBAN, a German invoice’s five-digit postcodes are in Germany', async (t) => {
  const invoice = [
    'Kerzenhof Lindner GmbH | Wiesenweg 7 | 34567 Tannstadt',
    'Rosa Beispiel',
    'Mühlgasse 3',
    '76543 Kleindorf',
    '',
    'Rechnung R-0815',
    'Pos. Bezeichnung            Menge   Preis   Gesamt',
    '1    Bienenwachskerze         2      4,00     8,00',
    'Zahlbar innerhalb von 14 Tagen ohne Abzug auf unser Konto.',
  ].join('\n');
  const data = extractData(invoice, schema) as Parties;
  t.equal(data.seller?.address.country, 'DE');
  t.equal(data.buyer?.address.country, 'DE');
});

t.test('a French postcode of an overseas department is in its own country', async (t) => {
  const invoice = [
    'Vendeur',
    'Atelier Vanille SARL',
    '5 rue des Cannes',
    '97410 Saint-Pierre',
    'N° TVA : FR45123456789',
    '',
    'Client',
    'Épicerie du Port',
    '12 quai Nord',
    '33000 Bordeaux',
  ].join('\n');
  const data = extractData(invoice, schema) as Parties;
  t.equal(data.seller?.address.country, 'RE');
  t.equal(data.buyer?.address.country, 'FR');
});
