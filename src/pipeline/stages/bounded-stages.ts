import os from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DEFAULT_OCR_LANGUAGES } from '../convert/ocr-languages.js';
import { PipelineError, type PipelineStage } from '../pipeline-error.js';
import type { CandidateType, ConvertedDocument, ExtractionType, SourceDocument } from '../types.js';
import { OcrThread } from './ocr-thread.js';
import {
  DEFAULT_OCR_IDLE_MS,
  DEFAULT_OCR_RECYCLE_PAGES,
  DEFAULT_STAGE_MEMORY_MB,
  DEFAULT_STAGE_TIMEOUT_MS,
  DEFAULT_THREAD_IDLE_MS,
  THREAD_YOUNG_GENERATION_MB,
} from './stage-limits.js';
import type {
  ConvertTask,
  extract,
  identify,
  StageOutcome,
  StageReached,
  UnderstandTask,
  Understood,
} from './stage-tasks.js';
import { ThreadSlots } from './thread-slots.js';

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
  /**
   * A document thread idle this long is ended (its heap and what native libraries allocated for
   * it go back), so the process returns near its idle size after a burst; the next document
   * starts one again.
   */
  readonly threadIdleMs: number;
  readonly ocrLanguages: readonly string[];
  /** Pages the OCR thread reads before it is replaced by a fresh one. */
  readonly ocrRecyclePages: number;
  /** The OCR thread idle this long is ended. */
  readonly ocrIdleMs: number;
  /** Where a thread's failure outside any task is reported (the service's logger). */
  readonly onThreadError: (error: unknown) => void;
}

export const DEFAULT_STAGE_LIMITS: StageLimits = Object.freeze({
  timeoutMs: DEFAULT_STAGE_TIMEOUT_MS,
  memoryMb: DEFAULT_STAGE_MEMORY_MB,
  nativeMemoryMb: NATIVE_MEMORY_MB,
  threads: os.availableParallelism(),
  threadIdleMs: DEFAULT_THREAD_IDLE_MS,
  ocrLanguages: DEFAULT_OCR_LANGUAGES,
  ocrRecyclePages: DEFAULT_OCR_RECYCLE_PAGES,
  ocrIdleMs: DEFAULT_OCR_IDLE_MS,
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
 * lazily and end after `threadIdleMs` idle. Page images to read by OCR go from the document
 * threads, through this thread, to the one OCR thread (`ocr`), so the process holds at most one
 * OCR engine whichever thread converts a scan.
 */
export class PipelineWorkers {
  readonly limits: StageLimits;
  readonly ocr: OcrThread;
  #pool: Piscina | null = null;
  readonly #running = new Set<RunningStage>();
  #memoryCheck: NodeJS.Timeout | null = null;
  #idleRss = 0;
  readonly #slots: ThreadSlots;

  constructor(limits: Partial<StageLimits> = {}) {
    this.limits = { ...DEFAULT_STAGE_LIMITS, ...limits };
    this.#slots = new ThreadSlots(this.limits.threads);
    this.ocr = new OcrThread({
      recyclePages: this.limits.ocrRecyclePages,
      idleMs: this.limits.ocrIdleMs,
      languages: this.limits.ocrLanguages,
      memoryMb: this.limits.memoryMb,
      onThreadError: this.limits.onThreadError,
    });
  }

  #threads(): Piscina {
    if (this.#pool) return this.#pool;
    const pool = new Piscina({
      filename: new URL('./stage-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.limits.threads,
      idleTimeout: this.limits.threadIdleMs,
      concurrentTasksPerWorker: 1,
      // The entry loads tsx itself; the parent's flags (a test runner's, say) are not needed.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
      },
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

  /**
   * Serves `port` for a task: reads the page images its thread sends with the OCR thread (until
   * `signal` stops the task), and passes on the stages it reports reaching (stage-tasks.ts).
   */
  #servePort(port: MessagePort, signal: AbortSignal, onStage: (stage: PipelineStage) => void): void {
    port.on('message', (message: { id: number; png: Uint8Array } | StageReached) => {
      if ('stage' in message) {
        onStage(message.stage);
        return;
      }
      const { id, png } = message;
      this.ocr.recognize(png, signal).then(
        (text) => port.postMessage({ id, text }),
        (error: Error) => port.postMessage({ id, error: error.message }),
      );
    });
  }

  async #run<T>(stage: PipelineStage, name: string, task: unknown, ocrChannel?: MessageChannel): Promise<T> {
    await this.#slots.acquire();
    try {
      return await this.#runInThread<T>(stage, name, task, ocrChannel);
    } finally {
      this.#slots.release();
    }
  }

  async #runInThread<T>(first: PipelineStage, name: string, task: unknown, ocrChannel?: MessageChannel): Promise<T> {
    const running: RunningStage = { controller: new AbortController(), stoppedForMemory: null };
    // A task that runs several stages reports each as it starts: each has its own time limit, and
    // a limit reached names the stage then running.
    let stage = first;
    let timedOut = false;
    const startTimer = () =>
      setTimeout(() => {
        timedOut = true;
        running.controller.abort();
      }, this.limits.timeoutMs);
    let timer = startTimer();
    if (ocrChannel) {
      this.#servePort(ocrChannel.port1, running.controller.signal, (reached) => {
        stage = reached;
        clearTimeout(timer);
        timer = startTimer();
      });
    }
    const untrack = this.#track(running);
    let result: StageOutcome<T>;
    try {
      const transferList = ocrChannel ? [ocrChannel.port2] : undefined;
      result = await this.#threads().run(task, { name, signal: running.controller.signal, transferList });
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
      ocrChannel?.port1.close();
    }
    if (!result.ok) throw new PipelineError(result.stage, result.message);
    return result.value;
  }

  convert(source: SourceDocument, options: { maxPages?: number } = {}): Promise<ConvertedDocument> {
    const channel = new MessageChannel();
    const task: ConvertTask = { source, ocr: channel.port2, ...options };
    return this.#run('conversion', 'convert', task, channel);
  }

  /**
   * Converts, identifies among `candidates` (unless null) and extracts (unless `extractWith` is
   * null) in one task of one document thread, each stage under its own time limit: the offline
   * engine's whole run with one hand-off (UnderstandTask in stage-tasks.ts says what comes back).
   */
  understand(
    source: SourceDocument,
    work: Pick<UnderstandTask, 'candidates' | 'extractWith'>,
    options: { maxPages?: number } = {},
  ): Promise<Understood> {
    const channel = new MessageChannel();
    const task: UnderstandTask = { source, ocr: channel.port2, ...work, ...options };
    return this.#run('conversion', 'understand', task, channel);
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
    await Promise.all([pool?.destroy(), this.ocr.close()]);
  }
}
