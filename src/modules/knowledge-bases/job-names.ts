/** The job kind that runs one knowledge-base sync (src/jobs/kinds/sync-knowledge-base.ts). */
export const SYNC_KNOWLEDGE_BASE_JOB = 'sync-knowledge-base';
