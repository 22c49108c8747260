// `npm run bench:pipeline`: documents through the HTTP API end to end. Starts src/main.ts as its
// own process (API and workers, as `npm start`) on a fresh database, creates an invoice type and
// a step, then:
//   1. submits a one-page text PDF BENCH_PIPELINE_SAMPLES times, one at a time, and measures
//      submit-to-SUCCESS (POST /api/steps-async/{id} until its status reads SUCCESS, polled every
//      5 ms): p50 and p99;
//   2. submits BENCH_PIPELINE_BURST documents at once and measures documents per second until the
//      last one is SUCCESS (each polled every 100 ms);
//   3. a 20-page text PDF, BENCH_PIPELINE_LONG_SAMPLES times, one at a time: p50 and the server's
//      peak RSS during those runs;
//   4. a one-page scan (a PDF holding only a 150 dpi image of the page, read by OCR),
//      BENCH_PIPELINE_SCAN_SAMPLES times, one at a time: p50 and the server's peak RSS during those runs.
//   5. the server's RSS BENCH_PIPELINE_IDLE_MS after the last scan, once idle threads have ended.
// Each scenario starts with one unmeasured run (the first OCR run starts a thread and its engine).
// Every figure is printed beside its target. Beside the latencies, the server's CPU time (user +
// system of all its threads) per document of scenarios 1-4: far less sensitive to the machine's
// load than wall-clock time. BENCH_CPU_PROF=<folder> writes the server's CPU profile there.
// Settings (environment): DATABASE_URL (admin URL; default the local server),
// BENCH_PIPELINE_SAMPLES (default 100), BENCH_PIPELINE_BURST (default 50),
// BENCH_PIPELINE_LONG_SAMPLES (default 20), BENCH_PIPELINE_SCAN_SAMPLES (default 10),
// BENCH_PIPELINE_IDLE_MS (default 60000, the target's minute; shorter runs the server with
// PIPELINE_THREAD_IDLE_MS and OCR_IDLE_MS at half of it), BENCH_PIPELINE_ONE_PAGE_ONLY=1 (scenarios
// 1 and 2 only), LOG_LEVEL (server, default warn).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  admin,
  backendCpuMs,
  backendCpuSince,
  cpuMs,
  createBenchOwnerKey,
  finishRun,
  machineLine,
  peakRssMiB,
  percentile,
  positiveInteger,
  resetPeakRss,
  rssMiB,
  spawnServer,
  threadCpuMs,
  urlForDatabase,
} from './bench-support.js';
import { freePort, waitForHealth } from './server-process.js';

const samples = positiveInteger('BENCH_PIPELINE_SAMPLES', 100);
const burst = positiveInteger('BENCH_PIPELINE_BURST', 50);
const longSamples = positiveInteger('BENCH_PIPELINE_LONG_SAMPLES', 20);
const scanSamples = positiveInteger('BENCH_PIPELINE_SCAN_SAMPLES', 10);
const idleMs = positiveInteger('BENCH_PIPELINE_IDLE_MS', 60_000);
/** BENCH_PIPELINE_ONE_PAGE_ONLY=1 stops after scenario 2 (for profiling the one-page path). */
const onePageOnly = process.env.BENCH_PIPELINE_ONE_PAGE_ONLY === '1';
const LONG_PAGES = 20;
/** The server's idle settings when the bench waits less than the defaults' minute. */
const idleEnv: Record<string, string> =
  idleMs < 60_000 ? { PIPELINE_THREAD_IDLE_MS: String(idleMs / 2), OCR_IDLE_MS: String(idleMs / 2) } : {};

const INVOICE_LINES = [
  'ACME Supplies Ltd.                                   INVOICE',
  'Invoice Number: INV-2024-001                 Invoice Date: 2024-03-15',
  'Bill to: Example Corp, 1 Main Street',
  'Description                     Qty        Unit        Amount',
  'Paper A4                          2       20.00         40.00',
  'Toner                             1       83.45         83.45',
  'Total: 123.45',
];

async function textPdf(pages = 1): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 0; number < pages; number++) {
    const page = pdf.addPage([612, 792]);
    INVOICE_LINES.forEach((line, index) => {
      page.drawText(line, { x: 40, y: 740 - index * 18, size: 10, font });
    });
  }
  return Buffer.from(await pdf.save()).toString('base64');
}

/** The same page as a scanner makes it: a 150 dpi greyscale-looking image, no text layer. */
async function scannedPdf(): Promise<string> {
  const scale = 150 / 72;
  const fontFile = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  );
  GlobalFonts.registerFromPath(fontFile, 'BenchSans');
  const canvas = createCanvas(Math.round(612 * scale), Math.round(792 * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#111111';
  context.font = `${Math.round(10 * scale)}px BenchSans`;
  INVOICE_LINES.forEach((line, index) => {
    context.fillText(line, 40 * scale, (52 + index * 18) * scale);
  });
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(await canvas.encode('png'));
  pdf.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
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
    server = await spawnServer({
      databaseUrl,
      port,
      logFile,
      logLevel: process.env.LOG_LEVEL || 'warn',
      env: idleEnv,
    });
    await waitForHealth(baseUrl, server, 60_000);
    const startRssMiB = rssMiB(server.pid as number);
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
    const document = { base64: await textPdf(), content_type: 'application/pdf' };
    // The documents are made before any run: a pause of seconds between requests (making the scan on a
    // loaded machine) lets the server close the kept-alive connection the next request reuses.
    const longBody = { base64: await textPdf(LONG_PAGES), content_type: 'application/pdf' };
    const scanBody = { base64: await scannedPdf(), content_type: 'application/pdf' };

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
    const run = async (pollMs = 5, body: unknown = document) => {
      const accepted = await post(`/api/steps-async/${step.data.id}`, body);
      await untilDone(accepted.status_url, pollMs);
    };
    const serverPid = server.pid as number;
    /**
     * p50 of `count` sequential runs of `body` after one unmeasured run, the server's CPU time per
     * run (user + system, all its threads) and its peak RSS meanwhile.
     */
    const sequential = async (body: unknown, count: number) => {
      resetPeakRss(serverPid);
      await run(5, body);
      const times: number[] = [];
      const cpuBefore = cpuMs(serverPid);
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await run(5, body);
        times.push(performance.now() - started);
      }
      const cpuPerRun = (cpuMs(serverPid) - cpuBefore) / count;
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99), cpuPerRun, peakMiB: peakRssMiB(serverPid) };
    };

    // Warm-up: first PDF parse, first plans, and every document thread started (one per CPU by
    // default; a thread's start-up is a one-time cost per process, not per document).
    await Promise.all(Array.from({ length: os.availableParallelism() }, () => run()));
    /**
     * Runs `work` (`documents` documents) and answers the CPU time per document of the server's
     * main thread, of its other threads (document threads, V8's and libuv's helpers) and of the
     * PostgreSQL backends of its database.
     */
    const cpuSplit = async (documents: number, work: () => Promise<void>) => {
      const threadsBefore = threadCpuMs(serverPid);
      const backendsBefore = await backendCpuMs(databaseName);
      await work();
      const threadsAfter = threadCpuMs(serverPid);
      const backendsAfter = await backendCpuMs(databaseName);
      return {
        main: (threadsAfter.main - threadsBefore.main) / documents,
        other: (threadsAfter.other - threadsBefore.other) / documents,
        database: backendCpuSince(backendsBefore, backendsAfter) / documents,
      };
    };
    const splitText = (split: { main: number; other: number; database: number }) =>
      `${split.main.toFixed(1)} / ${split.other.toFixed(1)} / ${split.database.toFixed(1)} ms`;
    const latencies: number[] = [];
    let cpuBefore = cpuMs(serverPid);
    const sequentialSplit = await cpuSplit(samples, async () => {
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await run();
        latencies.push(performance.now() - started);
      }
    });
    const cpuPerDocument = (cpuMs(serverPid) - cpuBefore) / samples;
    latencies.sort((a, b) => a - b);

    cpuBefore = cpuMs(serverPid);
    let burstSeconds = 0;
    const burstSplit = await cpuSplit(burst, async () => {
      const burstStarted = performance.now();
      await Promise.all(Array.from({ length: burst }, () => run(100)));
      burstSeconds = (performance.now() - burstStarted) / 1000;
    });
    const cpuPerBurstDocument = (cpuMs(serverPid) - cpuBefore) / burst;
    const peakMiB = peakRssMiB(serverPid);

    const rows: [string, string, string][] = [
      ['server RSS when started, before any document', `${startRssMiB.toFixed(0)} MiB`, ''],
      [
        `one-page text PDF, submit to SUCCESS p50 (${samples} sequential)`,
        `${percentile(latencies, 50).toFixed(1)} ms`,
        '<= 20 ms',
      ],
      ['one-page text PDF, submit to SUCCESS p99', `${percentile(latencies, 99).toFixed(1)} ms`, ''],
      ['one-page text PDF, server CPU time per document (sequential)', `${cpuPerDocument.toFixed(1)} ms`, ''],
      [
        'the same, CPU per document: server main thread / its other threads / PostgreSQL',
        splitText(sequentialSplit),
        '',
      ],
      [`${burst} submitted at once, all SUCCESS`, `${burstSeconds.toFixed(2)} s`, ''],
      [`documents per second (${burst} at once)`, (burst / burstSeconds).toFixed(1), '>= 60'],
      [`server CPU time per document (${burst} at once)`, `${cpuPerBurstDocument.toFixed(1)} ms`, ''],
      ['the same: server main thread / its other threads / PostgreSQL', splitText(burstSplit), ''],
      ['server peak RSS after one-page text PDFs (VmHWM)', `${peakMiB.toFixed(0)} MiB`, '<= 350 MiB'],
    ];
    if (!onePageOnly) {
      const long = await sequential(longBody, longSamples);
      const scan = await sequential(scanBody, scanSamples);
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      const idleRssMiB = rssMiB(server.pid as number);
      rows.push(
        [
          `${LONG_PAGES}-page text PDF, submit to SUCCESS p50 (${longSamples} sequential)`,
          `${long.p50.toFixed(1)} ms`,
          '',
        ],
        [`${LONG_PAGES}-page text PDF, server CPU time per document`, `${long.cpuPerRun.toFixed(1)} ms`, ''],
        [`${LONG_PAGES}-page text PDF, server peak RSS`, `${long.peakMiB.toFixed(0)} MiB`, '<= 350 MiB'],
        [
          `one-page scan (image-only PDF, OCR), submit to SUCCESS p50 (${scanSamples} sequential)`,
          `${scan.p50.toFixed(1)} ms`,
          '<= 1000 ms',
        ],
        ['one-page scan, server CPU time per scan', `${scan.cpuPerRun.toFixed(0)} ms`, ''],
        ['one-page scan, server peak RSS', `${scan.peakMiB.toFixed(0)} MiB`, '<= 700 MiB'],
        [`server RSS ${(idleMs / 1000).toFixed(0)} s after the last scan`, `${idleRssMiB.toFixed(0)} MiB`, '< 400 MiB'],
      );
    }

    process.stdout.write(
      `\n| measure | value | target |\n|:--|--:|--:|\n${rows.map((row) => `| ${row.join(' | ')} |\n`).join('')}` +
        `load average after the run: ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}\n`,
    );
    ok = true;
  } catch (error) {
    const { message, cause } = error as Error;
    process.stderr.write(`bench: ${message}${cause ? ` (${cause})` : ''}\n`);
  }
  return finishRun(server, databaseName, logFile, ok);
}

process.exit((await main()) ? 0 : 1);
