import type { MessagePort } from 'node:worker_threads';
import { convertDocument } from '../convert/convert.js';
import { recognizePagesWith } from '../convert/ocr-route.js';
import { extractFields } from '../extract/extract.js';
import { identifyDocument } from '../identify/identify.js';
import { PipelineError, type PipelineStage } from '../pipeline-error.js';
import type {
  CandidateType,
  ConvertedDocument,
  ExtractionResult,
  ExtractionType,
  IdentificationResult,
  SourceDocument,
} from '../types.js';

/**
 * The pipeline stages as run inside a worker thread of bounded-stages.ts. A PipelineError does
 * not survive the trip between threads as itself (structured cloning keeps only a plain Error's
 * message), so it comes back as a value and is thrown again on the other side.
 */
export type StageOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly stage: PipelineStage; readonly message: string };

async function outcome<T>(work: () => Promise<T>): Promise<StageOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof PipelineError) return { ok: false, stage: error.stage, message: error.message };
    throw error;
  }
}

export interface ConvertTask {
  readonly source: SourceDocument;
  readonly maxPages?: number;
  /** Where page images go to be read: the process's OCR thread, through the parent (ocr-thread.ts). */
  readonly ocr: MessagePort;
}

/** Page images sent on `port`, each answered by `{ id, text }` or `{ id, error }`. */
function recognizeThrough(port: MessagePort): (png: Buffer) => Promise<string> {
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  port.on('message', ({ id, text, error }: { id: number; text?: string; error?: string }) => {
    const page = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) page?.resolve(text ?? '');
    else page?.reject(new Error(error));
  });
  return (png) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, png });
    });
}

/** Runs `work` with the task's OCR port serving the pages to read, and closes the port after. */
async function withOcrPort<T>(task: ConvertTask, work: () => Promise<T>): Promise<T> {
  recognizePagesWith(recognizeThrough(task.ocr));
  try {
    return await work();
  } finally {
    recognizePagesWith(null);
    task.ocr.close();
  }
}

export function convert(task: ConvertTask): Promise<StageOutcome<ConvertedDocument>> {
  return withOcrPort(task, () => outcome(() => convertSource(task)));
}

function convertSource(task: ConvertTask): Promise<ConvertedDocument> {
  // Bytes arrive as a Uint8Array: make it a Buffer again without copying.
  const { bytes } = task.source;
  const source = { ...task.source, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  return convertDocument(source, task.maxPages === undefined ? {} : { maxPages: task.maxPages });
}

/** A run's conversion, identification and extraction as one task (PipelineWorkers.understand). */
export interface UnderstandTask extends ConvertTask {
  /** The types to identify among, or null when the run does not identify. */
  readonly candidates: readonly CandidateType[] | null;
  /**
   * What to extract with: one type; the types by code, the identified one chosen (a step that
   * identifies); or null when the run does not extract.
   */
  readonly extractWith: ExtractionType | readonly ExtractionType[] | null;
}

export interface Understood {
  readonly pageCount: number;
  readonly identification: IdentificationResult | null;
  readonly extraction: ExtractionResult | null;
  /**
   * The converted document, sent back only when extraction was asked for and the identified
   * type was not among the types given (the caller then finds it and extracts itself).
   */
  readonly document: ConvertedDocument | null;
  /** Extraction failed after identification succeeded: the identification is still the run's. */
  readonly extractionError: string | null;
}

/** Which stage a task has reached, posted on its OCR port so the parent times and names that stage. */
export interface StageReached {
  readonly stage: PipelineStage;
}

function typeToExtract(task: UnderstandTask, identified: IdentificationResult | null): ExtractionType | null {
  const { extractWith } = task;
  if (extractWith === null || !Array.isArray(extractWith)) return extractWith as ExtractionType | null;
  const code = identified?.documentType.code;
  return (extractWith as readonly ExtractionType[]).find((type) => type.code === code) ?? null;
}

/**
 * Converts, identifies and extracts in this thread: one hand-off per run instead of one per
 * stage, and the converted document never crosses between threads. Each stage is announced on
 * the OCR port first, so the parent's time limit and errors name the stage running.
 */
export function understand(task: UnderstandTask): Promise<StageOutcome<Understood>> {
  return withOcrPort(task, async () => {
    const converted = await outcome(() => convertSource(task));
    if (!converted.ok) return converted;
    const document = converted.value;
    let identification: IdentificationResult | null = null;
    if (task.candidates !== null) {
      const candidates = task.candidates;
      task.ocr.postMessage({ stage: 'identification' } satisfies StageReached);
      const identified = await outcome(async () => identifyDocument(document, candidates));
      if (!identified.ok) return identified;
      identification = identified.value;
    }
    const pageCount = document.pages.length;
    const done = { pageCount, identification, extraction: null, document: null, extractionError: null };
    if (task.extractWith === null) return { ok: true, value: done };
    const type = typeToExtract(task, identification);
    if (type === null) return { ok: true, value: { ...done, document } };
    task.ocr.postMessage({ stage: 'extraction' } satisfies StageReached);
    const extracted = await outcome(async () => extractFields(document, type));
    if (extracted.ok) return { ok: true, value: { ...done, extraction: extracted.value } };
    // Without an identification to keep, the failure is the task's own, as a separate stage's would be.
    if (identification === null) return extracted;
    return { ok: true, value: { ...done, extractionError: extracted.message } };
  });
}

export function identify(task: {
  document: ConvertedDocument;
  candidates: readonly CandidateType[];
}): Promise<StageOutcome<Awaited<ReturnType<typeof identifyDocument>>>> {
  return outcome(async () => identifyDocument(task.document, task.candidates));
}

export function extract(task: {
  document: ConvertedDocument;
  type: ExtractionType;
}): Promise<StageOutcome<Awaited<ReturnType<typeof extractFields>>>> {
  return outcome(async () => extractFields(task.document, task.type));
}
