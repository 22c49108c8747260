/** The bytes of a submitted document, with what the client said about them. */
export interface SourceDocument {
  readonly bytes: Buffer;
  /** As declared by the client; may be null or application/octet-stream (then sniffed from the bytes). */
  readonly contentType: string | null;
  readonly filename: string | null;
}

export type DocumentFormat = 'pdf' | 'docx' | 'image' | 'text' | 'html' | 'csv' | 'json';

/** A document as text, the input of identification and extraction. */
export interface ConvertedDocument {
  readonly format: DocumentFormat;
  /**
   * The canonical content type of the document (application/pdf, the DOCX type, image/png and the
   * other image types, text/plain, text/html, text/csv, application/json).
   */
  readonly contentType: string;
  /** One entry per page; formats without pages have exactly one. */
  readonly pages: readonly string[];
  /** The pages joined with PAGE_SEPARATOR. */
  readonly text: string;
}

/** A line holding only a form feed between pages, so line-based readers see page breaks. */
export const PAGE_SEPARATOR = '\n\f\n';

export interface CandidateType {
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly identifyPromptHints: string | null;
  readonly jsonSchema: Record<string, unknown>;
}

export interface TypeMatch {
  readonly code: string;
  readonly name: string;
  /** 0..1, rounded to 4 decimals. */
  readonly confidence: number;
}

export interface IdentificationResult {
  readonly documentType: TypeMatch;
  /** The other candidates, best first, at most 5. */
  readonly alternatives: readonly TypeMatch[];
}

export interface ExtractionType {
  readonly code: string;
  readonly name: string;
  readonly jsonSchema: Record<string, unknown>;
  readonly promptHints: string | null;
  readonly keepPropertyOrdering: boolean;
  readonly conversionMode: ConversionMode;
}

/**
 * Where one extracted value was found. `path` is the value's JSON Pointer in the extracted data
 * (`/invoice_number`, `/items/0/amount`). `page` is 1-based; `start`/`end` are UTF-16 offsets into
 * that page's text (`ConvertedDocument.pages[page - 1]`), end exclusive, and `text` is that slice.
 * A value the engine could not tie to the text (a model's inference, say) has `page` and the span
 * null. `confidence` is 0..1: how sure the engine is that this is the value the schema asks for.
 */
export interface FieldEvidence {
  readonly path: string;
  readonly confidence: number;
  readonly page: number | null;
  readonly start: number | null;
  readonly end: number | null;
  readonly text: string | null;
}

/** The output of an extraction engine: the data, and one evidence entry per extracted leaf value. */
export interface ExtractionResult {
  readonly data: Record<string, unknown>;
  readonly fields: readonly FieldEvidence[];
}

/** How a document type asks a model-backed engine to shape its prompts (ignored offline). */
export type ConversionMode = 'json' | 'toon' | 'multi_prompt';

/**
 * An engine that identifies and extracts: the offline one (rules over the text) or the
 * model-backed one (LLM_BASE_URL). Errors that are the document's fault are PipelineErrors;
 * anything else (a model endpoint down) is thrown as is, so the job loop retries the run.
 */
export interface UnderstandingEngine {
  readonly name: 'offline' | 'llm';
  /**
   * Identification and extraction run in the document threads with conversion (the offline
   * rules): a run then converts, identifies and extracts as one task (PipelineWorkers.understand).
   */
  readonly runsInDocumentThreads?: boolean;
  identify(document: ConvertedDocument, candidates: readonly CandidateType[]): Promise<IdentificationResult>;
  extract(document: ConvertedDocument, type: ExtractionType): Promise<ExtractionResult>;
}
