import type { LlmConfig } from '../config.js';
import { createLlmEngine } from './llm/llm-engine.js';
import type { PipelineWorkers } from './stages/bounded-stages.js';
import { createOfflineEngine } from './stages/offline-engine.js';
import type { UnderstandingEngine } from './types.js';

/**
 * The engine a process identifies and extracts with: the model behind LLM_BASE_URL when one is
 * configured, otherwise the offline rules, which send nothing anywhere and run in `workers`, the
 * process's document threads. Made once per process: the model client remembers which
 * structured-output form its server accepted.
 */
export function understandingEngineFor(llm: LlmConfig | null, workers: PipelineWorkers): UnderstandingEngine {
  return llm === null ? createOfflineEngine(workers) : createLlmEngine(llm);
}
