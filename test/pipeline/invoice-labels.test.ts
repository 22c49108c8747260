import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { textDocument } from './fixtures.js';

function extract(text: string, properties: Record<string, unknown>) {
  return extractFields(textDocument(text), {
    code: 't',
    name: 'T',
    jsonSchema: { type: 'object', properties },
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  }).data;
}

t.test('the buyer’s order reference under the labels invoices print for it', async (t) => {
  const order = { order_reference: { type: 'string', description: "Buyer's purchase order number" } };
  t.same(extract('Invoice No.   12\nYour order    PO-123', order), { order_reference: 'PO-123' });
  t.same(extract('Rechnungsnummer  12\nIhre Bestellung  4711', order), { order_reference: '4711' });
  t.same(extract('Bestellung      : 2018-471331', order), { order_reference: '2018-471331' });
});

t.test('line-item columns captioned Gesamt, Nettopreis, Nettobetrag', async (t) => {
  const items = {
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          quantity: { type: 'number' },
          unit_price: { type: 'number', description: 'Net price per unit' },
          amount: { type: 'number', description: 'Net line amount' },
        },
      },
    },
  };
  const table = [
    'Bezeichnung        Menge    Nettopreis    Gesamt',
    'Laptop             2        100,00        200,00',
  ];
  t.same(extract(table.join('\n'), items).line_items, [
    { description: 'Laptop', quantity: 2, unit_price: 100, amount: 200 },
  ]);
});
