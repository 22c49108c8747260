import type { MessagePort } from 'node:worker_threads';
import { convertDocument } from '../convert/convert.js';
import { recognizePagesWith } from '../convert/ocr.js';
import { extractFields } from '../extract/extract.js';
import { identifyDocument } from '../identify/identify.js';
import { PipelineError, type PipelineStage } from '../pipeline-error.js';
import type { CandidateType, ConvertedDocument, ExtractionType, SourceDocument } from '../types.js';

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

export async function convert(task: ConvertTask): Promise<StageOutcome<ConvertedDocument>> {
  recognizePagesWith(recognizeThrough(task.ocr));
  try {
    return await convertSource(task);
  } finally {
    recognizePagesWith(null);
    task.ocr.close();
  }
}

function convertSource(task: ConvertTask): Promise<StageOutcome<ConvertedDocument>> {
  return outcome(() => {
    // Bytes arrive as a Uint8Array: make it a Buffer again without copying.
    const { bytes } = task.source;
    const source = { ...task.source, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    return convertDocument(source, task.maxPages === undefined ? {} : { maxPages: task.maxPages });
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
