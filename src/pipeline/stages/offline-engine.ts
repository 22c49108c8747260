import type { UnderstandingEngine } from '../types.js';
import { extractBounded, identifyBounded } from './bounded-stages.js';

/**
 * The default engine: rules over the converted text, nothing leaves the process. Both stages run
 * in the document threads, under the same time and memory bounds as conversion.
 */
export const offlineEngine: UnderstandingEngine = {
  name: 'offline',
  identify: (document, candidates) => identifyBounded(document, candidates),
  extract: (document, type) => extractBounded(document, type),
};
