/**
 * Where this thread's page images are read: by an engine in another thread (the document threads
 * share one OCR thread), or, when none is set, by this thread's own (ocr.ts). A module of its own,
 * so that a document thread sets the route without loading the OCR engine's code (sharp and
 * tesseract.js) until it meets a scan.
 */
let elsewhere: ((png: Buffer) => Promise<string>) | null = null;

/** Sends this thread's page images to `recognize`; `null` goes back to this thread's own engine. */
export function recognizePagesWith(recognize: ((png: Buffer) => Promise<string>) | null): void {
  elsewhere = recognize;
}

/** The reader set by recognizePagesWith, if any. */
export function pagesReadElsewhere(): ((png: Buffer) => Promise<string>) | null {
  return elsewhere;
}
