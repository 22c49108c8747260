import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { extractFields } from '../../src/pipeline/extract/extract.js';
import type { CandidateType, ConvertedDocument, SourceDocument } from '../../src/pipeline/types.js';

/** Test documents built in code, so no fixture file can drift from what a test expects. */

export function source(
  content: string | Uint8Array,
  contentType: string | null = null,
  filename: string | null = null,
): SourceDocument {
  return { bytes: Buffer.from(content), contentType, filename };
}

export function textDocument(text: string): ConvertedDocument {
  return { format: 'text', contentType: 'text/plain', pages: [text], text };
}

interface Placed {
  text: string;
  x: number;
  y: number;
  size?: number;
}

async function pdfOf(pages: readonly (readonly Placed[])[], draw?: (page: ReturnType<PDFDocument['addPage']>) => void) {
  const pdf = await PDFDocument.create();
  const font: PDFFont = await pdf.embedFont(StandardFonts.Helvetica);
  for (const items of pages) {
    const page = pdf.addPage([612, 792]);
    for (const item of items) page.drawText(item.text, { x: item.x, y: item.y, size: item.size ?? 10, font });
    draw?.(page);
  }
  // Classic xref table and trailer (no object streams), so tests can edit the trailer as text.
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A one-page invoice: vendor block on the left, invoice details on the right, a line-items table, totals. */
export function invoicePdf(): Promise<Buffer> {
  const row = (y: number, cells: [string, string, string, string]): Placed[] => [
    { text: cells[0], x: 50, y },
    { text: cells[1], x: 300, y },
    { text: cells[2], x: 380, y },
    { text: cells[3], x: 480, y },
  ];
  return pdfOf([
    [
      { text: 'INVOICE', x: 50, y: 750, size: 20 },
      { text: 'Vendor: Acme Supplies Ltd', x: 50, y: 700 },
      { text: 'Invoice Number: INV-2024-0042', x: 350, y: 700 },
      { text: '123 Market Street', x: 50, y: 686 },
      { text: 'Invoice Date: December 31, 2024', x: 350, y: 686 },
      { text: 'Springfield', x: 50, y: 672 },
      { text: 'Due Date: 2025-01-15', x: 350, y: 672 },
      ...row(600, ['Description', 'Qty', 'Unit Price', 'Amount']),
      ...row(586, ['Widget, blue', '2', '10.00', '20.00']),
      ...row(572, ['Gadget deluxe', '1', '1,200.50', '1,200.50']),
      ...row(558, ['Service fee', '3', '5.00', '15.00']),
      { text: 'Subtotal', x: 380, y: 520 },
      { text: '1,235.50', x: 480, y: 520 },
      { text: 'Total', x: 380, y: 506 },
      { text: 'USD 1,359.05', x: 480, y: 506 },
    ],
  ]);
}

export function multiPagePdf(pages: number): Promise<Buffer> {
  return pdfOf(
    Array.from({ length: pages }, (_, index) => [
      { text: `Page ${index + 1} of ${pages}`, x: 50, y: 750 },
      { text: `Section ${index + 1} body text`, x: 50, y: 700 },
    ]),
  );
}

/** A page with a drawing and no text, as a scan without OCR looks to a text extractor. */
export function noTextPdf(): Promise<Buffer> {
  return pdfOf([[]], (page) =>
    page.drawRectangle({ x: 100, y: 100, width: 200, height: 300, color: rgb(0.2, 0.2, 0.2) }),
  );
}

/**
 * A PDF whose trailer declares standard security with a user password: pdf-lib cannot encrypt,
 * but readers only need the /Encrypt dictionary to ask for a password, and random /O and /U
 * entries make the empty password fail.
 */
export async function passwordProtectedPdf(): Promise<Buffer> {
  const plain = (await multiPagePdf(1)).toString('latin1');
  const hex = (seed: number) =>
    Array.from({ length: 32 }, (_, index) => ((index * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(97)}> /P -44 >>\n/ID [<${hex(5).slice(0, 32)}> <${hex(5).slice(0, 32)}>]\n`;
  return Buffer.from(
    plain.replace(/trailer\s*<<\s*/, (start) => `${start}${encrypt}`),
    'latin1',
  );
}

export const INVOICE_TEXT = `INVOICE

Vendor: Acme Supplies Ltd                      Invoice Number: INV-2024-0042
123 Market Street                              Invoice Date: 31/12/2024
Springfield                                    Due Date: 15/01/2025

Bill To:
Globex Corporation
42 Elm Road
Shelbyville

Description                 Qty     Unit Price      Amount
Widget, blue                  2          10.00       20.00
Gadget deluxe                 1       1,200.50    1,200.50
Service fee                   3           5.00       15.00

Subtotal                                          1,235.50
Tax (10%)                                           123.55
Total                                         USD 1,359.05
`;

/** An invoice's party: its name and postal address. */
export const PARTY_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Company or person name' },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' } },
    },
  },
} as const;

/** Invoice lines as an e-invoice schema describes them (EN 16931 terms). */
export const LINE_ITEMS_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      description: { type: 'string', description: 'Item name / description' },
      quantity: { type: 'number', description: 'Invoiced quantity' },
      unit_price: { type: 'number', description: 'Net price per unit' },
      amount: { type: 'number', description: 'Net line amount' },
    },
  },
} as const;

/** Invoice lines as the invoice2data vocabulary names them: a name, a quantity, a unit price, a line total. */
export const NAMED_LINES_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Product or service description' },
      qty: { type: 'number', description: 'Quantity' },
      price_unit: { type: 'number', description: 'Unit price' },
      price_subtotal: { type: 'number', description: 'Line total amount' },
    },
  },
} as const;

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoiceNumber: { type: 'string', description: 'Invoice number' },
    invoiceDate: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    dueDate: { type: 'string', format: 'date' },
    vendorName: { type: 'string', description: 'Name of the vendor issuing the invoice' },
    total: { type: 'number', description: 'Total amount due' },
    customer: {
      type: 'object',
      properties: { name: { type: 'string' }, address: { type: 'string' } },
    },
    lineItems: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          quantity: { type: 'number' },
          unitPrice: { type: 'number' },
          amount: { type: 'number' },
        },
        required: ['description'],
      },
    },
  },
  required: ['invoiceNumber', 'total'],
} as const satisfies Record<string, unknown>;

export const CANDIDATES: readonly CandidateType[] = [
  {
    code: 'invoice',
    name: 'Invoice',
    description: 'A bill from a vendor to a customer for goods or services',
    identifyPromptHints: 'Has an invoice number, a billing address, line items, tax and a total due',
    jsonSchema: INVOICE_SCHEMA,
  },
  {
    code: 'receipt',
    name: 'Receipt',
    description: 'Proof of payment from a shop or restaurant',
    identifyPromptHints: 'Merchant name, items bought, amount paid, payment method, change',
    jsonSchema: {
      type: 'object',
      properties: {
        merchantName: { type: 'string' },
        transactionDate: { type: 'string', format: 'date' },
        paymentMethod: { type: 'string', enum: ['cash', 'card'] },
        total: { type: 'number' },
        change: { type: 'number' },
      },
    },
  },
  {
    code: 'contract',
    name: 'Contract',
    description: 'A legal agreement between parties',
    identifyPromptHints: 'Agreement, parties, term, termination, governing law, signatures',
    jsonSchema: {
      type: 'object',
      properties: {
        parties: { type: 'array', items: { type: 'string' } },
        effectiveDate: { type: 'string', format: 'date' },
        termMonths: { type: 'integer', title: 'Term' },
        governingLaw: { type: 'string' },
      },
    },
  },
  {
    code: 'resume',
    name: 'Resume',
    description: 'Curriculum vitae of a job candidate',
    identifyPromptHints: 'Work experience, education, skills, languages',
    jsonSchema: {
      type: 'object',
      properties: {
        fullName: { type: 'string' },
        email: { type: 'string', format: 'email' },
        skills: { type: 'array', items: { type: 'string' } },
        experience: {
          type: 'array',
          items: { type: 'object', properties: { company: { type: 'string' }, role: { type: 'string' } } },
        },
        education: { type: 'array', items: { type: 'string' } },
      },
    },
  },
];

export const RECEIPT_TEXT = `CORNER CAFE
12 High Street

RECEIPT
Date: 05/03/2024   14:32

2 x Cappuccino            7.00
1 x Croissant             2.50

TOTAL                     9.50
Paid: CARD               10.00
Change                    0.50
Payment method: card
Thank you for your visit!
`;

export const CONTRACT_TEXT = `SERVICES AGREEMENT

This Agreement is made on 1 March 2024 (the "Effective Date") between Northwind Traders Ltd
("Client") and Contoso Consulting LLC ("Consultant"), together the parties.

1. Term. This Agreement has a term of 12 months from the Effective Date.
2. Termination. Either party may terminate this Agreement with 30 days written notice.
3. Governing law. This Agreement is governed by the laws of the State of New York.

Signatures:
Northwind Traders Ltd                      Contoso Consulting LLC
`;

export const RESUME_TEXT = `JANE DOE
jane.doe@example.com | +1 555 0100

PROFILE
Backend engineer with eight years of work experience in payments.

EXPERIENCE
Company          Role
Stripe           Senior Engineer
Adyen            Engineer

EDUCATION
- MSc Computer Science, TU Delft
- BSc Mathematics, University of Leiden

SKILLS
TypeScript, PostgreSQL, Kubernetes
`;

export const UNRELATED_TEXT = `Grandma's apple pie

Preheat the oven to 180 degrees. Peel six apples and slice them thinly. Mix flour, butter and
sugar until crumbly, press half into a tin, add the apples with cinnamon, cover with the rest
and bake for forty minutes until golden. Serve warm with cream.
`;

/** A minimal DOCX: the ZIP entries a reader (and file-type) looks at to call it one. */
export function docxBytes(): Buffer {
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  return storedZip({ '[Content_Types].xml': contentTypes, 'word/document.xml': '<w:document/>' });
}

/** A ZIP of stored (uncompressed) entries, enough for format sniffing of Office files. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The error a promise rejects with (the test fails if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('resolved'),
    (error: unknown) => error,
  );
}

/** What the offline engine extracts from `text` with `jsonSchema`, as a test of one mechanism reads it. */
export function extractData(text: string, jsonSchema: Record<string, unknown>): Record<string, unknown> {
  return extractFields(textDocument(text), {
    code: 't',
    name: 'T',
    jsonSchema,
    promptHints: null,
    keepPropertyOrdering: false,
    conversionMode: 'json',
  }).data;
}
