/** Defaults of the pipeline's stage bounds (bounded-stages.ts), also read by config.ts. */
export const DEFAULT_STAGE_TIMEOUT_MS = 120_000;
export const DEFAULT_STAGE_MEMORY_MB = 1024;
/** A document thread idle this long is ended. */
export const DEFAULT_THREAD_IDLE_MS = 30_000;
/** The OCR thread is replaced after reading this many pages. */
export const DEFAULT_OCR_RECYCLE_PAGES = 200;
/** The OCR thread idle this long is ended. */
export const DEFAULT_OCR_IDLE_MS = 30_000;
/**
 * The young generation of each document and OCR thread's heap, in MB. V8 grows it to 48 MB per
 * thread under the pipeline's allocation rate; at 8 MB the threads scavenge more often for the
 * same CPU time, and a process with two document threads peaked about 45 MB lower after text PDFs.
 */
export const THREAD_YOUNG_GENERATION_MB = 8;
