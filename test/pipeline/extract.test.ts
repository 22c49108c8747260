import t from 'tap';
import { convertDocument } from '../../src/pipeline/convert/convert.js';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { ConvertedDocument, ExtractionType } from '../../src/pipeline/types.js';
import { validateExtraction } from '../../src/pipeline/validate.js';
import { CANDIDATES, INVOICE_SCHEMA, INVOICE_TEXT, invoicePdf, RESUME_TEXT, source, textDocument } from './fixtures.js';

function extract(document: ConvertedDocument, jsonSchema: Record<string, unknown>, keepPropertyOrdering = false) {
  return extractWithEvidence(document, jsonSchema, keepPropertyOrdering).data;
}

function extractWithEvidence(
  document: ConvertedDocument,
  jsonSchema: Record<string, unknown>,
  keepPropertyOrdering = false,
  promptHints: string | null = null,
) {
  const type: ExtractionType = {
    code: 't',
    name: 'T',
    jsonSchema,
    promptHints,
    keepPropertyOrdering,
    conversionMode: 'json',
  };
  return extractFields(document, type);
}

const LINE_ITEMS = [
  { description: 'Widget, blue', quantity: 2, unitPrice: 10, amount: 20 },
  { description: 'Gadget deluxe', quantity: 1, unitPrice: 1200.5, amount: 1200.5 },
  { description: 'Service fee', quantity: 3, unitPrice: 5, amount: 15 },
];

t.test('a text invoice: labelled values, a party block, a line-items table; valid against its schema', async (t) => {
  const data = extract(textDocument(INVOICE_TEXT), INVOICE_SCHEMA);
  t.same(data, {
    invoiceNumber: 'INV-2024-0042',
    invoiceDate: '2024-12-31',
    dueDate: '2025-01-15',
    vendorName: 'Acme Supplies Ltd',
    total: 1359.05,
    customer: { name: 'Globex Corporation', address: '42 Elm Road, Shelbyville' },
    lineItems: LINE_ITEMS,
  });
  t.same(Object.keys(data), Object.keys(INVOICE_SCHEMA.properties), 'keys in schema order');
  t.equal(validateExtraction(data, INVOICE_SCHEMA).valid, true);
});

t.test('the same invoice from a PDF with two columns and a table', async (t) => {
  const document = await convertDocument(source(await invoicePdf(), 'application/pdf'));
  const data = extract(document, INVOICE_SCHEMA);
  t.equal(data.invoiceNumber, 'INV-2024-0042');
  t.equal(data.invoiceDate, '2024-12-31', 'from "December 31, 2024"');
  t.equal(data.dueDate, '2025-01-15');
  t.equal(data.vendorName, 'Acme Supplies Ltd');
  t.equal(data.total, 1359.05, 'the Total line, not the Subtotal one');
  t.same(data.lineItems, LINE_ITEMS);
});

t.test('values printed under their labels, in columns', async (t) => {
  const text = [
    'Invoice Date:        Due Date:         Reference:',
    '05/16/2023           05/31/2023        ORDREF884',
    '',
    'TOTAL AMOUNT DUE ON 16 May 2023                  $7.38',
  ].join('\n');
  const data = extract(textDocument(text), {
    type: 'object',
    properties: {
      invoiceDate: { type: 'string', format: 'date' },
      dueDate: { type: 'string', format: 'date' },
      reference: { type: 'string' },
      total: { type: 'number' },
    },
  });
  t.same(data, { invoiceDate: '2023-05-16', dueDate: '2023-05-31', reference: 'ORDREF884', total: 7.38 });
});

t.test('types: amounts, integers, booleans, enums, emails, date-times; missing values are omitted', async (t) => {
  const text = [
    'Importe total: 1.234,56 €',
    'Refund: (12.50)',
    'Pages: 12',
    'Paid: Sí',
    'Status: Partially paid',
    'Contact e-mail: billing@acme.example',
    'Issued at: 31.12.2024 18:30',
    'Pickup date: 5 de mayo de 2024',
  ].join('\n');
  const data = extract(textDocument(text), {
    type: 'object',
    properties: {
      totalAmount: { type: 'number', title: 'Importe total' },
      refund: { type: 'number' },
      pages: { type: 'integer' },
      paid: { type: 'boolean' },
      status: { type: 'string', enum: ['paid', 'partially paid', 'unpaid'] },
      contactEmail: { type: 'string', format: 'email' },
      issuedAt: { type: 'string', format: 'date-time' },
      pickupDate: { type: 'string' },
      notes: { type: 'string' },
    },
  });
  t.same(data, {
    totalAmount: 1234.56,
    refund: -12.5,
    pages: 12,
    paid: true,
    status: 'partially paid',
    contactEmail: 'billing@acme.example',
    issuedAt: '2024-12-31T18:30:00Z',
    pickupDate: '2024-05-05',
  });
  t.notOk('notes' in data, 'not found, not invented');
});

t.test('a label inside a longer label of another property is not taken', async (t) => {
  const text = 'Invoice Date: 2024-01-02\nTotal Tax: 21.00\nTotal: 121.00\nInvoice: INV-7';
  const data = extract(textDocument(text), {
    type: 'object',
    properties: {
      invoiceNumber: { type: 'string' },
      invoiceDate: { type: 'string', format: 'date' },
      totalTax: { type: 'number' },
      total: { type: 'number' },
    },
  });
  t.same(data, { invoiceNumber: 'INV-7', invoiceDate: '2024-01-02', totalTax: 21, total: 121 });
});

t.test('nested objects: prefixed labels anywhere, plain labels near the object label', async (t) => {
  const text = [
    'Seller',
    'Name: Acme Ltd',
    'Email: sales@acme.example',
    '',
    'Buyer',
    'Name: Globex',
    'Email: ap@globex.example',
    '',
    'Customer VAT: ES12345678',
  ].join('\n');
  const party = {
    type: 'object',
    properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
  };
  const data = extract(textDocument(text), {
    type: 'object',
    properties: {
      seller: party,
      buyer: party,
      customer: { type: 'object', properties: { vat: { type: 'string' } } },
    },
  });
  t.same(data, {
    seller: { name: 'Acme Ltd', email: 'sales@acme.example' },
    buyer: { name: 'Globex', email: 'ap@globex.example' },
    customer: { vat: 'ES12345678' },
  });
});

t.test('lists of strings and tables without numbers (a resume)', async (t) => {
  const data = extract(textDocument(RESUME_TEXT), CANDIDATES[3]?.jsonSchema ?? {});
  t.same(data, {
    email: 'jane.doe@example.com',
    skills: ['TypeScript', 'PostgreSQL', 'Kubernetes'],
    experience: [
      { company: 'Stripe', role: 'Senior Engineer' },
      { company: 'Adyen', role: 'Engineer' },
    ],
    education: ['MSc Computer Science, TU Delft', 'BSc Mathematics, University of Leiden'],
  });
});

t.test('rows typed with single spaces, and a wrapped description', async (t) => {
  const text = [
    'Item Qty Price Total',
    'Blue widget 2 10.00 20.00',
    'Large red gadget 1 5.50 5.50',
    '',
    'Total 25.50',
  ].join('\n');
  const schema = {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            description: { type: 'string' },
            qty: { type: 'integer' },
            price: { type: 'number' },
            total: { type: 'number' },
          },
        },
      },
    },
  };
  t.same(extract(textDocument(text), schema).items, [
    { description: 'Blue widget', qty: 2, price: 10, total: 20 },
    { description: 'Large red gadget', qty: 1, price: 5.5, total: 5.5 },
  ]);
  const wrapped = [
    'Description        Qty     Amount',
    'Consulting         10     1,000.00',
    '  (March, on site)',
    'Travel              1       250.00',
  ];
  t.same(extract(textDocument(wrapped.join('\n')), schema).items, [
    { description: 'Consulting (March, on site)', qty: 10, total: 1000 },
    { description: 'Travel', qty: 1, total: 250 },
  ]);
});

t.test('CSV, JSON and HTML documents extract through the same labels', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      invoiceNumber: { type: 'string' },
      total: { type: 'number' },
      issueDate: { type: 'string', format: 'date' },
    },
  };
  const csv = await convertDocument(
    source('invoice_number,issue_date,total\nINV-1,12/31/2024,"1,234.50"\n', 'text/csv'),
  );
  t.same(extract(csv, schema), { invoiceNumber: 'INV-1', total: 1234.5, issueDate: '2024-12-31' });
  const json = await convertDocument(
    source(JSON.stringify({ invoice: { number: 'INV-2' }, total: 99.9, issueDate: '2024-02-29' })),
  );
  t.same(extract(json, schema), { invoiceNumber: 'INV-2', total: 99.9, issueDate: '2024-02-29' });
  const html = await convertDocument(
    source(
      '<p><b>Invoice number:</b> INV-3</p><table><tr><td>Issue date</td><td>1 March 2024</td></tr><tr><td>Total</td><td>€ 10,00</td></tr></table>',
    ),
  );
  t.same(extract(html, schema), { invoiceNumber: 'INV-3', total: 10, issueDate: '2024-03-01' });
});

t.test('keepPropertyOrdering or not, keys come out in schema order', async (t) => {
  const text = 'Total: 5\nNumber: 7\nName: X';
  const schema = {
    type: 'object',
    properties: { name: { type: 'string' }, number: { type: 'integer' }, total: { type: 'number' } },
  };
  t.same(Object.keys(extract(textDocument(text), schema, true)), ['name', 'number', 'total']);
  t.same(Object.keys(extract(textDocument(text), schema, false)), ['name', 'number', 'total']);
});

t.test('a document with nothing relevant yields an empty object, and validation says what is missing', async (t) => {
  const data = extract(textDocument('Nothing to see here.'), INVOICE_SCHEMA);
  t.same(data, {});
  const validation = validateExtraction(data, INVOICE_SCHEMA);
  t.equal(validation.valid, false);
  t.same(validation.errors.messages.sort(), ['invoiceNumber: is required', 'total: is required']);
  t.same(validation.warnings, { count: 0, messages: [] });
});
