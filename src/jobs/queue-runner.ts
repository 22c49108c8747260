import type { Logger } from '../logger.js';
import { jittered } from './backoff.js';
import type { ClaimedRow } from './running-job.js';
import type { QueueName } from './types.js';

export interface QueueRunnerOptions {
  queue: QueueName;
  concurrency: number;
  pollMs: number;
  log: Logger;
  /** Claims up to `limit` jobs of this queue in one statement. */
  claim(limit: number, sentAt: number): Promise<ClaimedRow[]>;
  /** Starts a claimed job; the runner counts it until `jobFinished()`. */
  start(row: ClaimedRow, sentAt: number): void;
  /** Hands back jobs that a claim returned after stop() began: a stopping process starts nothing new. */
  returnUnstarted(rows: ClaimedRow[]): Promise<void>;
}

/**
 * One queue's claiming: at most one claim statement in flight, each asking for the queue's
 * whole free capacity. `more` records that jobs may be waiting (a notification, a poll, or a
 * claim that came back full); claims stop when one comes back short. A wake-up claims at once;
 * a finished job's claim is deferred with setImmediate, so that slots freed in the same turn of
 * the event loop are filled by one statement rather than one each.
 */
export class QueueRunner {
  running = 0;
  private claiming: Promise<void> | null = null;
  private more = true;
  private scheduled = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: QueueRunnerOptions) {}

  get queue(): QueueName {
    return this.options.queue;
  }

  /** Jobs may be waiting (a notification, the poll): claim at once if there is room. */
  wake(): void {
    this.more = true;
    if (this.scheduled || this.claiming || this.stopped || this.running >= this.options.concurrency) return;
    this.claimNow();
  }

  jobStarted(): void {
    this.running += 1;
  }

  jobFinished(): void {
    this.running -= 1;
    this.schedule();
  }

  /** The fallback for missed notifications, delayed jobs and expired leases; jittered so processes drift apart. */
  startPolling(): void {
    const tick = () => {
      if (this.stopped) return;
      this.wake();
      this.pollTimer = setTimeout(tick, jittered(this.options.pollMs));
    };
    this.pollTimer = setTimeout(tick, jittered(this.options.pollMs));
  }

  /** Stops claiming; resolves once a claim in flight has returned (its jobs started). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    await this.claiming;
  }

  private schedule(): void {
    if (this.scheduled || this.claiming || this.stopped || !this.more) return;
    if (this.running >= this.options.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.claiming || this.stopped || this.running >= this.options.concurrency) return;
      this.claimNow();
    });
  }

  private claimNow(): void {
    this.claiming = this.claim().finally(() => {
      this.claiming = null;
      this.schedule();
    });
  }

  private async claim(): Promise<void> {
    const limit = this.options.concurrency - this.running;
    this.more = false;
    const sentAt = performance.now();
    try {
      const rows = await this.options.claim(limit, sentAt);
      if (this.stopped) {
        if (rows.length > 0) await this.options.returnUnstarted(rows);
        return;
      }
      if (rows.length >= limit) this.more = true;
      for (const row of rows) {
        this.jobStarted();
        this.options.start(row, sentAt);
      }
    } catch (error) {
      // Left to the next poll or notification, so a database outage does not become a busy loop.
      this.options.log.error({ err: error, queue: this.options.queue }, 'claiming jobs failed');
    }
  }
}
