import os from 'node:os';
import path from 'node:path';
import { parseOcrLanguages } from './pipeline/convert/ocr-languages.js';
import {
  DEFAULT_OCR_IDLE_MS,
  DEFAULT_OCR_RECYCLE_PAGES,
  DEFAULT_STAGE_MEMORY_MB,
  DEFAULT_STAGE_TIMEOUT_MS,
  DEFAULT_THREAD_IDLE_MS,
} from './pipeline/stages/stage-limits.js';

/** Every setting quire reads, parsed once from the environment and frozen. */
export interface Config {
  /** null: run on the embedded PostgreSQL kept under `dataDir`. */
  readonly databaseUrl: string | null;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly logLevel: string;
  /**
   * Jobs of the `io` queue (webhook delivery and other waiting) run at once per process. 32 by
   * default: these jobs mostly wait on receivers (up to 15 s each), so a few slow receivers must
   * not hold up every other organization's deliveries, and they cost little CPU while waiting.
   */
  readonly workerConcurrency: number;
  /** Document threads per process (each converts, identifies or extracts one document at a time); default one per CPU. */
  readonly workerCpuConcurrency: number;
  /**
   * Jobs of the `cpu` queue (document runs) per document thread, 2 by default: a run also waits
   * on the database (its state changes, its reads), and meanwhile another run's document keeps
   * the thread busy. The runs beyond the threads wait for one before their stage time limit starts.
   */
  readonly workerCpuJobsPerThread: number;
  /** A claimed job's lease; heartbeats renew it every third of it, and a dead worker's jobs are reclaimed when it ends. */
  readonly jobLeaseMs: number;
  /** Mean interval (jittered) of the job loop's poll, the fallback for missed notifications and delayed jobs. */
  readonly jobPollMs: number;
  readonly role: 'all' | 'api' | 'worker';
  readonly webhookAllowPrivateTargets: boolean;
  readonly urlFetchAllowPrivateTargets: boolean;
  readonly llm: LlmConfig | null;
  readonly embeddings: { readonly baseUrl: string; readonly apiKey: string | null; readonly model: string } | null;
  readonly maxUploadBytes: number;
  /** Milliseconds between heartbeat comments on a bulk-upload event stream (15 s; tests shorten it). */
  readonly bulkUploadHeartbeatMs: number;
  /** Tesseract language codes OCR reads with (OCR_LANGUAGES, `eng+spa` by default), each installed as `@tesseract.js-data/<code>`. */
  readonly ocrLanguages: readonly string[];
  /** Time one pipeline stage (conversion, identification, extraction) of one document may take. */
  readonly pipelineStageTimeoutMs: number;
  /**
   * AUTH_CACHE_MS: how long an API process reuses a key's resolved principal (1 s; 0 turns the
   * cache off). A revoked key, a removed membership or a changed role takes effect at the latest
   * after this time, usually at once: every change to keys, users, organizations or memberships
   * sends a NOTIFY that empties the cache of every API process.
   */
  readonly authCacheMs: number;
  /** JavaScript heap of the thread running one pipeline stage. */
  readonly pipelineStageMemoryMb: number;
  /** PIPELINE_THREAD_IDLE_MS: a document thread idle this long is ended (30 s). */
  readonly pipelineThreadIdleMs: number;
  /** OCR_RECYCLE_PAGES: pages the OCR thread reads before a fresh one replaces it (200). */
  readonly ocrRecyclePages: number;
  /** OCR_IDLE_MS: the OCR thread idle this long is ended (30 s). */
  readonly ocrIdleMs: number;
}

/** The chat endpoint of the optional LLM engine (LLM_BASE_URL); the shape `createLlmEngine` takes. */
export interface LlmConfig {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  /** LLM_TIMEOUT_MS: one request attempt (120 s; a local model on a CPU is slow on a long document). */
  readonly timeoutMs: number;
  /** LLM_MAX_INPUT_CHARS: document characters per request (48 000, about 12k tokens); longer ones keep start and end. */
  readonly maxInputChars: number;
}

/** Thrown for a bad setting; its message is the one line start-up prints. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function readBoolean(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function readUrl(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const url = new URL(raw);
    if (!['http:', 'https:', 'postgres:', 'postgresql:'].includes(url.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(`${name} must be a valid URL, got "${raw}"`);
  }
  return raw;
}

function readModelEndpoint(env: Env, prefix: 'LLM' | 'EMBEDDINGS', defaultModel: string) {
  const baseUrl = readUrl(env, `${prefix}_BASE_URL`);
  if (baseUrl === null) return null;
  return Object.freeze({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env[`${prefix}_API_KEY`] || null,
    model: env[`${prefix}_MODEL`] || defaultModel,
  });
}

function readLlmConfig(env: Env): LlmConfig | null {
  // Read (and checked) even without LLM_BASE_URL, so a typo fails at start-up, not when it is set.
  const timeoutMs = readInteger(env, 'LLM_TIMEOUT_MS', 120_000, 1_000, 3_600_000);
  const maxInputChars = readInteger(env, 'LLM_MAX_INPUT_CHARS', 48_000, 1_000, 10_000_000);
  const endpoint = readModelEndpoint(env, 'LLM', 'gpt-4o-mini');
  return endpoint === null ? null : Object.freeze({ ...endpoint, timeoutMs, maxInputChars });
}

function readOcrLanguages(env: Env): readonly string[] {
  try {
    return parseOcrLanguages(env.OCR_LANGUAGES, 'OCR_LANGUAGES');
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = readUrl(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://`);
  }
  const role = env.QUIRE_ROLE || 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    throw new ConfigError(`QUIRE_ROLE must be one of all, api, worker, got "${role}"`);
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const host = env.HOST || '0.0.0.0';
  return Object.freeze({
    databaseUrl,
    port: readInteger(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: path.resolve(env.QUIRE_DATA_DIR || '.data'),
    logLevel,
    workerConcurrency: readInteger(env, 'WORKER_CONCURRENCY', 32, 1, 256),
    workerCpuConcurrency: readInteger(env, 'WORKER_CPU_CONCURRENCY', os.availableParallelism(), 1, 256),
    workerCpuJobsPerThread: readInteger(env, 'WORKER_CPU_JOBS_PER_THREAD', 2, 1, 16),
    jobLeaseMs: readInteger(env, 'JOB_LEASE_MS', 15_000, 1_000, 3_600_000),
    jobPollMs: readInteger(env, 'JOB_POLL_MS', 1_000, 10, 3_600_000),
    role,
    webhookAllowPrivateTargets: readBoolean(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS'),
    urlFetchAllowPrivateTargets: readBoolean(env, 'URL_FETCH_ALLOW_PRIVATE_TARGETS'),
    llm: readLlmConfig(env),
    embeddings: readModelEndpoint(env, 'EMBEDDINGS', 'text-embedding-3-small'),
    maxUploadBytes: readInteger(env, 'MAX_UPLOAD_BYTES', 100 * 1024 * 1024, 1024, 2 ** 40),
    bulkUploadHeartbeatMs: readInteger(env, 'BULK_UPLOAD_HEARTBEAT_MS', 15_000, 10, 3_600_000),
    ocrLanguages: readOcrLanguages(env),
    pipelineStageTimeoutMs: readInteger(env, 'PIPELINE_STAGE_TIMEOUT_MS', DEFAULT_STAGE_TIMEOUT_MS, 1_000, 86_400_000),
    // Below 256 MB a stage's thread cannot load its own code.
    pipelineStageMemoryMb: readInteger(env, 'PIPELINE_STAGE_MEMORY_MB', DEFAULT_STAGE_MEMORY_MB, 256, 65_536),
    authCacheMs: readInteger(env, 'AUTH_CACHE_MS', 1_000, 0, 60_000),
    pipelineThreadIdleMs: readInteger(env, 'PIPELINE_THREAD_IDLE_MS', DEFAULT_THREAD_IDLE_MS, 10, 86_400_000),
    ocrRecyclePages: readInteger(env, 'OCR_RECYCLE_PAGES', DEFAULT_OCR_RECYCLE_PAGES, 1, 1_000_000),
    ocrIdleMs: readInteger(env, 'OCR_IDLE_MS', DEFAULT_OCR_IDLE_MS, 10, 86_400_000),
  });
}
