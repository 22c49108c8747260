import type { Server, ServerInjectOptions } from '@hapi/hapi';
import type { Test } from 'tap';
import { composeJobWorkers } from '../../src/compose-workers.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Knex } from '../../src/db/knex.js';
import { createServer } from '../../src/http/server.js';
import { createLogger } from '../../src/logger.js';
import type { RetrySchedule } from '../../src/modules/webhooks/schedule.js';
import { PipelineWorkers } from '../../src/pipeline/stages/bounded-stages.js';
import { contractViolations } from './contract.js';
import { createTestDatabase } from './database.js';

export interface InjectedResponse {
  readonly statusCode: number;
  readonly headers: Record<string, unknown>;
  readonly payload: string;
  /** The parsed JSON body (undefined when the body is empty or not JSON). */
  readonly body: any;
}

export interface TestApp {
  readonly server: Server;
  readonly db: Knex;
  readonly config: Config;
  /**
   * `server.inject` that also fails the test when the response breaks the contract
   * (undocumented status, body not matching the schema, missing x-request-id).
   */
  inject(options: ServerInjectOptions & { method: string; url: string }): Promise<InjectedResponse>;
}

let pipeline: PipelineWorkers | undefined;

/**
 * The document threads of every test app in this test file: started with the first document,
 * kept across apps (a thread and its OCR engine take a second to start) and ended when idle.
 */
export function sharedPipeline(): PipelineWorkers {
  pipeline ??= new PipelineWorkers();
  return pipeline;
}

/**
 * A server on a fresh database of its own, torn down with the test. With `workers: true` the
 * job workers run beside it (as with `npm start`), so submitted documents are processed.
 */
export async function buildTestApp(
  t: Test,
  env: Record<string, string> = {},
  options: {
    workers?: boolean;
    /** Webhook delivery knobs, so retry and give-up tests take milliseconds. */
    webhooks?: { timeoutMs?: number; schedule?: RetrySchedule; disableAfterMs?: number };
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    JOB_POLL_MS: '200',
    // Tests change keys and memberships and look at once; the cache's own test turns it on.
    AUTH_CACHE_MS: '0',
    ...env,
  });
  const logger = createLogger(config.logLevel);
  const server = await createServer({ config, db: database.knex, logger });
  const jobs = options.workers
    ? await composeJobWorkers(config, database.knex, logger, {
        pipeline: sharedPipeline(),
        webhooks: options.webhooks,
        concurrency: { cpu: 2, io: 2 },
      })
    : null;
  const workers = jobs?.workers ?? null;
  t.teardown(async () => {
    await workers?.stop(10_000);
    await jobs?.webhooks.poster.close();
    await server.stop();
    await database.drop();
  });
  return {
    server,
    db: database.knex,
    config,
    inject: async (options) => {
      const response = await server.inject(options);
      const problems = contractViolations(server.app.api, options, response);
      if (problems.length)
        t.fail(`contract violation on ${options.method} ${options.url}`, { problems, payload: response.payload });
      let body: unknown;
      try {
        body = response.payload ? JSON.parse(response.payload) : undefined;
      } catch {
        body = undefined;
      }
      return { statusCode: response.statusCode, headers: response.headers, payload: response.payload, body };
    },
  };
}
