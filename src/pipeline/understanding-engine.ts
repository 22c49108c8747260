import type { LlmConfig } from '../config.js';
import { createLlmEngine } from './llm/llm-engine.js';
import { offlineEngine } from './stages/offline-engine.js';
import type { UnderstandingEngine } from './types.js';

/**
 * The engine a process identifies and extracts with: the model behind LLM_BASE_URL when one is
 * configured, otherwise the offline rules, which send nothing anywhere. Made once per process:
 * the model client remembers which structured-output form its server accepted.
 */
export function understandingEngineFor(llm: LlmConfig | null): UnderstandingEngine {
  return llm === null ? offlineEngine : createLlmEngine(llm);
}
