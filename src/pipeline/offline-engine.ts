import { extractFields } from './extract.js';
import { identifyDocument } from './identify.js';
import type { UnderstandingEngine } from './types.js';

/** The default engine: rules over the converted text, nothing leaves the process. */
export const offlineEngine: UnderstandingEngine = {
  name: 'offline',
  identify: async (document, candidates) => identifyDocument(document, candidates),
  extract: async (document, type) => extractFields(document, type),
};
