/** The bytes of a submitted document, with what the client said about them. */
export interface SourceDocument {
  readonly bytes: Buffer;
  /** As declared by the client; may be null or application/octet-stream (then sniffed from the bytes). */
  readonly contentType: string | null;
  readonly filename: string | null;
}

export type DocumentFormat = 'pdf' | 'text' | 'html' | 'csv' | 'json';

/** A document as text, the input of identification and extraction. */
export interface ConvertedDocument {
  readonly format: DocumentFormat;
  /** The canonical content type of `format` (application/pdf, text/plain, text/html, text/csv, application/json). */
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
}
