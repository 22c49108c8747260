// A module loader hook for the pipeline's threads, registered after tsx so it runs first: ES
// modules shipped as JavaScript in node_modules (`.mjs`) are loaded as they are, not through tsx.
// tsx has nothing to compile in them, yet passing pdf.js's 3 MB of code through it costs a thread
// some 250 MB of resident memory.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.mjs') && url.includes('/node_modules/')) {
    return { format: 'module', source: await readFile(fileURLToPath(url)), shortCircuit: true };
  }
  return nextLoad(url, context);
}
