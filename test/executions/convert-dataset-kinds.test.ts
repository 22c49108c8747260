import { Document, Packer, Paragraph } from 'docx';
import t from 'tap';
import { createType } from '../helpers/document-types.js';
import { processingApi, textPdf } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp, sharedPipeline } from '../helpers/server.js';
import { textImage } from '../pipeline/image-fixtures.js';

/*
 * One document of each kind the evaluation corpus holds, generated here, through POST /api/convert
 * with the offline engine and a schema as a user would write it: what the engine's layers find
 * end to end, with the evidence the status carries.
 */

const app = await buildTestApp(t, {}, { workers: true });
t.teardown(() => sharedPipeline().close());
const owner = await createActor(app.db);
const api = processingApi(app, owner);

async function convert(jsonSchema: Record<string, unknown>, bytes: Buffer | string, contentType: string) {
  const type = await createType(app, owner, { jsonSchema });
  const res = await api.json('/api/convert', {
    base64: Buffer.from(bytes).toString('base64'),
    content_type: contentType,
    document_type_code: type.codeType,
  });
  t.equal(res.statusCode, 200, res.payload);
  return res.body as { data: Record<string, any>; extraction: { fields: { path: string; confidence: number }[] } };
}

const address = {
  type: 'object',
  properties: {
    street: { type: 'string' },
    postcode: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2 country code' },
  },
};

t.test(
  'an invoice PDF: the issuer from its letterhead, the buyer from its block, totals by their labels',
  async (t) => {
    const pdf = await textPdf([
      'Nordlicht Handel GmbH',
      'Hafenstraße 12',
      'DE 20095 Hamburg',
      '',
      'Invoice number: RE-2024-0815',
      'Invoice date: 14.03.2024',
      '',
      'Bill to',
      'Contoso Handels AG',
      'Marktplatz 1',
      'AT 1010 Wien',
      '',
      'Net total 100,00',
      'VAT 19,00',
      'Gross total 119,00',
    ]);
    const body = await convert(
      {
        type: 'object',
        properties: {
          invoice_number: { type: 'string' },
          issue_date: { type: 'string', format: 'date' },
          seller: { type: 'object', properties: { name: { type: 'string' }, address } },
          buyer: { type: 'object', properties: { name: { type: 'string' }, address } },
          total_net: { type: 'number', description: 'Total amount without VAT' },
          total_gross: { type: 'number', description: 'Total amount including VAT' },
        },
      },
      pdf,
      'application/pdf',
    );
    t.equal(body.data.invoice_number, 'RE-2024-0815');
    t.equal(body.data.issue_date, '2024-03-14');
    t.same(body.data.seller, {
      name: 'Nordlicht Handel GmbH',
      address: { street: 'Hafenstraße 12', postcode: '20095', city: 'Hamburg', country: 'DE' },
    });
    t.equal(body.data.buyer?.name, 'Contoso Handels AG');
    t.same(body.data.buyer?.address, { street: 'Marktplatz 1', postcode: '1010', city: 'Wien', country: 'AT' });
    t.equal(body.data.total_net, 100);
    t.equal(body.data.total_gross, 119);
    const city = body.extraction.fields.find((field) => field.path === '/seller/address/city');
    t.ok(city && city.confidence > 0 && city.confidence < 1, 'every leaf has its evidence');
  },
);

t.test('a receipt photo (OCR): store, address, date, time and the total rather than the cash given', async (t) => {
  const png = await textImage([
    'HARBOUR VIEW BAKERY',
    '12 Quay Street',
    'Portsmouth PO1 3AB',
    'Date: 03/02/2024 14:05',
    ['Flat white', '2.90'],
    ['Almond croissant', '2.40'],
    ['TOTAL', '5.30'],
    ['CASH', '10.00'],
    ['CHANGE', '4.70'],
  ]).encode('png');
  const body = await convert(
    {
      type: 'object',
      properties: {
        store_name: { type: 'string', description: 'Name of the store as printed on the receipt' },
        store_address: { type: 'string', description: 'Shop address as printed' },
        date: { type: 'string', format: 'date' },
        time: { type: 'string', description: 'Time of the purchase, HH:MM' },
        total: { type: 'number', description: 'Total amount of the receipt' },
      },
    },
    png,
    'image/png',
  );
  t.equal(body.data.store_name, 'HARBOUR VIEW BAKERY');
  t.equal(body.data.store_address, '12 Quay Street, Portsmouth PO1 3AB');
  t.equal(body.data.date, '2024-02-03', 'a UK postcode decides day first');
  t.equal(body.data.time, '14:05');
  t.equal(body.data.total, 5.3);
});

t.test(
  'a till receipt as plain text: the letterhead, its address block, and a date asked as a plain string stays as printed',
  async (t) => {
    const text = [
      'KEDAI RUNCIT MAJU JAYA SDN BHD',
      '(123456-X)',
      'LOT 12, JALAN MERANTI 3,',
      'TAMAN SRI MUDA,',
      '40400 SHAH ALAM, SELANGOR.',
      'TEL: 03-5555 1234',
      'DATE: 14/03/2018 10:22',
      'MILO 1KG          1   18.90',
      'TOTAL QTY: 1',
      'ROUNDING ADJ      0.00',
      'TOTAL :',
      'RM 18.90',
      'CASH              50.00',
      'CHANGE            31.10',
    ].join('\n');
    const body = await convert(
      {
        type: 'object',
        properties: {
          company: { type: 'string' },
          date: { type: 'string' },
          address: { type: 'string' },
          total: { type: 'string' },
        },
      },
      text,
      'text/plain',
    );
    t.equal(body.data.company, 'KEDAI RUNCIT MAJU JAYA SDN BHD');
    t.equal(body.data.date, '14/03/2018', 'no format and no ISO in the description: the date as printed');
    t.equal(body.data.address, 'LOT 12, JALAN MERANTI 3, TAMAN SRI MUDA, 40400 SHAH ALAM, SELANGOR.');
    t.equal(body.data.total, '18.90');
  },
);

t.test('a contract as DOCX: parties, dates, governing law and term from its prose', async (t) => {
  const paragraphs = [
    'MUTUAL NONDISCLOSURE AGREEMENT',
    'This Mutual Nondisclosure Agreement (this "Agreement") is entered into as of June 5, 2019 (the "Effective Date") ' +
      'by and between Brightwater Analytics, Inc., a Delaware corporation ("Company"), and Orchard Lane Partners LLC, ' +
      'a New York limited liability company ("Recipient").',
    '1. Term. This Agreement shall remain in effect for a period of three (3) years from the Effective Date. ' +
      'The obligations of confidentiality shall survive for five (5) years after termination.',
    '2. Governing Law. This Agreement shall be governed by the laws of the State of California. The parties consent ' +
      'to the exclusive jurisdiction of the courts located in Alder County, California.',
  ];
  const docx = await Packer.toBuffer(
    new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] }),
  );
  const body = await convert(
    {
      type: 'object',
      properties: {
        parties: { type: 'array', items: { type: 'string' }, description: 'Names of the parties' },
        effective_date: { type: 'string', format: 'date' },
        governing_law: { type: 'string', description: 'The state or country whose law applies' },
        term: { type: 'string', description: 'Duration of the agreement' },
      },
    },
    docx,
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  t.same(body.data.parties, ['Brightwater Analytics, Inc.', 'Orchard Lane Partners LLC']);
  t.equal(body.data.effective_date, '2019-06-05');
  t.equal(body.data.governing_law, 'California', "the law, not the courts' county");
  t.equal(body.data.term, '3 years', 'the term, not the survival period');
});

t.test('a form PDF: its title and every label with the value written beside it', async (t) => {
  const pdf = await textPdf([
    'FAX TRANSMITTAL FORM',
    '',
    'To: Dana Whitfield',
    'From: Marcus Lee',
    'Number of pages: 3',
    'Subject: Quarterly sales figures',
  ]);
  const body = await convert(
    {
      type: 'object',
      properties: {
        title: { type: 'string', description: 'Main heading of the form' },
        fields: {
          type: 'array',
          description: 'Every filled-in field: the printed label and the answer next to it',
          items: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } } },
        },
      },
    },
    pdf,
    'application/pdf',
  );
  t.equal(body.data.title, 'FAX TRANSMITTAL FORM');
  t.same(body.data.fields, [
    { key: 'To', value: 'Dana Whitfield' },
    { key: 'From', value: 'Marcus Lee' },
    { key: 'Number of pages', value: '3' },
    { key: 'Subject', value: 'Quarterly sales figures' },
  ]);
});

t.test('a charity report as text: name, number, office address and the year end', async (t) => {
  const text = [
    'THE MEADOWBROOK TRUST',
    'Registered charity number 1123456',
    '',
    "Trustees' report and financial statements for the year ended 31 March 2019",
    '',
    'Principal office',
    '14 Orchard Lane',
    'Bristol',
    'BS1 4DJ',
  ].join('\n');
  const body = await convert(
    {
      type: 'object',
      properties: {
        charity_name: { type: 'string', description: 'Registered name of the charity' },
        charity_number: { type: 'string', description: 'Registered charity number' },
        address: {
          type: 'object',
          properties: { street_line: { type: 'string' }, post_town: { type: 'string' }, postcode: { type: 'string' } },
        },
        report_date: { type: 'string', format: 'date', description: 'End date of the reporting period' },
      },
    },
    text,
    'text/plain',
  );
  t.equal(body.data.charity_name, 'THE MEADOWBROOK TRUST');
  t.equal(body.data.charity_number, '1123456');
  t.same(body.data.address, { street_line: '14 Orchard Lane', post_town: 'Bristol', postcode: 'BS1 4DJ' });
  t.equal(body.data.report_date, '2019-03-31');
});
