// `npm run bench:pipeline`: documents through the HTTP API end to end. Starts src/main.ts as its
// own process (API and workers, as `npm start`) on a fresh database, creates an invoice type and
// a step, then:
//   1. submits a one-page text PDF BENCH_PIPELINE_SAMPLES times, one at a time, and measures
//      submit-to-SUCCESS (POST /api/steps-async/{id} until its status reads SUCCESS, polled every
//      5 ms): p50 and p99;
//   2. submits BENCH_PIPELINE_BURST documents at once and measures documents per second until the
//      last one is SUCCESS (each polled every 100 ms).
// Settings (environment): DATABASE_URL (admin URL; default the local server),
// BENCH_PIPELINE_SAMPLES (default 100), BENCH_PIPELINE_BURST (default 50), LOG_LEVEL (server, default warn).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  admin,
  createBenchOwnerKey,
  finishRun,
  machineLine,
  peakRssMiB,
  percentile,
  positiveInteger,
  spawnServer,
  urlForDatabase,
} from './bench-support.js';
import { freePort, waitForHealth } from './server-process.js';

const samples = positiveInteger('BENCH_PIPELINE_SAMPLES', 100);
const burst = positiveInteger('BENCH_PIPELINE_BURST', 50);

const INVOICE_LINES = [
  'ACME Supplies Ltd.                                   INVOICE',
  'Invoice Number: INV-2024-001                 Invoice Date: 2024-03-15',
  'Bill to: Example Corp, 1 Main Street',
  'Description                     Qty        Unit        Amount',
  'Paper A4                          2       20.00         40.00',
  'Toner                             1       83.45         83.45',
  'Total: 123.45',
];

async function onePagePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  INVOICE_LINES.forEach((line, index) => {
    page.drawText(line, { x: 40, y: 740 - index * 18, size: 10, font });
  });
  return Buffer.from(await pdf.save()).toString('base64');
}

async function main(): Promise<boolean> {
  const databaseName = `quire_bench_pipeline_${randomBytes(6).toString('hex')}`;
  const databaseUrl = urlForDatabase(databaseName);
  const logFile = path.join(os.tmpdir(), `${databaseName}.log`);
  let server: ChildProcess | undefined;
  let ok = false;
  process.stdout.write(`quire pipeline benchmark: ${samples} sequential, ${burst} at once, ${machineLine()}\n`);
  await admin(`create database ${databaseName}`);
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = await spawnServer({ databaseUrl, port, logFile, logLevel: process.env.LOG_LEVEL || 'warn' });
    await waitForHealth(baseUrl, server, 60_000);
    const headers = {
      authorization: `Bearer ${await createBenchOwnerKey(databaseUrl)}`,
      'content-type': 'application/json',
    };
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await response.json()) as Record<string, any>;
      if (response.status >= 300) throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const type = await post('/api/document-types', {
      codeType: 'bench_invoice',
      name: 'Invoice',
      description: 'Supplier invoices',
      isDraft: false,
      jsonSchema: {
        type: 'object',
        properties: {
          invoice_number: { type: 'string' },
          invoice_date: { type: 'string', format: 'date' },
          total: { type: 'number' },
        },
      },
    });
    const step = await post('/api/steps', { name: 'Bench', identification: { types: [type.data.codeType] } });
    const document = { base64: await onePagePdf(), content_type: 'application/pdf' };

    const untilDone = async (statusUrl: string, pollMs: number) => {
      for (;;) {
        const response = await fetch(statusUrl, { headers });
        const status = (await response.json()) as { status: string; error: string | null };
        if (status.status === 'SUCCESS') return;
        if (status.status === 'ERROR') throw new Error(`an execution failed: ${status.error}`);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    };
    // Sequential runs poll every 5 ms (the latency is the measure); the burst polls every 100 ms
    // so that 50 clients polling do not take the CPU the workers need.
    const run = async (pollMs = 5) => {
      const accepted = await post(`/api/steps-async/${step.data.id}`, document);
      await untilDone(accepted.status_url, pollMs);
    };

    await run(); // warm-up: first PDF parse, first plans
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await run();
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);

    const burstStarted = performance.now();
    await Promise.all(Array.from({ length: burst }, () => run(100)));
    const burstSeconds = (performance.now() - burstStarted) / 1000;

    process.stdout.write(
      `\n| measure | value |\n|:--|--:|\n` +
        `| one-page text PDF, submit to SUCCESS p50 (${samples} sequential) | ${percentile(latencies, 50).toFixed(1)} ms |\n` +
        `| one-page text PDF, submit to SUCCESS p99 | ${percentile(latencies, 99).toFixed(1)} ms |\n` +
        `| ${burst} submitted at once, all SUCCESS | ${burstSeconds.toFixed(2)} s |\n` +
        `| documents per second (${burst} at once) | ${(burst / burstSeconds).toFixed(1)} |\n` +
        `| server peak RSS (VmHWM) | ${peakRssMiB(server.pid as number).toFixed(0)} MiB |\n`,
    );
    ok = true;
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
  }
  return finishRun(server, databaseName, logFile, ok);
}

process.exit((await main()) ? 0 : 1);
