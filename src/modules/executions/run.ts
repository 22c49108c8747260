import type { Db, Knex } from '../../db/knex.js';
import type { JobContext } from '../../jobs/types.js';
import { PipelineError } from '../../pipeline/pipeline-error.js';
import type { PipelineWorkers } from '../../pipeline/stages/bounded-stages.js';
import type {
  CandidateType,
  ConvertedDocument,
  ExtractionResult,
  ExtractionType,
  IdentificationResult,
  UnderstandingEngine,
} from '../../pipeline/types.js';
import { validateExtraction } from '../../pipeline/validate.js';
import type { DocumentStorage } from '../../storage/document-storage.js';
import { findConvertibleType, type TypeToRunWith, usablePublishedTypes } from '../document-types/repository.js';
import { findStepById } from '../steps/repository.js';
import {
  type ExecutionToRun,
  type ExecutionView,
  findExecutionToRun,
  findExecutionViewById,
  type StoredIdentification,
} from './repository.js';
import {
  completeExecutionLeased,
  failExecution,
  keepIdentificationLeased,
  startExecutionLeased,
} from './transitions.js';

export interface RunDependencies {
  readonly knex: Knex;
  readonly storage: DocumentStorage;
  /** Identifies and extracts: the offline engine, or the model-backed one when LLM_BASE_URL is set. */
  readonly engine: UnderstandingEngine;
  /** The document threads conversion runs in, bounded in time and memory. */
  readonly pipeline: PipelineWorkers;
}

/** What a run does besides converting: identify, extract with a type, or both. */
interface RunPlan {
  /** Candidates to identify among, or null when the run does not identify. */
  readonly identifyAmong: (() => Promise<TypeToRunWith[]>) | null;
  /**
   * The type to extract with (given the identified code, when there is one), or null for
   * identify runs. `candidates` are the rows identification chose among: a code is unique, so
   * the identified one's row is reused rather than read again.
   */
  readonly extractWith:
    | ((identifiedCode: string | null, candidates: readonly TypeToRunWith[]) => Promise<TypeToRunWith>)
    | null;
}

function candidate(type: TypeToRunWith): CandidateType {
  return {
    code: type.code_type,
    name: type.name,
    description: type.description,
    identifyPromptHints: type.identify_prompt_hints,
    jsonSchema: type.json_schema,
  };
}

function extractionType(type: TypeToRunWith): ExtractionType {
  return {
    code: type.code_type,
    name: type.name,
    jsonSchema: type.json_schema,
    promptHints: type.prompt_hints,
    keepPropertyOrdering: type.keep_property_ordering,
    conversionMode: type.conversion_mode,
  };
}

async function convertibleType(knex: Knex, execution: ExecutionView, code: string): Promise<TypeToRunWith> {
  const type = await findConvertibleType(knex, execution.organization_id, code);
  if (!type) {
    throw new PipelineError(
      'extraction',
      `The document type "${code}" no longer exists or is no longer available to this organization`,
    );
  }
  return type;
}

/** The types to identify among: read with the execution (`found`), or now when they were not. */
async function candidatesAmong(knex: Knex, found: ExecutionToRun, codes: readonly string[]) {
  const { execution } = found;
  const types =
    found.candidates ?? (await usablePublishedTypes(knex, execution.organization_id, codes.length ? codes : null));
  if (types.length === 0) {
    throw new PipelineError(
      'identification',
      codes.length
        ? `None of the document types to identify among (${codes.join(', ')}) is a published type this organization can use`
        : 'There is no published document type this organization can use to identify among',
    );
  }
  return types;
}

/** Decides what the run does, from the execution's kind and, for a step, its configuration now. */
function planRun(knex: Knex, found: ExecutionToRun): RunPlan {
  const { execution, step } = found;
  if (execution.kind === 'identify') {
    return {
      identifyAmong: () => candidatesAmong(knex, found, execution.document_type_code_options ?? []),
      extractWith: null,
    };
  }
  if (execution.kind === 'convert') {
    const code = execution.document_type_code ?? '';
    return { identifyAmong: null, extractWith: () => convertibleType(knex, execution, code) };
  }
  if (!step) throw new PipelineError('identification', 'The step was deleted');
  if (step.fixed_document_type_code !== null) {
    const fixed = step.fixed_document_type_code;
    return { identifyAmong: null, extractWith: () => convertibleType(knex, execution, fixed) };
  }
  if (!step.auto_identify) {
    throw new PipelineError(
      'identification',
      'The step has automatic identification switched off and no fixed document type; an operator can set one with `npx quire step configure`',
    );
  }
  return {
    identifyAmong: () => candidatesAmong(knex, found, step.identification_types),
    extractWith: (code, candidates) => {
      const chosen = candidates.find((type) => type.code_type === code);
      return chosen ? Promise.resolve(chosen) : convertibleType(knex, execution, code as string);
    },
  };
}

function stored(result: IdentificationResult): StoredIdentification {
  return {
    document_type: result.documentType,
    confidence: result.documentType.confidence,
    alternatives: [...result.alternatives],
  };
}

/**
 * Work started now and awaited later: its rejection is held (never reported as unhandled) until
 * the run awaits it.
 */
function started<T>(work: Promise<T>): Promise<T> {
  work.catch(() => {});
  return work;
}

/**
 * Runs one execution: convert, then identify and/or extract and validate, as its plan says.
 * Each state change commits under the job's lease together with the events it reports. A
 * PipelineError (the document's fault) ends the execution in ERROR at once; any other error is
 * thrown to the job loop, which retries and finally calls failAfterAttempts.
 *
 * The database and the document threads work at the same time: the start (PROCESSING and its
 * events) commits while the document converts and is identified, the type reads run meanwhile,
 * and a step's identification is kept while extraction runs. Each of those is awaited before the next state
 * change, so the states and events still commit in order, and before a failure is recorded.
 */
export async function runExecution(deps: RunDependencies, executionId: string, context: JobContext): Promise<void> {
  const { knex, engine } = deps;
  // The document is read while the execution is: both need only its id (a run that ends here
  // leaves the read unused).
  const loading = started(deps.storage.load(knex, executionId));
  const found = await findExecutionToRun(knex, executionId);
  if (!found) {
    context.log.info('the execution no longer exists (its step was deleted); nothing to run');
    return;
  }
  const { execution } = found;
  if (execution.status === 'SUCCESS' || execution.status === 'ERROR') return;

  let identification = execution.identification;
  /**
   * An identification the run holds but has not written: a step's, made by the same task as a
   * successful extraction with a type among the candidates, is written by the completion itself
   * (its IDENTIFICATION_COMPLETED event first), one commit less before SUCCESS.
   */
  let unkept: StoredIdentification | null = null;
  // Null until the plan is made: a run refused while planning has no identification pending.
  let plan: RunPlan | null = null;
  // State changes in flight: all settle before the execution fails.
  const writes: Promise<void>[] = [];
  const write = (work: Promise<void>) => writes.push(started(work));
  /** Every write in flight has committed; the first one that failed is thrown. */
  const writesCommitted = async () => {
    const failed = (await Promise.allSettled(writes.splice(0))).find((write) => write.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    const run = planRun(knex, found);
    plan = run;
    write(
      context.leased('renew', (db, guard) => startExecutionLeased(db, guard, execution, run.identifyAmong !== null)),
    );
    const identifies = run.identifyAmong !== null && identification === null;
    const candidates = identifies ? started((run.identifyAmong as () => Promise<TypeToRunWith[]>)()) : null;
    // Without identification to do, the type is known now (a re-run reuses its identification).
    let type =
      !identifies && run.extractWith !== null
        ? started(run.extractWith(identification?.document_type.code ?? null, []))
        : null;

    const bytes = await loading;
    const source = { bytes, contentType: execution.content_type, filename: execution.original_filename };
    // The candidates and the type read meanwhile; a read refused (no usable type) is reported
    // after conversion, as the stage-by-stage run does, so a document that cannot convert says so first.
    const [among, known] = engine.runsInDocumentThreads
      ? await Promise.allSettled([candidates, type])
      : [{ status: 'rejected' as const }, null];
    /**
     * Records an identification: an identify run completes with it (null: the run is done); a
     * step's is kept with its event before extraction's outcome, so a re-run reuses it, or left
     * to the completion to write (`unkept`), and the plan's extractWith is answered. The start
     * commits before the identification's state change.
     */
    const identified = async (
      result: StoredIdentification,
      pageCount: number,
      keptByCompletion = false,
    ): Promise<{ extractWith: NonNullable<RunPlan['extractWith']>; unkept: StoredIdentification | null } | null> => {
      await writesCommitted();
      const { extractWith } = run;
      if (extractWith === null) {
        await context.leased('delete', (db, guard) =>
          completeExecutionLeased(db, guard, execution, { identification: result, pageCount }, result),
        );
        return null;
      }
      if (keptByCompletion) return { extractWith, unkept: result };
      write(context.leased('renew', (db, guard) => keepIdentificationLeased(db, guard, execution, result)));
      return { extractWith, unkept: null };
    };
    let document: ConvertedDocument | null = null;
    let pageCount: number;
    let typeRow: TypeToRunWith | null = null;
    let extracted: ExtractionResult | null = null;
    if (among.status === 'fulfilled' && known?.status === 'fulfilled') {
      // The offline engine: conversion, identification and extraction in one task of one thread.
      const understood = await deps.pipeline.understand(source, {
        candidates: among.value === null ? null : among.value.map(candidate),
        extractWith:
          run.extractWith === null
            ? null
            : known.value !== null
              ? extractionType(known.value)
              : (among.value ?? []).map(extractionType),
      });
      pageCount = understood.pageCount;
      document = understood.document;
      if (understood.identification !== null) {
        const result = stored(understood.identification);
        identification = result;
        const extractedWithCandidate =
          understood.extraction !== null &&
          understood.extractionError === null &&
          (among.value ?? []).some((type) => type.code_type === result.document_type.code);
        const next = await identified(result, pageCount, extractedWithCandidate);
        if (next === null) return;
        unkept = next.unkept;
        if (understood.extractionError !== null) throw new PipelineError('extraction', understood.extractionError);
        const code = result.document_type.code;
        type = next.extractWith(code, among.value ?? []);
      }
      extracted = understood.extraction;
      if (extracted !== null) typeRow = await (type as Promise<TypeToRunWith>);
    } else {
      document = await deps.pipeline.convert(source);
      pageCount = document.pages.length;

      if (candidates !== null) {
        const among = await candidates;
        const result = stored(await engine.identify(document, among.map(candidate)));
        identification = result;
        const next = await identified(result, pageCount);
        if (next === null) return;
        type = next.extractWith(result.document_type.code, among);
      }
    }

    if (extracted === null) {
      // Stage by stage, or the identified type was not among the candidates given to the task.
      if (type === null || document === null) throw new Error('an identify run reached extraction');
      typeRow = await type;
      extracted = await engine.extract(document, extractionType(typeRow));
    }
    const finalType = typeRow as TypeToRunWith;
    const { data, fields } = extracted;
    const validation = validateExtraction(data, finalType.json_schema);
    await writesCommitted();
    const outcome = {
      data,
      validation,
      documentTypeCode: finalType.code_type,
      pageCount,
      extraction: { fields, engine: engine.name },
      ...(unkept === null ? {} : { identification: unkept }),
    };
    const identificationEvent = unkept !== null;
    // A step's identification this run or an earlier one wrote before its completion.
    const identificationKept = execution.kind === 'step' && identification !== null && unkept === null;
    await context.leased('delete', (db, guard) =>
      completeExecutionLeased(db, guard, execution, outcome, identification, {
        identificationEvent,
        identificationKept,
      }),
    );
  } catch (error) {
    // A state change that did not commit ends the run for a retry, whatever the document did.
    await writesCommitted();
    if (!(error instanceof PipelineError)) throw error;
    // The document's failure after its identification: the identification is kept first, as it
    // is when extraction runs on its own.
    const kept = unkept;
    if (kept !== null) {
      await context.leased('renew', (db, guard) => keepIdentificationLeased(db, guard, execution, kept));
    }
    const identificationPending = identification === null && plan !== null && plan.identifyAmong !== null;
    await context.complete((trx) => failExecution(trx, execution, error.message, identificationPending));
  }
}

/** Whether an execution that has not identified yet would (the last-attempt failure has no plan). */
async function stepIdentifies(db: Db, execution: ExecutionView): Promise<boolean> {
  if (execution.kind !== 'step') return false;
  const step = await findStepById(db, execution.step_id as string);
  return step?.auto_identify === true && step.fixed_document_type_code === null;
}

/** The job's last attempt failed for a reason that is not the document's: end it in ERROR. */
export async function failAfterAttempts(trx: Knex.Transaction, executionId: string, attempts: number): Promise<void> {
  const execution = await findExecutionViewById(trx, executionId);
  if (!execution || execution.status === 'SUCCESS' || execution.status === 'ERROR') return;
  const identificationPending =
    execution.identification === null && (execution.kind === 'identify' || (await stepIdentifies(trx, execution)));
  await failExecution(
    trx,
    execution,
    `Processing failed ${attempts} times because of an internal error; submit the document again, and tell the operator if it keeps failing`,
    identificationPending,
  );
}
