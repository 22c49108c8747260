export { convertDocument, DEFAULT_MAX_PAGES } from './convert/convert.js';
export { extractFields } from './extract/extract.js';
export { identifyDocument } from './identify/identify.js';
export { PipelineError, type PipelineStage } from './pipeline-error.js';
export * from './types.js';
export { validateExtraction } from './validate.js';
