import type { UnderstandingEngine } from '../types.js';
import type { PipelineWorkers } from './bounded-stages.js';

/**
 * The default engine: rules over the converted text, nothing leaves the process. Both stages run
 * in the document threads, under the same time and memory bounds as conversion.
 */
export function createOfflineEngine(workers: PipelineWorkers): UnderstandingEngine {
  return {
    name: 'offline',
    runsInDocumentThreads: true,
    identify: (document, candidates) => workers.identify(document, candidates),
    extract: (document, type) => workers.extract(document, type),
  };
}
