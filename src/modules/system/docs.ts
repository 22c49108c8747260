import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NotFoundError } from '../../errors.js';

/**
 * The API reference at /docs: Swagger UI from the swagger-ui-dist package, served by quire
 * itself so the page works offline and on a closed network. It reads /openapi.json.
 */
const ASSET_TYPES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets = new Map<string, Buffer>();

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>quire API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript. The contract itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', persistAuthorization: true, deepLinking: true });
</script>
</body>
</html>
`;

/** One of the page's static files, read once and kept in memory. */
export function docsAsset(file: string): { body: Buffer; contentType: string } {
  const contentType = ASSET_TYPES[file];
  if (!contentType) throw new NotFoundError(`No documentation asset named "${file}"`);
  let body = assets.get(file);
  if (!body) {
    body = readFileSync(path.join(distDir, file));
    assets.set(file, body);
  }
  return { body, contentType };
}
