import os from 'node:os';
import { Piscina } from 'piscina';
import { DEFAULT_OCR_LANGUAGES } from '../convert/ocr-languages.js';
import { PipelineError, type PipelineStage } from '../pipeline-error.js';
import type { CandidateType, ConvertedDocument, ExtractionType, SourceDocument } from '../types.js';
import { DEFAULT_STAGE_MEMORY_MB, DEFAULT_STAGE_TIMEOUT_MS } from './stage-limits.js';
import type { ConvertTask, extract, identify, StageOutcome } from './stage-tasks.js';
import { ThreadSlots } from './thread-slots.js';

export { DEFAULT_STAGE_MEMORY_MB, DEFAULT_STAGE_TIMEOUT_MS } from './stage-limits.js';

/**
 * An idle thread (and the OCR engine it holds) is kept this long for the next document, then
 * ended: its heap, the engine's WebAssembly memory and what native libraries allocated for it go
 * back, so the process returns near its idle size after a burst.
 */
const IDLE_THREAD_MS = 30_000;
/** What a running stage may use beside its JavaScript heap: decoded pages, canvases, the OCR engine. */
export const NATIVE_MEMORY_MB = 256;
/** How often the process's resident memory is compared with the budget while stages run. */
const MEMORY_CHECK_MS = 100;
const MIB = 1024 * 1024;

interface RunningStage {
  readonly controller: AbortController;
  /** Set when the memory check stopped it; `alone` when no other stage ran then, so the document is to blame. */
  stoppedForMemory: { alone: boolean } | null;
}

/** A stage stopped with others when the process outgrew its budget: no one document is known to be at fault, so the job is retried. */
export class StageMemoryError extends Error {
  override readonly name = 'StageMemoryError';
}

export interface StageLimits {
  /** Wall-clock time one stage of one document may take before its thread is terminated. */
  readonly timeoutMs: number;
  /**
   * The JavaScript heap of a stage's thread; a stage that needs more is stopped. The process may
   * grow by `memoryMb + nativeMemoryMb` per running stage over its size when they started; past
   * that, the running stages are stopped and their threads ended.
   */
  readonly memoryMb: number;
  /** What a running stage may hold beside its heap (default NATIVE_MEMORY_MB). */
  readonly nativeMemoryMb: number;
  /** Threads at most; each runs one stage at a time. */
  readonly threads: number;
  readonly ocrLanguages: readonly string[];
  /** Where a thread's failure outside any task is reported (the service's logger). */
  readonly onThreadError: (error: unknown) => void;
}

export const DEFAULT_STAGE_LIMITS: StageLimits = Object.freeze({
  timeoutMs: DEFAULT_STAGE_TIMEOUT_MS,
  memoryMb: DEFAULT_STAGE_MEMORY_MB,
  nativeMemoryMb: NATIVE_MEMORY_MB,
  threads: os.availableParallelism(),
  ocrLanguages: DEFAULT_OCR_LANGUAGES,
  onThreadError: (error: unknown) => console.error('pipeline worker thread failed', error),
});

const STAGE_NAMES: Record<PipelineStage, string> = {
  conversion: 'Conversion',
  identification: 'Identification',
  extraction: 'Extraction',
  validation: 'Validation',
};

function duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

type Extracted = Awaited<ReturnType<typeof extract>> extends StageOutcome<infer T> ? T : never;
type Identified = Awaited<ReturnType<typeof identify>> extends StageOutcome<infer T> ? T : never;

/**
 * The pipeline stages in worker threads with a time and a memory bound: a stage that runs past
 * its time is stopped by terminating its thread, one whose heap outgrows the limit is stopped by
 * V8, and either ends the document in ERROR with a PipelineError naming the stage and the limit
 * ("Conversion took longer than 120 s"), instead of hanging the job or crashing the process.
 * Native memory (decoded images, the OCR engine's WebAssembly heap) is outside V8's limit: the
 * converters bound it before decoding (pixel, page, ZIP limits), and while stages run the
 * growth of the process's resident memory is checked against `memoryMb + NATIVE_MEMORY_MB` per
 * running stage.
 * Past it, every running stage is stopped and its thread ended, which returns its memory: a
 * stage that ran alone ends its document with the same "needed more than N MB" error; stages
 * that ran together cannot tell whose document it was, so their jobs are retried. Threads start
 * lazily and stay for 30 idle seconds, so a thread's OCR engine serves the next documents too.
 */
export class PipelineWorkers {
  readonly limits: StageLimits;
  #pool: Piscina | null = null;
  readonly #running = new Set<RunningStage>();
  #memoryCheck: NodeJS.Timeout | null = null;
  #idleRss = 0;
  readonly #slots: ThreadSlots;

  constructor(limits: Partial<StageLimits> = {}) {
    this.limits = { ...DEFAULT_STAGE_LIMITS, ...limits };
    this.#slots = new ThreadSlots(this.limits.threads);
  }

  #threads(): Piscina {
    if (this.#pool) return this.#pool;
    const pool = new Piscina({
      filename: new URL('./stage-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.limits.threads,
      idleTimeout: IDLE_THREAD_MS,
      concurrentTasksPerWorker: 1,
      // The entry loads tsx itself; the parent's flags (a test runner's, say) are not needed.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // A thread that dies while no task is assigned to it (out of memory while receiving one,
    // say) is reported here rather than to a task; without a listener it would crash the process.
    pool.on('error', this.limits.onThreadError);
    this.#pool = pool;
    return pool;
  }

  /** Stops every running stage when the process has grown past its budget for them since it was idle. */
  #checkMemory(): void {
    const budget = (this.limits.memoryMb + this.limits.nativeMemoryMb) * MIB * this.#running.size;
    if (this.#running.size === 0 || process.memoryUsage.rss() - this.#idleRss <= budget) return;
    const alone = this.#running.size === 1;
    for (const running of this.#running) {
      running.stoppedForMemory = { alone };
      running.controller.abort();
    }
  }

  #track(running: RunningStage): () => void {
    // Growth is measured from the process's size when the first of the running stages started:
    // memory a previous document's allocator kept (and the rest of the service) is not charged.
    if (this.#running.size === 0) this.#idleRss = process.memoryUsage.rss();
    this.#running.add(running);
    this.#memoryCheck ??= setInterval(() => this.#checkMemory(), MEMORY_CHECK_MS).unref();
    return () => {
      this.#running.delete(running);
      if (this.#running.size === 0 && this.#memoryCheck) {
        clearInterval(this.#memoryCheck);
        this.#memoryCheck = null;
      }
    };
  }

  async #run<T>(stage: PipelineStage, name: string, task: unknown): Promise<T> {
    await this.#slots.acquire();
    try {
      return await this.#runInThread<T>(stage, name, task);
    } finally {
      this.#slots.release();
    }
  }

  async #runInThread<T>(stage: PipelineStage, name: string, task: unknown): Promise<T> {
    const running: RunningStage = { controller: new AbortController(), stoppedForMemory: null };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      running.controller.abort();
    }, this.limits.timeoutMs);
    const untrack = this.#track(running);
    let result: StageOutcome<T>;
    try {
      result = await this.#threads().run(task, { name, signal: running.controller.signal });
    } catch (error) {
      const label = STAGE_NAMES[stage];
      const tooBig = `${label} needed more than ${this.limits.memoryMb} MB`;
      if (timedOut) throw new PipelineError(stage, `${label} took longer than ${duration(this.limits.timeoutMs)}`);
      if (running.stoppedForMemory?.alone) throw new PipelineError(stage, tooBig);
      if (running.stoppedForMemory) {
        throw new StageMemoryError(`${label} was stopped with other stages: together they outgrew their memory`);
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new PipelineError(stage, tooBig);
      // Not the document's fault as far as we know (a crashed thread): the job loop retries.
      throw error;
    } finally {
      clearTimeout(timer);
      untrack();
    }
    if (!result.ok) throw new PipelineError(result.stage, result.message);
    return result.value;
  }

  convert(source: SourceDocument, options: { maxPages?: number } = {}): Promise<ConvertedDocument> {
    const task: ConvertTask = { source, ocrLanguages: this.limits.ocrLanguages, ...options };
    return this.#run('conversion', 'convert', task);
  }

  identify(document: ConvertedDocument, candidates: readonly CandidateType[]): Promise<Identified> {
    return this.#run('identification', 'identify', { document, candidates });
  }

  extract(document: ConvertedDocument, type: ExtractionType): Promise<Extracted> {
    return this.#run('extraction', 'extract', { document, type });
  }

  /** Ends the threads; stages still running are stopped. The next call starts new ones. */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = null;
    await pool?.destroy();
  }
}
