import { PipelineError, type PipelineStage } from '../pipeline-error.js';
import type { ChatCompletionsClient, ChatMessage } from './chat-completions-client.js';
import { correctionMessages } from './extraction-prompts.js';
import { ModelOutputError, parseModelOutput } from './repair-model-output.js';

/** Follow-up requests after an answer that cannot be read or breaks the schema. */
export const DEFAULT_MAX_CORRECTIONS = 2;

export interface Checked<T> {
  readonly value: T;
  /** What is wrong with the value (schema violations); empty when it can be used as is. */
  readonly problems: readonly string[];
}

export interface AskForJsonRequest<T> {
  readonly client: ChatCompletionsClient;
  readonly stage: PipelineStage;
  readonly messages: readonly ChatMessage[];
  readonly schemaName: string;
  readonly schema: Record<string, unknown>;
  /** Fits the parsed object to what the caller needs and says what is still wrong with it. */
  readonly check: (value: Record<string, unknown>) => Checked<T>;
  readonly maxCorrections: number;
}

/**
 * One structured question to the model, asked again (up to `maxCorrections` times) with the
 * previous answer and its problems when the answer is not JSON or breaks the schema: models
 * mend their own output well when told exactly what is wrong. When every answer breaks the
 * schema, the one with the fewest problems is returned with them, so validation reports them;
 * when none could be read at all, the document cannot be processed this way: a PipelineError.
 */
export async function askForJson<T>(request: AskForJsonRequest<T>): Promise<Checked<T>> {
  const history: ChatMessage[] = [...request.messages];
  let best: Checked<T> | null = null;
  let lastProblem = '';
  for (let attempt = 0; attempt <= request.maxCorrections; attempt++) {
    const answer = await request.client.complete({
      messages: history,
      schemaName: request.schemaName,
      schema: request.schema,
      stage: request.stage,
    });
    let problems: readonly string[];
    if (answer.refusal !== null && answer.content === null) {
      problems = [`The model refused: ${answer.refusal}`];
    } else {
      try {
        const checked = request.check(parseModelOutput(answer.content).value);
        if (checked.problems.length === 0) return checked;
        if (best === null || checked.problems.length < best.problems.length) best = checked;
        problems = checked.problems;
      } catch (error) {
        if (!(error instanceof ModelOutputError)) throw error;
        const cut = answer.finishReason === 'length' ? ' (it was cut off at the output token limit)' : '';
        problems = [`${error.message}${cut}`];
      }
    }
    lastProblem = problems[0] ?? '';
    history.push(...correctionMessages(answer.content, problems));
  }
  if (best !== null) return best;
  throw new PipelineError(
    request.stage,
    `The language model gave no usable answer in ${request.maxCorrections + 1} attempts: ${lastProblem}`,
  );
}
