// Fails when generated/openapi.ts no longer matches the contract (run by `npm test`).
import fs from 'node:fs/promises';
import { GENERATED_TYPES_PATH, renderTypes } from './openapi-types.js';

const committed = await fs.readFile(GENERATED_TYPES_PATH, 'utf8').catch(() => '');
if (committed !== (await renderTypes())) {
  console.error('generated/openapi.ts is out of date with openapi/openapi.yaml: run `npm run generate-types`.');
  process.exit(1);
}
console.log('generated/openapi.ts matches openapi/openapi.yaml');
