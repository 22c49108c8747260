import os from 'node:os';
import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.js';

t.test('defaults', async (t) => {
  const config = loadConfig({});
  t.equal(config.databaseUrl, null);
  t.equal(config.port, 8080);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.role, 'all');
  t.equal(config.maxUploadBytes, 100 * 1024 * 1024);
  t.equal(config.webhookAllowPrivateTargets, false);
  t.equal(config.llm, null);
  t.equal(config.embeddings, null);
  t.equal(config.bulkUploadHeartbeatMs, 15_000);
  t.equal(config.workerConcurrency, 32);
  t.equal(config.workerCpuConcurrency, os.availableParallelism());
  t.equal(config.jobLeaseMs, 15_000);
  t.equal(config.jobPollMs, 1_000);
  t.ok(Object.isFrozen(config));
});

t.test('bad values name the variable', async (t) => {
  const cases: Record<string, string>[] = [
    { PORT: 'abc' },
    { PORT: '70000' },
    { QUIRE_ROLE: 'boss' },
    { LOG_LEVEL: 'loud' },
    { DATABASE_URL: 'mysql://x' },
    { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'maybe' },
    { MAX_UPLOAD_BYTES: '-1' },
    { LLM_BASE_URL: 'not a url' },
    { LLM_TIMEOUT_MS: '10' },
    { LLM_MAX_INPUT_CHARS: 'lots' },
    { BULK_UPLOAD_HEARTBEAT_MS: '0' },
    { BULK_UPLOAD_HEARTBEAT_MS: 'often' },
    { WORKER_CONCURRENCY: '0' },
    { WORKER_CPU_CONCURRENCY: '0' },
    { WORKER_CPU_CONCURRENCY: 'many' },
    { JOB_LEASE_MS: '999' },
    { JOB_POLL_MS: 'soon' },
  ];
  for (const env of cases) {
    const [name] = Object.keys(env) as [string];
    t.throws(() => loadConfig(env), { constructor: ConfigError, message: new RegExp(name) }, name);
  }
});

t.test('model endpoints are optional and trimmed', async (t) => {
  const config = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3' });
  t.same(config.llm, {
    baseUrl: 'http://127.0.0.1:11434/v1',
    apiKey: null,
    model: 'llama3',
    timeoutMs: 120_000,
    maxInputChars: 48_000,
  });
  const tuned = loadConfig({ LLM_BASE_URL: 'http://llm/v1', LLM_TIMEOUT_MS: '5000', LLM_MAX_INPUT_CHARS: '8000' });
  t.match(tuned.llm, { timeoutMs: 5_000, maxInputChars: 8_000 });
  t.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).webhookAllowPrivateTargets, true);
});

t.test('job loop settings', async (t) => {
  const config = loadConfig({
    WORKER_CONCURRENCY: '16',
    WORKER_CPU_CONCURRENCY: '3',
    WORKER_CPU_JOBS_PER_THREAD: '4',
    JOB_LEASE_MS: '1000',
    JOB_POLL_MS: '250',
  });
  t.equal(config.workerConcurrency, 16);
  t.equal(config.workerCpuConcurrency, 3);
  t.equal(config.workerCpuJobsPerThread, 4);
  t.equal(loadConfig({}).workerCpuJobsPerThread, 2);
  t.equal(config.jobLeaseMs, 1000);
  t.equal(config.jobPollMs, 250);
});

t.test(
  'OCR languages: eng+spa by default, any installed @tesseract.js-data package, one clear line otherwise',
  async (t) => {
    t.same(loadConfig({}).ocrLanguages, ['eng', 'spa']);
    t.same(loadConfig({ OCR_LANGUAGES: 'spa' }).ocrLanguages, ['spa']);
    t.same(loadConfig({ OCR_LANGUAGES: 'eng+spa+eng' }).ocrLanguages, ['eng', 'spa']);
    t.throws(() => loadConfig({ OCR_LANGUAGES: 'eng+klingon' }), {
      constructor: ConfigError,
      message: 'OCR_LANGUAGES names klingon, whose OCR data is not installed: npm install @tesseract.js-data/klingon',
    });
    t.throws(() => loadConfig({ OCR_LANGUAGES: 'eng++spa' }), { constructor: ConfigError, message: /^OCR_LANGUAGES/ });
    t.throws(() => loadConfig({ OCR_LANGUAGES: '../eng' }), {
      constructor: ConfigError,
      message: /^OCR_LANGUAGES must be tesseract language codes/,
    });
  },
);

t.test('thread recycling: threads idle 30 s, the OCR thread after 200 pages or 30 idle s', async (t) => {
  const defaults = loadConfig({});
  t.equal(defaults.pipelineThreadIdleMs, 30_000);
  t.equal(defaults.ocrRecyclePages, 200);
  t.equal(defaults.ocrIdleMs, 30_000);
  const config = loadConfig({ PIPELINE_THREAD_IDLE_MS: '5000', OCR_RECYCLE_PAGES: '1', OCR_IDLE_MS: '10' });
  t.equal(config.pipelineThreadIdleMs, 5_000);
  t.equal(config.ocrRecyclePages, 1);
  t.equal(config.ocrIdleMs, 10);
  for (const env of [{ PIPELINE_THREAD_IDLE_MS: '9' }, { OCR_RECYCLE_PAGES: '0' }, { OCR_IDLE_MS: 'soon' }]) {
    const [name] = Object.keys(env) as [string];
    t.throws(() => loadConfig(env), { constructor: ConfigError, message: new RegExp(name) }, name);
  }
});

t.test('pipeline stage bounds: 120 s and 1024 MB by default, at least 1 s and 256 MB', async (t) => {
  const defaults = loadConfig({});
  t.equal(defaults.pipelineStageTimeoutMs, 120_000);
  t.equal(defaults.pipelineStageMemoryMb, 1024);
  const config = loadConfig({ PIPELINE_STAGE_TIMEOUT_MS: '30000', PIPELINE_STAGE_MEMORY_MB: '512' });
  t.equal(config.pipelineStageTimeoutMs, 30_000);
  t.equal(config.pipelineStageMemoryMb, 512);
  for (const env of [{ PIPELINE_STAGE_TIMEOUT_MS: '999' }, { PIPELINE_STAGE_MEMORY_MB: '128' }]) {
    const [name] = Object.keys(env) as [string];
    t.throws(() => loadConfig(env), { constructor: ConfigError, message: new RegExp(name) }, name);
  }
});
