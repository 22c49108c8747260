export { convertDocument, DEFAULT_MAX_PAGES } from './convert.js';
export { extractFields } from './extract.js';
export { identifyDocument } from './identify.js';
export { PipelineError, type PipelineStage } from './pipeline-error.js';
export * from './types.js';
export { validateExtraction } from './validate.js';
