import { type ConvertedDocument, type FieldEvidence, PAGE_SEPARATOR } from '../types.js';

/**
 * Where the offline extractor found each value, and how sure it is. The readers work on the
 * document's lines (`document.text` split on newlines, pages joined by PAGE_SEPARATOR); spans
 * are kept as line/column pairs while reading and turned into page offsets once, at the end.
 */

/** A stretch of the document from (line, start) to (endLine, end), end exclusive. */
export interface LineSpan {
  readonly line: number;
  readonly start: number;
  readonly endLine: number;
  readonly end: number;
}

/** A value with where it came from and a 0..1 confidence. */
export interface Located {
  readonly value: unknown;
  readonly span: LineSpan | null;
  readonly confidence: number;
  /** True when no label was read: the first value of the type the document prints (a guess). */
  readonly unlabelled?: boolean;
}

/** One extracted leaf before its span is mapped to a page. */
export interface Leaf {
  readonly path: string;
  readonly confidence: number;
  readonly span: LineSpan | null;
}

export function spanOn(line: number, start: number, end: number): LineSpan {
  return { line, start, endLine: line, end };
}

/** Narrows a cell's span to where a string value occurs in it verbatim ("INV-7" in "# INV-7"). */
export function narrowTo(span: LineSpan, cellText: string, value: unknown): LineSpan {
  if (typeof value !== 'string' || span.line !== span.endLine) return span;
  const at = cellText.indexOf(value);
  return at < 0 ? span : spanOn(span.line, span.start + at, span.start + at + value.length);
}

/** JSON Pointer escaping of one reference token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A label-match score (see extract-scalar) as a confidence: a full, specific label next to its value is near 1. */
export function scoreConfidence(score: number): number {
  return 1 / (1 + Math.exp(-(score - 14) / 7));
}

export function roundConfidence(value: number): number {
  return Math.round(Math.min(0.99, Math.max(0.01, value)) * 100) / 100;
}

/**
 * Leaves as FieldEvidence with page numbers and page offsets. Offsets come from the page lengths,
 * so a page whose own text holds a form feed does not shift the pages after it.
 */
export function toFieldEvidence(document: ConvertedDocument, lines: readonly string[], leaves: readonly Leaf[]) {
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  const paged = document.pages.join(PAGE_SEPARATOR) === document.text;
  const pageStarts: number[] = [];
  let pageOffset = 0;
  for (const page of paged ? document.pages : [document.text]) {
    pageStarts.push(pageOffset);
    pageOffset += page.length + PAGE_SEPARATOR.length;
  }
  const pageOf = (textOffset: number) => {
    let page = 0;
    while (page + 1 < pageStarts.length && (pageStarts[page + 1] ?? 0) <= textOffset) page++;
    return page;
  };
  return leaves.map((leaf): FieldEvidence => {
    const confidence = roundConfidence(leaf.confidence);
    if (!leaf.span) return { path: leaf.path, confidence, page: null, start: null, end: null, text: null };
    const from = (lineStarts[leaf.span.line] ?? 0) + leaf.span.start;
    const to = (lineStarts[leaf.span.endLine] ?? 0) + leaf.span.end;
    const page = pageOf(from);
    const pageStart = pageStarts[page] ?? 0;
    return {
      path: leaf.path,
      confidence,
      page: page + 1,
      start: from - pageStart,
      end: to - pageStart,
      text: document.text.slice(from, to),
    };
  });
}
