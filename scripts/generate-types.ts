// Regenerates generated/openapi.ts from openapi/openapi.yaml.
import fs from 'node:fs/promises';
import { GENERATED_TYPES_PATH, renderTypes } from './openapi-types.js';

await fs.writeFile(GENERATED_TYPES_PATH, await renderTypes());
console.log('generated/openapi.ts written');
