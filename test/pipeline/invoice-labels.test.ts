import t from 'tap';
import { extractData, INVOICE_SCHEMA } from './fixtures.js';

const extract = (text: string, properties: Record<string, unknown>) =>
  extractData(text, { type: 'object', properties });

t.test('the buyer’s order reference under the labels invoices print for it', async (t) => {
  const order = { order_reference: { type: 'string', description: "Buyer's purchase order number" } };
  t.same(extract('Invoice No.   12\nYour order    PO-123', order), { order_reference: 'PO-123' });
  t.same(extract('Rechnungsnummer  12\nIhre Bestellung  4711', order), { order_reference: '4711' });
  t.same(extract('Bestellung      : 2018-471331', order), { order_reference: '2018-471331' });
});

t.test('line-item columns captioned Gesamt, Nettopreis, Nettobetrag', async (t) => {
  const items = { lineItems: INVOICE_SCHEMA.properties.lineItems };
  const table = [
    'Bezeichnung        Menge    Nettopreis    Gesamt',
    'Laptop             2        100,00        200,00',
  ];
  t.same(extract(table.join('\n'), items).lineItems, [
    { description: 'Laptop', quantity: 2, unitPrice: 100, amount: 200 },
  ]);
});
