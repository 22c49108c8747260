import t from 'tap';
import { createType } from '../helpers/document-types.js';
import { processingApi, textPdf } from '../helpers/executions.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/*
 * One document of each kind the evaluation corpus holds, generated here, through POST /api/convert
 * with the offline engine and a schema as a user would write it: what the engine's layers find
 * end to end, with the evidence the status carries.
 */

const app = await buildTestApp(t, {}, { workers: true });
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
