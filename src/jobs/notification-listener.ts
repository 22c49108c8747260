import pgListen, { type Subscriber } from 'pg-listen';
import type { Logger } from '../logger.js';
import { backoffMs } from './backoff.js';

/**
 * One LISTEN connection shared by whoever needs wake-ups (the job workers, the API waiting for
 * an execution to finish). Notifications are hints only: while the connection is down they are
 * lost, so subscribers must have another way to catch up (the job loop polls) and may use
 * `onReconnect` to catch up at once.
 */
export interface NotificationListener {
  subscribe(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Called after the connection was lost and is listening again (notifications may have been missed). Answers an unregister function. */
  onReconnect(callback: () => void): () => void;
  close(): Promise<void>;
}

export interface NotificationListenerOptions {
  /** Shows in `pg_stat_activity.application_name`. */
  applicationName?: string;
  /** How often the idle connection is checked with a trivial query (pg-listen's "paranoid checking"). */
  checkIntervalMs?: number;
}

const RECONNECT_BASE_MS = 200;
const RECONNECT_MAX_MS = 15_000;

/**
 * pg-listen reconnects by itself when its connection drops, but gives up for good when the
 * re-LISTEN after a reconnect fails, does not retry a failed first connection, and keeps
 * retrying after `close()`. So each pg-listen subscriber here is disposable: when one fails it is
 * closed and replaced after a backoff, and a stale one is shut down the moment it reconnects.
 * Resolves once the first connection attempt settled: a database that is down at start does not
 * block the caller (its poll covers), and the listener keeps trying in the background.
 */
export async function createNotificationListener(
  databaseUrl: string,
  log: Logger,
  options: NotificationListenerOptions = {},
): Promise<NotificationListener> {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectCallbacks = new Set<() => void>();
  let current: Subscriber | null = null;
  let ready = false;
  let closed = false;
  let failures = 0;
  let everConnected = false;
  let replaceTimer: NodeJS.Timeout | undefined;

  const announceReconnect = () => {
    log.info('notification listener reconnected');
    for (const callback of reconnectCallbacks) callback();
  };

  const isCurrent = (subscriber: Subscriber) => subscriber === current && !closed;

  function open(): Subscriber {
    const subscriber: Subscriber = pgListen.default(
      {
        connectionString: databaseUrl,
        application_name: options.applicationName ?? 'quire-listener',
        connectionTimeoutMillis: 10_000,
        // A half-open TCP connection would hang the liveness check; this turns it into a reconnect.
        query_timeout: 10_000,
      },
      {
        paranoidChecking: options.checkIntervalMs ?? 10_000,
        retryLimit: Number.POSITIVE_INFINITY,
        retryTimeout: 0,
        retryInterval: (attempt) => {
          // Throwing ends pg-listen's own retry loop: this subscriber was closed or replaced.
          if (!isCurrent(subscriber)) throw new Error('notification listener closed');
          return backoffMs(attempt + 1, RECONNECT_BASE_MS, RECONNECT_MAX_MS);
        },
        parse: (payload: string) => payload,
      },
    );
    subscriber.events.on('notification', ({ channel, payload }) => {
      for (const handler of handlers.get(channel) ?? []) handler(payload ?? '');
    });
    subscriber.events.on('reconnect', (attempt) => {
      if (isCurrent(subscriber)) log.warn({ attempt }, 'notification listener reconnecting');
    });
    subscriber.events.on('connected', () => {
      if (!isCurrent(subscriber)) {
        void subscriber.close().catch(() => {});
        return;
      }
      // pg-listen emits `connected` after re-LISTENing every channel; the first connection is announced by start().
      if (ready) announceReconnect();
    });
    subscriber.events.on('error', (error) => {
      if (!isCurrent(subscriber)) return;
      log.warn({ err: error }, 'notification listener failed; replacing its connection');
      replace();
    });
    return subscriber;
  }

  async function start(): Promise<void> {
    const subscriber = open();
    current = subscriber;
    ready = false;
    try {
      await subscriber.connect();
      for (const channel of handlers.keys()) await subscriber.listenTo(channel);
      if (!isCurrent(subscriber)) return;
      ready = true;
      failures = 0;
      if (everConnected) announceReconnect();
      everConnected = true;
    } catch (error) {
      if (!isCurrent(subscriber)) return;
      log.warn({ err: error }, 'notification listener could not connect; retrying');
      replace();
    }
  }

  function replace(): void {
    const old = current;
    current = null;
    ready = false;
    void old?.close().catch(() => {});
    if (closed) return;
    failures += 1;
    clearTimeout(replaceTimer);
    replaceTimer = setTimeout(() => void start(), backoffMs(failures, RECONNECT_BASE_MS, RECONNECT_MAX_MS));
  }

  await start();

  return {
    async subscribe(channel, onPayload) {
      let channelHandlers = handlers.get(channel);
      if (!channelHandlers) {
        channelHandlers = new Set();
        handlers.set(channel, channelHandlers);
        // Not ready: start() LISTENs every channel in `handlers` once connected.
        if (ready && current)
          await current.listenTo(channel)?.catch((error) => log.warn({ err: error, channel }, 'LISTEN failed'));
      }
      channelHandlers.add(onPayload);
      return async () => {
        const remaining = handlers.get(channel);
        if (!remaining?.delete(onPayload) || remaining.size > 0) return;
        handlers.delete(channel);
        if (ready && current) await current.unlisten(channel)?.catch(() => {});
      };
    },
    onReconnect(callback) {
      reconnectCallbacks.add(callback);
      return () => reconnectCallbacks.delete(callback);
    },
    async close() {
      closed = true;
      clearTimeout(replaceTimer);
      const subscriber = current;
      current = null;
      ready = false;
      await subscriber?.close().catch(() => {});
    },
  };
}
