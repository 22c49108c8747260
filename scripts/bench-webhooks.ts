// `npm run bench:webhooks`: webhook delivery (src/modules/webhooks/) to a local receiver, in one
// process, on a scratch database (dropped at the end):
//   1. throughput: BENCH_WEBHOOK_EXECUTIONS executions' STARTED and COMPLETED events (two
//      deliveries each, so the ordering rule is exercised) are recorded up front, then the job
//      workers start; deliveries per second until the receiver has acknowledged every one and the
//      log says DELIVERED (worker start-up included);
//   2. idle latency: one event at a time, from the start of the transaction that records it
//      (event, delivery and job, as an execution's state change does) to the receiver having
//      the request; BENCH_WEBHOOK_SAMPLES of them after a warm-up, reported as p50/p99.
// The receiver is a node:http server on 127.0.0.1 in the same process: it answers 200 at once,
// so the figures are quire's own cost (and they share this process's CPU with it).
//
// Settings (environment): DATABASE_URL (admin URL; default the local server),
// BENCH_WEBHOOK_EXECUTIONS (default 5000), BENCH_WEBHOOK_SAMPLES (default 300),
// BENCH_WEBHOOK_CONCURRENCY (io jobs at once, default 32, the WORKER_CONCURRENCY default).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createDb, type Knex } from '../src/db/knex.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { jobKinds } from '../src/jobs/kinds/index.js';
import { startJobWorkers } from '../src/jobs/worker-pool.js';
import { createOrganization } from '../src/modules/identity/service.js';
import { recordDeliveryForEvent } from '../src/modules/webhooks/delivery-repository.js';
import { putEndpoint } from '../src/modules/webhooks/endpoint-service.js';
import { createWebhookDeliverySettings } from '../src/modules/webhooks/settings.js';
import { PipelineWorkers } from '../src/pipeline/stages/bounded-stages.js';
import { createOfflineEngine } from '../src/pipeline/stages/offline-engine.js';
import { postgresDocumentStorage } from '../src/storage/postgres-document-storage.js';
import { admin, machineLine, percentile, positiveInteger, urlForDatabase } from './bench-support.js';

const executionCount = positiveInteger('BENCH_WEBHOOK_EXECUTIONS', 5_000);
const sampleCount = positiveInteger('BENCH_WEBHOOK_SAMPLES', 300);
const concurrency = positiveInteger('BENCH_WEBHOOK_CONCURRENCY', 32);
/** 2: STARTED and COMPLETED per execution (ordered); 1: STARTED only (nothing to order). */
const eventsPerExecution = positiveInteger('BENCH_WEBHOOK_EVENTS_PER_EXECUTION', 2);
const WARM_UP = 20;
const CHUNK = 500;

/** A step payload of the usual size, about 700 bytes. */
function payload(executionId: string, status: string) {
  return {
    step_execution_id: executionId,
    execution_id: executionId,
    step_id: '0d9a1c8e-6a43-4a8e-9f0e-3f1c2b7d5e21',
    step_name: 'Supplier invoices',
    status,
    request_timestamp: new Date().toISOString(),
    response_timestamp: status === 'PROCESSING' ? null : new Date().toISOString(),
    original_filename: 'invoice-2024-001.pdf',
    document_metadata: { batch: 7, source: 'bench' },
    data:
      status === 'SUCCESS'
        ? { invoice_number: 'INV-2024-001', issue_date: '2024-03-15', total: 123.45, currency: 'EUR' }
        : null,
    error: null,
    identification: null,
    validation:
      status === 'SUCCESS'
        ? { valid: true, errors: { count: 0, messages: [] }, warnings: { count: 0, messages: [] } }
        : null,
  };
}

async function insertExecutions(knex: Knex, organizationId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < count; done += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - done) }, () => ({
      organization_id: organizationId,
      kind: 'convert',
      status: 'SUCCESS',
    }));
    ids.push(...(await knex('executions').insert(rows).returning('id')).map((row: { id: string }) => row.id));
  }
  return ids;
}

/** Records an event as recordEvent does: the event, then its delivery and job, in one transaction. */
async function recordEvent(db: Knex | Knex.Transaction, organizationId: string, executionId: string, event: string) {
  const status = event.endsWith('STARTED') ? 'PROCESSING' : 'SUCCESS';
  const [row] = await db('events')
    .insert({
      organization_id: organizationId,
      execution_id: executionId,
      event,
      payload: JSON.stringify(payload(executionId, status)),
    })
    .returning(db.raw('id::text as id'));
  await recordDeliveryForEvent(db, { id: (row as { id: string }).id, organizationId, executionId, event });
}

async function main(): Promise<boolean> {
  const databaseName = `quire_bench_webhooks_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${databaseName}`);
  if (process.env.BENCH_ASYNC_COMMIT) await admin(`alter database ${databaseName} set synchronous_commit = off`);
  const databaseUrl = urlForDatabase(databaseName);
  const knex = createDb(databaseUrl, { poolMax: 20 });
  let received = 0;
  let onReceived: (() => void) | null = null;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      onReceived?.();
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const webhooks = createWebhookDeliverySettings({ allowPrivateTargets: true });
  let ok = false;
  try {
    await migrateToLatest(knex);
    const organization = await createOrganization(knex, 'bench', 'Benchmark');
    await putEndpoint(knex, organization.id, url);
    process.stdout.write(
      `bench-webhooks: ${executionCount} executions (${executionCount * 2} deliveries), ` +
        `${sampleCount} latency samples, io concurrency ${concurrency}; ${machineLine()}\n`,
    );

    // No document runs here (cpu: 0): the threads never start.
    const pipeline = new PipelineWorkers();
    const start = () =>
      startJobWorkers({
        db: knex,
        databaseUrl,
        logger: pino({ level: 'warn' }),
        kinds: jobKinds({
          knex,
          storage: postgresDocumentStorage,
          webhooks,
          engine: createOfflineEngine(pipeline),
          pipeline,
          embeddings: null,
        }),
        concurrency: { cpu: 0, io: concurrency },
      });

    // 1. Throughput.
    const executions = await insertExecutions(knex, organization.id, executionCount);
    for (let done = 0; done < executions.length; done += CHUNK) {
      await knex.transaction(async (trx) => {
        for (const id of executions.slice(done, done + CHUNK)) {
          await recordEvent(trx, organization.id, id, 'CONVERSION_STARTED');
          if (eventsPerExecution > 1) await recordEvent(trx, organization.id, id, 'CONVERSION_COMPLETED');
        }
      });
    }
    await knex.raw('vacuum analyze');
    const total = executionCount * Math.min(eventsPerExecution, 2);
    const startedAt = performance.now();
    const cpuBefore = process.cpuUsage();
    const workers = await start();
    const pending = async () =>
      Number((await knex('webhook_deliveries').whereNot({ status: 'DELIVERED' }).count({ n: '*' }))[0]!.n);
    while (received < total || (await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (performance.now() - startedAt) / 1000;
    const duplicates = received - total;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    process.stdout.write(
      `throughput: ${total} deliveries in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} deliveries/s` +
        ` (${duplicates} duplicate posts; this process used ${cpuSeconds.toFixed(1)} s of CPU, receiver included)\n`,
    );

    // 2. Idle latency, one event at a time through the same running workers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const latencies: number[] = [];
    const idle = await insertExecutions(knex, organization.id, WARM_UP + sampleCount);
    for (const [index, executionId] of idle.entries()) {
      const arrived = new Promise<number>((resolve) => {
        onReceived = () => resolve(performance.now());
      });
      const recordedAt = performance.now();
      await knex.transaction((trx) => recordEvent(trx, organization.id, executionId, 'CONVERSION_STARTED'));
      const latency = (await arrived) - recordedAt;
      onReceived = null;
      if (index >= WARM_UP) latencies.push(latency);
      // The next sample starts from an idle loop: the delivery is recorded and its job gone.
      while (Number((await knex('jobs').count({ n: '*' }))[0]!.n) !== 0) await new Promise((r) => setTimeout(r, 2));
    }
    latencies.sort((a, b) => a - b);
    process.stdout.write(
      `event-to-receipt latency (idle): p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(2)} ms\n`,
    );
    await workers.stop(5_000);
    ok = true;
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).stack}\n`);
  } finally {
    await webhooks.poster.close();
    receiver.closeAllConnections();
    receiver.close();
    await knex.destroy();
    await admin(`drop database if exists ${databaseName} with (force)`).catch((error) =>
      process.stderr.write(`bench: could not drop ${databaseName}: ${error}\n`),
    );
  }
  return ok;
}

process.exit((await main()) ? 0 : 1);
