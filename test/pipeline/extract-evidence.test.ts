import t from 'tap';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import { type ConvertedDocument, type ExtractionType, PAGE_SEPARATOR } from '../../src/pipeline/types.js';

function pagedDocument(pages: string[]): ConvertedDocument {
  return { format: 'pdf', contentType: 'application/pdf', pages, text: pages.join(PAGE_SEPARATOR) };
}

function type(jsonSchema: Record<string, unknown>, promptHints: string | null = null, keepPropertyOrdering = false) {
  const extraction: ExtractionType = {
    code: 't',
    name: 'T',
    jsonSchema,
    promptHints,
    keepPropertyOrdering,
    conversionMode: 'json',
  };
  return extraction;
}

const SCHEMA = {
  type: 'object',
  properties: {
    invoiceNumber: { type: 'string' },
    invoiceDate: { type: 'string', format: 'date' },
    customer: { type: 'object', properties: { name: { type: 'string' } } },
    lineItems: {
      type: 'array',
      items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } } },
    },
    total: { type: 'number' },
  },
};

const PAGES = [
  ['INVOICE', 'Invoice Number: INV-77', 'Invoice Date: 31/12/2024', 'Customer:', 'Name: Globex'].join('\n'),
  ['Description          Amount', 'Widget               10.00', 'Gadget               25.50', '', 'Total: 35.50'].join(
    '\n',
  ),
];

t.test('every extracted leaf has evidence: its JSON Pointer, page and the span of its source text', async (t) => {
  const document = pagedDocument(PAGES);
  const { data, fields } = extractFields(document, type(SCHEMA));
  t.same(data, {
    invoiceNumber: 'INV-77',
    invoiceDate: '2024-12-31',
    customer: { name: 'Globex' },
    lineItems: [
      { description: 'Widget', amount: 10 },
      { description: 'Gadget', amount: 25.5 },
    ],
    total: 35.5,
  });
  t.same(
    fields.map((field) => field.path),
    [
      '/invoiceNumber',
      '/invoiceDate',
      '/customer/name',
      '/lineItems/0/description',
      '/lineItems/0/amount',
      '/lineItems/1/description',
      '/lineItems/1/amount',
      '/total',
    ],
  );
  const expected: Record<string, [number, string]> = {
    '/invoiceNumber': [1, 'INV-77'],
    '/invoiceDate': [1, '31/12/2024'],
    '/customer/name': [1, 'Globex'],
    '/lineItems/0/description': [2, 'Widget'],
    '/lineItems/0/amount': [2, '10.00'],
    '/lineItems/1/amount': [2, '25.50'],
    '/total': [2, '35.50'],
  };
  for (const field of fields) {
    t.ok(field.confidence > 0 && field.confidence <= 1, `${field.path} confidence ${field.confidence} in 0..1`);
    const want = expected[field.path];
    if (!want) continue;
    t.equal(field.page, want[0], `${field.path} page`);
    t.equal(field.text, want[1], `${field.path} text`);
    const page = document.pages[(field.page ?? 1) - 1] ?? '';
    t.equal(
      page.slice(field.start ?? 0, field.end ?? 0),
      field.text,
      `${field.path}: the span is offsets into its page`,
    );
  }
});

t.test('confidence means something: a full label beats a guess, an ambiguous label is doubted', async (t) => {
  const schema = { type: 'object', properties: { invoiceNumber: { type: 'string' }, date: { type: 'string' } } };
  const labelled = extractFields(pagedDocument(['Invoice Number: INV-1\nDate: 2024-01-02']), type(schema)).fields.find(
    (field) => field.path === '/invoiceNumber',
  );
  const ambiguous = extractFields(
    pagedDocument(['Invoice Number: INV-1\nInvoice Number: INV-2\nDate: 2024-01-02']),
    type(schema),
  ).fields.find((field) => field.path === '/invoiceNumber');
  const unlabelled = extractFields(pagedDocument(['ACME Ltd\n2 March 2024\nDear customer,']), type(schema)).fields.find(
    (field) => field.path === '/date',
  );
  t.ok(labelled && labelled.confidence >= 0.8, `labelled: ${labelled?.confidence}`);
  t.ok(ambiguous && labelled && ambiguous.confidence < labelled.confidence, `ambiguous: ${ambiguous?.confidence}`);
  // The first date of a letter is its date (the dates generator states it as 'document_date'); how
  // sure the scorer is of an unlabelled one is the ranking weights' to say.
  t.equal(unlabelled?.text, '2 March 2024', 'a header date without a label is found');
  t.equal(unlabelled?.text, '2 March 2024');
});

t.test('an address over several lines spans them, on its page', async (t) => {
  const document = pagedDocument(['cover page', 'Address:\n42 Elm Road\nShelbyville\n\nPhone: 555 0100 200']);
  const { data, fields } = extractFields(
    document,
    type({ type: 'object', properties: { address: { type: 'string' } } }),
  );
  t.equal(data.address, '42 Elm Road, Shelbyville');
  const [field] = fields;
  t.equal(field?.page, 2);
  t.equal(field?.text, '42 Elm Road\nShelbyville', 'the span covers the lines the value was joined from');
});

t.test('promptHints: a quoted label for a property is looked for like its name', async (t) => {
  const schema = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' } } };
  const document = pagedDocument(['Belegkennung: B-2024-17\nBelegendwert: 99,50 €']);
  const without = extractFields(document, type(schema));
  t.same(without.data, {}, 'unknown labels are not guessed');
  const hints = 'The invoice_number is labelled "Belegkennung".\ntotal: "Belegendwert"';
  const withHints = extractFields(document, type(schema, hints));
  t.same(withHints.data, { invoice_number: 'B-2024-17', total: 99.5 });
  t.ok((withHints.fields[0]?.confidence ?? 0) >= 0.8, 'a hinted label counts as much as the name');
});

t.test('keepPropertyOrdering: data keys and evidence follow the schema, not the page', async (t) => {
  const schema = {
    type: 'object',
    properties: { total: { type: 'number' }, reference: { type: 'string' }, date: { type: 'string' } },
  };
  const document = pagedDocument(['Date: 2024-05-06\nReference: R-9\nTotal: 12.00']);
  for (const keep of [true, false]) {
    const { data, fields } = extractFields(document, type(schema, null, keep));
    t.same(Object.keys(data), ['total', 'reference', 'date']);
    t.same(
      fields.map((field) => field.path),
      ['/total', '/reference', '/date'],
    );
  }
});

t.test('JSON Pointer escaping of keys with / and ~', async (t) => {
  const schema = { type: 'object', properties: { 'net/gross': { type: 'string', title: 'Kind' } } };
  const { fields } = extractFields(pagedDocument(['Kind: net']), type(schema));
  t.equal(fields[0]?.path, '/net~1gross');
});
