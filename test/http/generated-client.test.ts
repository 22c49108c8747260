import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import t from 'tap';
import ts from 'typescript';
import { buildTestApp } from '../helpers/server.js';

/**
 * A client generated from the served contract with openapi-typescript's default options (what
 * `npx openapi-typescript /openapi.json` does) must type a minimal create call for every create
 * operation as the API accepts it: nothing the API does not require may be required.
 */
const MINIMAL_BODIES: Record<string, string> = {
  createDocumentType: `{ codeType: 'acme_invoice', name: 'Invoice', description: 'Invoices', jsonSchema: { type: 'object' } }`,
  createStep: `{ name: 'Invoices' }`,
  createKnowledgeBase: `{ name: 'FAQ', description: 'Answers', schema: { type: 'object' } }`,
  uploadKnowledgeBaseDocument: `{ content: { title: 'Refunds' } }`,
  bulkUploadKnowledgeBaseDocuments: `{ documents: [{ documentId: 'a', content: { title: 'Refunds' } }] }`,
  syncKnowledgeBase: `{}`,
  searchKnowledgeBasePost: `{ query: 'refunds' }`,
  putWebhookEndpoint: `{ url: 'https://hooks.example.com/quire' }`,
  putRetentionPolicy: `{}`,
  executeStepAsync: `{ base64: 'aGk=' }`,
};

t.test('a client generated with default options types a minimal create call for every create operation', async (t) => {
  const app = await buildTestApp(t);
  const served = await app.inject({ method: 'GET', url: '/openapi.json' });
  t.equal(served.statusCode, 200);
  const document = served.body as { paths: Record<string, Record<string, { operationId?: string }>> };
  const creates = Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .map((operation) => operation.operationId)
    .filter((id): id is string => typeof id === 'string' && /^(create|upload|bulkUpload|put)/.test(id));
  for (const id of creates) t.ok(id in MINIMAL_BODIES, `${id} has a minimal body in this test`);

  const directory = await mkdtemp(path.join(tmpdir(), 'quire-client-'));
  t.teardown(() => rm(directory, { recursive: true, force: true }));
  await writeFile(path.join(directory, 'api.ts'), astToString(await openapiTS(document as never)));
  const calls = Object.entries(MINIMAL_BODIES).map(([id, body]) => `export const ${id}: Body<'${id}'> = ${body};`);
  await writeFile(
    path.join(directory, 'client.ts'),
    [
      `import type { operations } from './api.js';`,
      `type Body<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;`,
      ...calls,
    ].join('\n'),
  );
  const program = ts.createProgram([path.join(directory, 'client.ts')], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  t.same(problems, [], 'every minimal create call type-checks');
});
