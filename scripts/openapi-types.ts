import fs from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

export const GENERATED_TYPES_PATH = new URL('../generated/openapi.ts', import.meta.url);
const CONTRACT_PATH = new URL('../openapi/openapi.yaml', import.meta.url);

const HEADER = `// generated - do not edit. Source: openapi/openapi.yaml; run \`npm run generate-types\`.\n/* eslint-disable */\n`;

/** The text of generated/openapi.ts as openapi-typescript makes it from the contract today. */
export async function renderTypes(): Promise<string> {
  // defaultNonNullable off: a default in a request schema must not make the field required in TypeScript.
  // emptyObjectsUnknown: an object schema without properties (a document's extracted data) is any
  // object, Record<string, unknown>, not an object that may hold nothing.
  const ast = await openapiTS(await fs.readFile(CONTRACT_PATH, 'utf8'), {
    defaultNonNullable: false,
    emptyObjectsUnknown: true,
  });
  return HEADER + astToString(ast);
}
