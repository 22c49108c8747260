// The entry of the OCR thread (ocr-thread.ts): reads one page image per message with this
// thread's tesseract engine and answers its text, or the error's message.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { configureOcr, recognizePage } = await import('../convert/ocr.ts');
configureOcr({ languages: workerData.languages });

parentPort.on('message', async ({ png }) => {
  try {
    // Bytes arrive as a Uint8Array: make it a Buffer again without copying.
    const text = await recognizePage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    parentPort.postMessage({ text });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
