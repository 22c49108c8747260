import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { THREAD_YOUNG_GENERATION_MB } from './stage-limits.js';

export interface OcrThreadSettings {
  /** Pages one thread reads before it is ended and the next page starts a fresh one (its engine grows as it reads). */
  readonly recyclePages: number;
  /** An idle thread is ended after this long; the next page starts a new one (about a second). */
  readonly idleMs: number;
  readonly languages: readonly string[];
  /** JavaScript heap of the thread (the engine's WebAssembly memory is beside it). */
  readonly memoryMb: number;
  /** Where a thread's failure outside any page is reported. */
  readonly onThreadError: (error: unknown) => void;
}

/** Why a thread ended: it read its `recyclePages`, sat idle `idleMs`, its page's document was stopped, it failed, or `close()`. */
export type OcrThreadExit = 'recycled' | 'idle' | 'aborted' | 'failed' | 'closed';

interface PageRequest {
  readonly png: Uint8Array;
  readonly resolve: (text: string) => void;
  readonly reject: (error: Error) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * The one OCR engine of a process: a worker thread holding tesseract.js (a few hundred MB once it
 * has read pages), shared by the document threads, which send it page images one at a time. It
 * starts with the first page, is ended after `recyclePages` pages (tesseract.js keeps memory it
 * grew for earlier pages) and after `idleMs` without a page, so its memory goes back to the system.
 * Emits `start` when a thread starts and `exit` (with an OcrThreadExit) when one is ended.
 */
export class OcrThread extends EventEmitter {
  readonly settings: OcrThreadSettings;
  #worker: Worker | null = null;
  /** Pages the current thread has read. */
  #pages = 0;
  readonly #queue: PageRequest[] = [];
  #current: PageRequest | null = null;
  #idleTimer: NodeJS.Timeout | null = null;

  constructor(settings: OcrThreadSettings) {
    super();
    this.settings = settings;
  }

  /** Whether a thread (and its engine) is alive now. */
  get running(): boolean {
    return this.#worker !== null;
  }

  /** The page's text laid out like a text layer (see convert/ocr.ts); a stopped `signal` drops the page. */
  recognize(png: Uint8Array, signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('OCR stopped: its document was stopped'));
      const request: PageRequest = { png, resolve, reject, signal, onAbort: () => this.#abort(request) };
      signal?.addEventListener('abort', request.onAbort, { once: true });
      this.#queue.push(request);
      this.#next();
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./ocr-worker.mjs', import.meta.url), {
      workerData: { languages: this.settings.languages },
      // The entry loads tsx itself; the parent's flags (a test runner's, say) are not needed.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.settings.memoryMb,
        maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
      },
    });
    worker.on('message', (reply: { text?: string; error?: string }) => {
      if (worker !== this.#worker) return;
      this.#settle(reply.error === undefined ? { text: reply.text ?? '' } : { error: reply.error });
    });
    worker.on('error', (error) => {
      if (worker !== this.#worker) return;
      if (!this.#current) this.settings.onThreadError(error);
      this.#end('failed');
      this.#settle({ error: `OCR failed: ${error.message}` });
    });
    worker.on('exit', () => {
      if (worker !== this.#worker) return;
      this.#end('failed');
      this.#settle({ error: 'OCR failed: the OCR thread stopped' });
    });
    this.#worker = worker;
    this.#pages = 0;
    this.emit('start');
    return worker;
  }

  #next(): void {
    if (this.#current) return;
    const request = this.#queue.shift();
    if (!request) {
      this.#worker?.unref();
      if (this.#worker && !this.#idleTimer) {
        this.#idleTimer = setTimeout(() => this.#end('idle'), this.settings.idleMs).unref();
      }
      return;
    }
    this.#clearIdle();
    this.#current = request;
    const worker = this.#worker ?? this.#start();
    worker.ref();
    worker.postMessage({ png: request.png });
  }

  /** Answers the current page, recycles a thread that has read its share, and moves on. */
  #settle(outcome: { text: string } | { error: string }): void {
    const request = this.#current;
    if (!request) return;
    this.#current = null;
    request.signal?.removeEventListener('abort', request.onAbort);
    if (this.#worker && ++this.#pages >= this.settings.recyclePages) this.#end('recycled');
    if ('text' in outcome) request.resolve(outcome.text);
    else request.reject(new Error(outcome.error));
    this.#next();
  }

  #abort(request: PageRequest): void {
    const error = new Error('OCR stopped: its document was stopped');
    if (request === this.#current) {
      // Ending the thread is the only way to stop tesseract mid-page, and returns what it holds.
      this.#current = null;
      this.#end('aborted');
      request.reject(error);
      this.#next();
      return;
    }
    const index = this.#queue.indexOf(request);
    if (index >= 0) this.#queue.splice(index, 1);
    request.reject(error);
  }

  #clearIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  #end(reason: OcrThreadExit): void {
    this.#clearIdle();
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = null;
    void worker.terminate();
    this.emit('exit', reason);
  }

  /** Ends the thread; pages waiting or being read are rejected. The next page starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    const pending = [...(this.#current ? [this.#current] : []), ...this.#queue.splice(0)];
    this.#current = null;
    this.#end('closed');
    for (const request of pending) {
      request.signal?.removeEventListener('abort', request.onAbort);
      request.reject(new Error('OCR stopped: the pipeline was closed'));
    }
    await worker?.terminate();
  }
}
