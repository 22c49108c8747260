/** Defaults of the pipeline's stage bounds (bounded-stages.ts), also read by config.ts. */
export const DEFAULT_STAGE_TIMEOUT_MS = 120_000;
export const DEFAULT_STAGE_MEMORY_MB = 1024;
