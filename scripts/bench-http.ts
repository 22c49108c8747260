// `npm run bench:http`: requests per second and latency of quire's HTTP layer. Starts src/main.ts
// as its own process on a fresh database (real entry point, real request logging, written to a
// file), seeds an organization with 50 document types through the API, then drives each endpoint
// with autocannon, itself a separate process so load generator and server do not share an event
// loop. PostgreSQL, the server and autocannon share the machine's cores: the figures are for
// comparing runs on one machine, not absolute capacity.
//
// The authenticated list is also measured against its same-stack floor (scripts/bench-http-floor.ts:
// bare hapi + pg, same queries, same JSON) on the same database, in alternating rounds; the
// figure is the median over rounds of quire / floor, and the target is 0.7.
//
// Settings (environment): DATABASE_URL (admin URL; default the local server), BENCH_DURATION
// (seconds per endpoint, default 10), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (seconds,
// default 2), BENCH_ROUNDS (quire/floor rounds, default 3), LOG_LEVEL (of the server, default
// info as in production).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import {
  admin,
  createBenchOwnerKey,
  finishRun,
  machineLine,
  positiveInteger,
  spawnServer,
  urlForDatabase,
} from './bench-support.js';
import { freePort, stopProcess, waitForHealth } from './server-process.js';

const root = path.resolve(import.meta.dirname, '..');
const duration = positiveInteger('BENCH_DURATION', 10);
const connections = positiveInteger('BENCH_CONNECTIONS', 50);
const warmup = positiveInteger('BENCH_WARMUP', 2);
const rounds = positiveInteger('BENCH_ROUNDS', 3);
const FLOOR_TARGET = 0.7;
const DOCUMENT_TYPE_COUNT = 50;
const STARTUP_TIMEOUT_MS = 60_000;

/** The fields of autocannon's `--json` result this script reads. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run in its own process; bounded by its duration plus a margin. */
function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<AutocannonResult> {
  const args = ['-c', String(connections), '-d', String(seconds), '-j', '-n'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'autocannon'), args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: (seconds + 30) * 1000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) return reject(new Error(`autocannon failed (code ${code}, signal ${signal}): ${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as AutocannonResult);
      } catch {
        reject(new Error(`autocannon printed no JSON result: ${stdout}${stderr}`));
      }
    });
  });
}

interface Endpoint {
  readonly label: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

async function seed(databaseUrl: string, baseUrl: string): Promise<Record<string, string>> {
  const key = await createBenchOwnerKey(databaseUrl);
  const headers = { authorization: `Bearer ${key}` };
  for (let i = 0; i < DOCUMENT_TYPE_COUNT; i++) {
    const response = await fetch(`${baseUrl}/api/document-types`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        codeType: `bench_type_${String(i).padStart(3, '0')}`,
        name: `Benchmark type ${i}`,
        description: `Document type ${i} of the HTTP benchmark`,
        isDraft: i % 5 === 0,
        jsonSchema: {
          type: 'object',
          properties: {
            invoice_number: { type: 'string' },
            issue_date: { type: 'string', format: 'date' },
            total: { type: 'number' },
            lines: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
          },
        },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 201) throw new Error(`seeding answered ${response.status}: ${await response.text()}`);
  }
  return headers;
}

/** The floor server as its own process on quire's database. */
function spawnFloor(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-http-floor.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Alternating rounds of quire and the floor on the same list request; prints each round and the medians. */
async function compareWithFloor(quireUrl: string, floorUrl: string, auth: Record<string, string>): Promise<boolean> {
  const quire: number[] = [];
  const floor: number[] = [];
  let ok = true;
  for (let round = 1; round <= rounds; round++) {
    for (const [label, baseUrl, figures] of [
      ['quire', quireUrl, quire],
      ['floor', floorUrl, floor],
    ] as const) {
      await autocannon(`${baseUrl}/api/document-types`, auth, warmup);
      const result = await autocannon(`${baseUrl}/api/document-types`, auth, duration);
      ok &&= result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
      figures.push(result.requests.average);
      process.stdout.write(
        `round ${round} ${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, non-2xx ${result.non2xx}\n`,
      );
    }
  }
  const ratio = median(quire.map((value, i) => value / floor[i]!));
  process.stdout.write(
    `\nGET /api/document-types, median of ${rounds} alternating rounds: quire ${median(quire).toFixed(0)} req/s, ` +
      `floor ${median(floor).toFixed(0)} req/s; median of the per-round ratios quire / floor ${ratio.toFixed(2)} (target >= ${FLOOR_TARGET})\n`,
  );
  return ok;
}

function printTable(rows: Array<{ endpoint: Endpoint; result: AutocannonResult }>): void {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'avg ms', 'max ms', 'requests', 'non-2xx', 'errors'];
  const lines = rows.map(({ endpoint, result }) => [
    endpoint.label,
    result.requests.average.toFixed(0),
    String(result.latency.p50),
    String(result.latency.p99),
    result.latency.average.toFixed(2),
    String(result.latency.max),
    String(result.requests.total),
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  process.stdout.write(
    `\n${format(header)}\n|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|\n`,
  );
  for (const line of lines) process.stdout.write(`${format(line)}\n`);
}

async function main(): Promise<boolean> {
  const databaseName = `quire_bench_${randomBytes(6).toString('hex')}`;
  const databaseUrl = urlForDatabase(databaseName);
  const logFile = path.join(os.tmpdir(), `${databaseName}.log`);
  let server: ChildProcess | undefined;
  let ok = false;
  process.stdout.write(
    `quire HTTP benchmark: ${connections} connections, ${warmup} s warm-up + ${duration} s per endpoint, ` +
      `server LOG_LEVEL=${process.env.LOG_LEVEL || 'info'}, ${machineLine()}\n`,
  );
  await admin(`create database ${databaseName}`);
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = await spawnServer({ databaseUrl, port, logFile, logLevel: process.env.LOG_LEVEL || 'info' });
    await waitForHealth(baseUrl, server, STARTUP_TIMEOUT_MS);
    const auth = await seed(databaseUrl, baseUrl);
    process.stdout.write(`server ${baseUrl} (pid ${server.pid}), ${DOCUMENT_TYPE_COUNT} document types seeded\n`);

    const endpoints: Endpoint[] = [
      { label: 'GET /healthz', path: '/healthz', headers: {} },
      { label: 'GET /api/document-types (auth, 20 of 50)', path: '/api/document-types', headers: auth },
    ];
    const rows: Array<{ endpoint: Endpoint; result: AutocannonResult }> = [];
    for (const endpoint of endpoints) {
      process.stdout.write(`measuring ${endpoint.label} ...\n`);
      await autocannon(`${baseUrl}${endpoint.path}`, endpoint.headers, warmup);
      rows.push({ endpoint, result: await autocannon(`${baseUrl}${endpoint.path}`, endpoint.headers, duration) });
    }
    printTable(rows);
    ok = rows.every(({ result }) => result.non2xx === 0 && result.errors === 0 && result.timeouts === 0);

    const floorPort = await freePort();
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const floorServer = spawnFloor(databaseUrl, floorPort);
    try {
      await waitForHealth(floorUrl, floorServer, STARTUP_TIMEOUT_MS);
      process.stdout.write(`\nsame-stack floor ${floorUrl} (pid ${floorServer.pid})\n`);
      ok = (await compareWithFloor(baseUrl, floorUrl, auth)) && ok;
    } finally {
      await stopProcess(floorServer, 5000);
    }
    if (!ok) process.stdout.write('\nSome requests failed (non-2xx, errors or timeouts): see the table.\n');
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
  }
  return finishRun(server, databaseName, logFile, ok);
}

process.exit((await main()) ? 0 : 1);
