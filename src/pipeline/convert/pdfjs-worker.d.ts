/** pdf.js's worker code (no declarations ship with it): what `globalThis.pdfjsWorker` is given. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
