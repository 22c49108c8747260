export type PipelineStage = 'conversion' | 'identification' | 'extraction' | 'validation';

/**
 * A failure a user can act on (wrong format, no text layer, too many pages...). The execution
 * engine ends the execution in ERROR with this message as is, so it must name the problem and,
 * where there is one, the fix. Anything else thrown by a stage is a bug, not a PipelineError.
 */
export class PipelineError extends Error {
  override readonly name = 'PipelineError';

  constructor(
    readonly stage: PipelineStage,
    message: string,
  ) {
    super(message);
  }
}
