import type pg from 'pg';
import type { Logger } from '../logger.js';
import type { RunningJob } from './running-job.js';
import { COMPLETE_JOBS } from './sql.js';

const MAX_BATCH = 500;

/**
 * Deletes the jobs whose handlers returned, many per statement, like a group commit: the first
 * completion waits for the end of the event-loop turn (so jobs finishing together go together),
 * and completions arriving while a delete is in flight form the next batch. Until its delete
 * commits a job keeps its lease, so it is never claimed again meanwhile; if the process dies
 * before that, the job runs again (the queue is at-least-once).
 */
export class CompletionBatcher {
  private buffer: RunningJob[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    /** Called for every job once its completion was written (or failed to be). */
    private readonly settled: (job: RunningJob) => void,
  ) {}

  add(job: RunningJob): void {
    this.buffer.push(job);
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
      });
    });
  }

  /** Resolves when every completion added so far has been written. */
  async drain(): Promise<void> {
    while (this.scheduled || this.flushing || this.buffer.length > 0) {
      if (this.flushing) await this.flushing;
      else if (this.buffer.length > 0 && !this.scheduled) {
        this.flushing = this.flush().finally(() => {
          this.flushing = null;
        });
      } else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async flush(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, MAX_BATCH);
      try {
        const result = await this.pool.query<{ id: string }>({
          name: COMPLETE_JOBS.name,
          text: COMPLETE_JOBS.text,
          values: [batch.map((job) => job.id), batch.map((job) => job.lockToken)],
        });
        if (result.rows.length < batch.length) {
          const deleted = new Set(result.rows.map((row) => row.id));
          for (const job of batch) {
            if (!deleted.has(job.id))
              job.log.warn('job finished after its lease was lost; its completion was not recorded');
          }
        }
      } catch (error) {
        this.log.error({ err: error, jobs: batch.length }, 'recording job completions failed; they will run again');
      }
      for (const job of batch) this.settled(job);
    }
  }
}
