// `npm run bench:kb`: knowledge-base throughput and search latency. Starts src/main.ts as its own
// process on a fresh database, bulk-uploads BENCH_KB_DOCUMENTS documents of about 1 KB in ONE
// request (local embeddings), reading the event stream to its `complete` message, and prints
// documents per second and the server's peak resident memory (VmHWM). Then runs
// BENCH_KB_SEARCHES searches of 2-3 words, one at a time, over those documents and prints p50/p99
// latency (the first, cold search is reported apart: it loads the indexes into memory), then the
// latency of a search right after a document write (it brings the indexes up to date).
//
// Settings (environment): DATABASE_URL (admin URL; default the local server), BENCH_KB_DOCUMENTS
// (default 10000), BENCH_KB_SEARCHES (default 200), LOG_LEVEL (of the server, default warn).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import {
  admin,
  cpuMs,
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

const documentCount = positiveInteger('BENCH_KB_DOCUMENTS', 10_000);
const searchCount = positiveInteger('BENCH_KB_SEARCHES', 200);
const WRITE_ROUNDS = 9;

/** A small deterministic PRNG (mulberry32), so every run uploads the same documents. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(7);
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pa',
  'qui',
  'dor',
  'fen',
  'gal',
  'hux',
  'jor',
];
/** 3,000 made-up words, Zipf-like in use: a few frequent, most rare, as in real text. */
const VOCABULARY = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(next() * 3) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''),
);
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * next() ** 2.5)] as string;
const words = (count: number) => Array.from({ length: count }, word).join(' ');

function documentOf(index: number) {
  let text = '';
  while (text.length < 950) text += `${words(8 + Math.floor(next() * 8))}. `;
  return { documentId: `doc-${index}`, content: { title: words(5), text, category: `category-${index % 12}` } };
}

/** Uploads in one request and reads the stream to its end; answers the last message. */
async function bulkUpload(url: string, headers: Record<string, string>, body: string) {
  const response = await fetch(url, { method: 'POST', headers, body });
  if (response.status !== 200) throw new Error(`bulk upload answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  const messages = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
  return messages.at(-1) as Record<string, unknown>;
}

async function main(): Promise<boolean> {
  const databaseName = `quire_bench_kb_${randomBytes(6).toString('hex')}`;
  const databaseUrl = urlForDatabase(databaseName);
  const logFile = path.join(os.tmpdir(), `${databaseName}.log`);
  let server: ChildProcess | undefined;
  let ok = false;
  process.stdout.write(
    `quire knowledge-base benchmark: ${documentCount} documents, ${searchCount} searches, ${machineLine()}\n`,
  );
  await admin(`create database ${databaseName}`);
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // Local embeddings: the figures are quire's own, not an embedding endpoint's.
    server = await spawnServer({
      databaseUrl,
      port,
      logFile,
      logLevel: process.env.LOG_LEVEL || 'warn',
      env: { EMBEDDINGS_BASE_URL: '' },
    });
    await waitForHealth(baseUrl, server, 60_000);
    const headers = {
      authorization: `Bearer ${await createBenchOwnerKey(databaseUrl)}`,
      'content-type': 'application/json',
    };
    const created = await fetch(`${baseUrl}/api/knowledge-bases`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Benchmark',
        description: 'Generated articles',
        schema: {
          type: 'object',
          required: ['title', 'text'],
          properties: { title: { type: 'string' }, text: { type: 'string' }, category: { type: 'string' } },
        },
      }),
    });
    const knowledgeBaseId = ((await created.json()) as { data: { id: string } }).data.id;

    const documents = Array.from({ length: documentCount }, (_, i) => documentOf(i));
    const body = JSON.stringify({ documents });
    const averageBytes = Buffer.byteLength(body) / documentCount;
    process.stdout.write(
      `uploading ${documentCount} documents (${(Buffer.byteLength(body) / 1024 / 1024).toFixed(1)} MiB, ` +
        `${Math.round(averageBytes)} bytes each) in one request ...\n`,
    );
    const startedAt = performance.now();
    const complete = await bulkUpload(
      `${baseUrl}/api/knowledge-bases/${knowledgeBaseId}/documents/bulk-upload`,
      headers,
      body,
    );
    const seconds = (performance.now() - startedAt) / 1000;
    if (complete.type !== 'complete' || complete.created !== documentCount) {
      throw new Error(`the upload did not complete: ${JSON.stringify(complete)}`);
    }
    const uploadRss = peakRssMiB(server.pid as number);

    const searchUrl = `${baseUrl}/api/knowledge-bases/${knowledgeBaseId}/search`;
    const search = async (query: string) => {
      const started = performance.now();
      const response = await fetch(searchUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, limit: 10, similarityThreshold: 0.5 }),
      });
      if (response.status !== 200) throw new Error(`search answered ${response.status}: ${await response.text()}`);
      const result = (await response.json()) as { resultsCount: number };
      return { ms: performance.now() - started, results: result.resultsCount };
    };
    const cold = await search(words(2));
    const latencies: number[] = [];
    let results = 0;
    const cpuBefore = cpuMs(server.pid as number);
    for (let i = 0; i < searchCount; i++) {
      const hit = await search(words(2 + (i % 2)));
      latencies.push(hit.ms);
      results += hit.results;
    }
    const cpuPerSearch = (cpuMs(server.pid as number) - cpuBefore) / searchCount;
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);

    // A write, then a search: the search brings the in-memory indexes up to date with the one
    // changed document. Median of a few rounds, each a document update then one search.
    const afterWrite: number[] = [];
    for (let i = 0; i < WRITE_ROUNDS; i++) {
      const written = await fetch(`${baseUrl}/api/knowledge-bases/${knowledgeBaseId}/documents/doc-${i}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ content: documentOf(i).content }),
      });
      if (written.status !== 200) throw new Error(`update answered ${written.status}: ${await written.text()}`);
      afterWrite.push((await search(words(2))).ms);
    }
    afterWrite.sort((a, b) => a - b);

    process.stdout.write(
      `\n| measure | value | target |\n|:--|--:|--:|\n` +
        `| bulk upload, ${documentCount} docs in one request | ${seconds.toFixed(2)} s | |\n` +
        `| documents per second | ${Math.round(documentCount / seconds)} | >= 2000 |\n` +
        `| server peak RSS (VmHWM) after the upload | ${uploadRss.toFixed(0)} MiB | |\n` +
        `| first search (loads the indexes) | ${cold.ms.toFixed(1)} ms | |\n` +
        `| search p50 over ${searchCount} | ${p50.toFixed(1)} ms | <= 10 ms |\n` +
        `| search p99 | ${p99.toFixed(1)} ms | <= 25 ms |\n` +
        `| server CPU time per search (user + system) | ${cpuPerSearch.toFixed(1)} ms | |\n` +
        `| first search after a document write (median of ${WRITE_ROUNDS}) | ${percentile(afterWrite, 50).toFixed(1)} ms | |\n` +
        `| results per search (threshold 0.5, limit 10) | ${(results / searchCount).toFixed(1)} | |\n` +
        `| server peak RSS (VmHWM) at the end | ${peakRssMiB(server.pid as number).toFixed(0)} MiB | |\n`,
    );
    ok = true;
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
  }
  return finishRun(server, databaseName, logFile, ok);
}

process.exit((await main()) ? 0 : 1);
