import type { Knex } from '../../db/knex.js';
import { createNotificationListener, type NotificationListener } from '../../jobs/notification-listener.js';
import type { Logger } from '../../logger.js';
import { EXECUTION_FINISHED_CHANNEL, type ExecutionKind, type ExecutionView, findExecutionView } from './repository.js';

/** How often a waiting request re-reads its execution if no notification arrives (a missed NOTIFY). */
const FALLBACK_POLL_MS = 1_000;

export interface ExecutionWaiter {
  /** The execution once SUCCESS or ERROR, or its current state when `timeoutMs` passes first. */
  wait(organizationId: string, kind: ExecutionKind, id: string, timeoutMs: number): Promise<ExecutionView>;
  close(): Promise<void>;
}

/**
 * Lets synchronous requests (POST /api/identify, /api/convert) wait for the worker that runs
 * their execution, on any process: one LISTEN connection per API process, opened on first use,
 * wakes the waiters; each also re-reads its execution every second, so a lost notification or
 * a listener that cannot connect only costs latency.
 */
export function createExecutionWaiter(knex: Knex, databaseUrl: string, log: Logger): ExecutionWaiter {
  /** The wake-up of the request waiting for each execution id. */
  const wakers = new Map<string, () => void>();
  let listener: Promise<NotificationListener | null> | null = null;

  const listen = () => {
    listener ??= createNotificationListener(databaseUrl, log)
      .then(async (created) => {
        await created.subscribe(EXECUTION_FINISHED_CHANNEL, (id) => wakers.get(id)?.());
        return created;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'cannot listen for finished executions; waiting requests poll instead');
        listener = null;
        return null;
      });
    return listener;
  };

  return {
    async wait(organizationId, kind, id, timeoutMs) {
      await listen();
      const deadline = Date.now() + timeoutMs;
      try {
        for (;;) {
          // Registered before reading, so a finish between the read and the sleep still wakes us.
          const woken = new Promise<void>((resolve) => {
            wakers.set(id, resolve);
          });
          const execution = await findExecutionView(knex, organizationId, kind, id);
          if (!execution) throw new Error(`execution ${id} vanished while a request waited for it`);
          const left = deadline - Date.now();
          if (execution.status === 'SUCCESS' || execution.status === 'ERROR' || left <= 0) return execution;
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            woken,
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, Math.min(left, FALLBACK_POLL_MS));
            }),
          ]);
          clearTimeout(timer);
        }
      } finally {
        wakers.delete(id);
      }
    },
    async close() {
      const current = await listener;
      listener = null;
      await current?.close();
    },
  };
}
