import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Knex } from '../../src/db/knex.js';
import { createType } from './document-types.js';
import type { Actor } from './factories.js';
import type { InjectedResponse, TestApp } from './server.js';

export const TERMINAL = ['SUCCESS', 'ERROR'];

/** The schema of the invoice type the processing tests extract with. */
export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', description: 'Invoice date' },
    total: { type: 'number', description: 'Total amount due' },
  },
  required: ['invoice_number', 'total'],
};

export const INVOICE_TEXT = [
  'ACME Supplies Ltd.',
  'INVOICE',
  'Invoice Number: INV-2024-001',
  'Invoice Date: 2024-03-15',
  'Bill to: Example Corp',
  'Description          Qty   Amount',
  'Paper                  2    40.00',
  'Total: 123.45',
].join('\n');

export const RECEIPT_SCHEMA = {
  type: 'object',
  properties: {
    store_name: { type: 'string', description: 'Store name' },
    cashier: { type: 'string', description: 'Cashier' },
    paid: { type: 'number', description: 'Amount paid in cash at the register' },
  },
};

/** A published invoice type and a published receipt type of the actor's organization. */
export async function createProcessingTypes(app: TestApp, actor: Actor) {
  const invoice = await createType(app, actor, {
    name: 'Invoice',
    description: 'A supplier invoice with an invoice number, invoice date, amounts and a total due',
    identifyPromptHints: 'invoice, bill, amount due, invoice number',
    jsonSchema: INVOICE_SCHEMA,
    isDraft: false,
  });
  const receipt = await createType(app, actor, {
    name: 'Receipt',
    description: 'A store receipt printed at the register: cashier, items paid in cash, change',
    identifyPromptHints: 'receipt, cashier, change, thank you for shopping',
    jsonSchema: RECEIPT_SCHEMA,
    isDraft: false,
  });
  return { invoice, receipt };
}

export function base64Body(text: string, extra: Record<string, unknown> = {}) {
  return { base64: Buffer.from(text).toString('base64'), content_type: 'text/plain', ...extra };
}

/** A multipart body made by the platform's own FormData encoder. */
export async function multipartBody(
  file: { field?: string; bytes: Buffer | string; filename?: string; type?: string } | null,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const blob = new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], {
      type: file.type ?? 'application/octet-stream',
    });
    form.append(file.field ?? 'file', blob, file.filename ?? 'document.txt');
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') as string,
  };
}

export function processingApi(app: TestApp, actor: Actor) {
  return {
    json: (path: string, body: unknown): Promise<InjectedResponse> =>
      app.inject({ method: 'POST', url: path, headers: actor.headers, payload: body as object }),
    multipart: async (path: string, body: { payload: Buffer; contentType: string }): Promise<InjectedResponse> =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { ...actor.headers, 'content-type': body.contentType },
        payload: body.payload,
      }),
    status: (path: string): Promise<InjectedResponse> =>
      app.inject({ method: 'GET', url: path, headers: actor.headers }),
  };
}

/** Polls a status path until the execution is SUCCESS or ERROR (30 s at most). */
export async function waitForTerminal(app: TestApp, actor: Actor, statusPath: string): Promise<InjectedResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await processingApi(app, actor).status(statusPath);
    if (res.statusCode !== 200 || TERMINAL.includes(res.body.status) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The path part of a status_url. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** The outbox events of one execution, in order. */
export async function eventsOf(db: Knex, executionId: string): Promise<{ event: string; payload: any }[]> {
  return db('events').where('execution_id', executionId).orderBy('id').select('event', 'payload');
}

/** A one-page PDF with a text layer, each line drawn 18 points below the last. */
export async function textPdf(lines: readonly string[], pages = 1): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < pages; page++) {
    const sheet = pdf.addPage([612, 792]);
    lines.forEach((line, index) => {
      sheet.drawText(line, { x: 50, y: 740 - index * 18, size: 11, font });
    });
  }
  return Buffer.from(await pdf.save());
}

export async function storedCounts(db: Knex) {
  const [executions] = await db('executions').count<{ count: number }[]>({ count: '*' });
  const [chunks] = await db('execution_document_chunks').count<{ count: number }[]>({ count: '*' });
  const [jobs] = await db('jobs').count<{ count: number }[]>({ count: '*' });
  return { executions: Number(executions?.count), chunks: Number(chunks?.count), jobs: Number(jobs?.count) };
}
