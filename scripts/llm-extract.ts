// Tries the LLM engine on one file, outside the server: converts it, extracts with the given
// schema through LLM_BASE_URL (LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_MAX_INPUT_CHARS as
// for `npm start`), and prints the data, the evidence and the time taken.
//   LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=qwen2.5:7b-instruct \
//     npx tsx scripts/llm-extract.ts invoice.pdf schema.json [json|toon|multi_prompt] ["prompt hints"]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { convertDocument } from '../src/pipeline/convert/convert.js';
import { createLlmEngine } from '../src/pipeline/llm/llm-engine.js';
import type { ConversionMode } from '../src/pipeline/types.js';

const [documentPath, schemaPath, mode = 'json', hints = null] = process.argv.slice(2);
const MODES: readonly string[] = ['json', 'toon', 'multi_prompt'];
if (!documentPath || !schemaPath || !MODES.includes(mode)) {
  console.error('usage: npx tsx scripts/llm-extract.ts <document> <schema.json> [json|toon|multi_prompt] [hints]');
  process.exit(2);
}
const config = loadConfig();
if (config.llm === null) {
  console.error('LLM_BASE_URL is not set: there is no model to try');
  process.exit(2);
}

const document = await convertDocument({
  bytes: await readFile(documentPath),
  contentType: null,
  filename: path.basename(documentPath),
});
const jsonSchema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, unknown>;
const engine = createLlmEngine(config.llm);
const started = performance.now();
const result = await engine.extract(document, {
  code: path.basename(schemaPath, '.json'),
  name: typeof jsonSchema.title === 'string' ? jsonSchema.title : path.basename(schemaPath, '.json'),
  jsonSchema,
  promptHints: hints,
  keepPropertyOrdering: true,
  conversionMode: mode as ConversionMode,
});
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ model: config.llm.model, mode, seconds: Number(seconds.toFixed(2)), ...result }, null, 2));
