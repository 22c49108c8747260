/** Defaults of the pipeline's stage bounds (bounded-stages.ts), also read by config.ts. */
export const DEFAULT_STAGE_TIMEOUT_MS = 120_000;
export const DEFAULT_STAGE_MEMORY_MB = 1024;
/** A document thread idle this long is ended. */
export const DEFAULT_THREAD_IDLE_MS = 30_000;
/** The OCR thread is replaced after reading this many pages. */
export const DEFAULT_OCR_RECYCLE_PAGES = 200;
/** The OCR thread idle this long is ended. */
export const DEFAULT_OCR_IDLE_MS = 30_000;
