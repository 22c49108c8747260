import type { Knex } from 'knex';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { expiredCounts } from '../modules/retention/enforce.js';

/**
 * Prometheus metrics for one server: request durations by operation and status, the database
 * pool, what retention has deleted, and Node's defaults (event loop lag, heap, GC). One registry per server, so tests that
 * build several servers do not share counters.
 */
export interface Metrics {
  readonly registry: Registry;
  observeRequest(operation: string, method: string, status: number, seconds: number): void;
}

interface KnexPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

export function createMetrics(db: Knex): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  const requests = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'HTTP request duration by operationId, method and status code',
    labelNames: ['operation', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'quire_db_pool_connections',
    help: 'Database pool connections by state (used, free, pending acquires)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      // knex creates its pool lazily; before the first query there is nothing to report.
      const current = (db.client as { pool?: KnexPool }).pool;
      if (!current) return;
      this.set({ state: 'used' }, current.numUsed());
      this.set({ state: 'free' }, current.numFree());
      this.set({ state: 'pending' }, current.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'quire_retention_expired_executions',
    help: 'Stored executions whose document bytes (content="document") or results (content="results") retention has deleted',
    labelNames: ['content'] as const,
    registers: [registry],
    // Read from the database at each scrape: any worker process may have run the deletion.
    async collect() {
      const counts = await expiredCounts(db);
      this.set({ content: 'document' }, counts.documents);
      this.set({ content: 'results' }, counts.results);
    },
  });
  return {
    registry,
    observeRequest: (operation, method, status, seconds) =>
      requests.observe({ operation, method: method.toUpperCase(), status: String(status) }, seconds),
  };
}
