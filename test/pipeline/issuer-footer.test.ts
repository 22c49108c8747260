import t from 'tap';
import { extractData } from './fixtures.js';

const party = {
  type: 'object',
  properties: { name: { type: 'string' }, vat_id: { type: 'string', description: 'VAT identification number' } },
};
const schema = { type: 'object', properties: { seller: party, buyer: party } };

const letter = (footer: string) =>
  [
    '                                                     Muster Werkstatt GmbH',
    '                                                     Ecke 12',
    '   Muster Werkstatt GmbH ● Ecke 12 ● 12345 Stadthausen  12345 Stadthausen',
    '   Greta Kundin',
    '   Feldweg 7',
    '   77654 Wiesental',
    '',
    'Rechnung # RE-612 von 10.05.2017',
    ' Menge      Produkt                  Preis         Gesamtbetrag',
    ' 1,00       Oil change               145,00 €      145,00 €',
    'Gesamtbetrag: 145,00 €',
    '',
    footer,
  ].join('\n');

t.test("the issuer's VAT ID in the page's footer is the seller's", async (t) => {
  const data = extractData(letter('                                                     USt-ID: DE274418305'), schema);
  t.same(data.seller, { name: 'Muster Werkstatt GmbH', vat_id: 'DE274418305' });
  t.notOk((data.buyer as Record<string, unknown> | undefined)?.vat_id, 'not the buyer');
});

t.test("a footer label naming the customer, or a short figure, is not the issuer's", async (t) => {
  const customer = extractData(
    letter('                                                     Kunden-USt-ID: DE999999999'),
    schema,
  );
  t.notOk((customer.seller as Record<string, unknown>).vat_id);
  const short = extractData(letter(''), schema);
  t.notOk((short.seller as Record<string, unknown>).vat_id, 'not the 1 after "Oil change"');
});

t.test('the footer’s VAT ID is the seller’s when the seller has a headed section of its own', async (t) => {
  const invoice = [
    '   Rechnungsersteller',
    '      Brunnwerk GmbH',
    '      Quellenweg 9',
    '      81671 München',
    '',
    '   Rechnungsempfänger',
    '      Käuferhaus AG',
    '      Marktgasse 4',
    '      60311 Frankfurt',
    '',
    '   Rechnungssumme Brutto                 318,45',
    '',
    '   BLZ:   512 345 00      BIC:   GENODEF1X99        USt.-Identnr.:   DE123456789',
  ].join('\n');
  const data = extractData(invoice, schema);
  t.same(data.seller, { name: 'Brunnwerk GmbH', vat_id: 'DE123456789' });
  t.notOk((data.buyer as Record<string, unknown> | undefined)?.vat_id, 'not the buyer');
});
