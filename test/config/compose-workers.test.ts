import t from 'tap';
import { pipelineWorkersFor } from '../../src/compose-workers.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';

t.test('the document and OCR threads take their bounds from the configuration', async (t) => {
  const config = loadConfig({
    WORKER_CPU_CONCURRENCY: '3',
    PIPELINE_STAGE_MEMORY_MB: '512',
    PIPELINE_THREAD_IDLE_MS: '5000',
    OCR_RECYCLE_PAGES: '7',
    OCR_IDLE_MS: '9000',
    OCR_LANGUAGES: 'spa',
  });
  const workers = pipelineWorkersFor(config, createLogger('silent'));
  t.teardown(() => workers.close());
  t.match(workers.limits, { threads: 3, memoryMb: 512, threadIdleMs: 5000, ocrRecyclePages: 7, ocrIdleMs: 9000 });
  t.same(workers.ocr.settings.languages, ['spa']);
  t.match(workers.ocr.settings, { recyclePages: 7, idleMs: 9000, memoryMb: 512 });
});
