import { writeFileSync } from 'node:fs';
import type { ServerInjectOptions } from '@hapi/hapi';
import t from 'tap';
import { contractViolations } from '../helpers/contract.js';
import {
  deepArrayText,
  deepObjectText,
  mutateValue,
  ODD_CONTENT_TYPES,
  ODD_QUERY_STRINGS,
  pick,
  RAW_BODIES,
  type Random,
  sampleValue,
  seededRandom,
} from '../helpers/contract-fuzz.js';
import { createActor, documentTypeBody } from '../helpers/factories.js';
import { knowledgeBaseBody } from '../helpers/knowledge-bases.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * The contract fuzzer: for every operation of the served contract, a bounded, seeded series of
 * requests (valid samples of its schemas, mutated bodies, deep nesting, odd query strings,
 * bodies and content types where none belong, foreign ids). Every answer must be one the
 * contract documents, with the documented body and x-request-id; no answer may be a 5xx.
 * FUZZ_SEED replays a run; FUZZ_REQUESTS_PER_OPERATION sets its size; FUZZ_REPORT names a file
 * that receives every finding.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS_PER_OPERATION = Number(process.env.FUZZ_REQUESTS_PER_OPERATION ?? 80);
/** Every operation gets at least this many requests, however slow the machine. */
const MIN_REQUESTS_PER_OPERATION = 10;
/** A deadline for the whole run, so a slow machine shortens it rather than timing it out. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Record<string, unknown> }>;
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  security?: unknown[];
}

const TEXT_DOCUMENT = `data:text/plain;base64,${Buffer.from('Invoice number: INV-001\nTotal: 12.50').toString('base64')}`;

t.test('every answer to generated and mutated requests is in the contract, and none is a 5xx', async (t) => {
  const app = await buildTestApp(
    t,
    { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', URL_FETCH_ALLOW_PRIVATE_TARGETS: 'false' },
    { workers: true },
  );
  const owner = await createActor(app.db);
  const json = async (method: string, url: string, payload?: unknown) => {
    const res = await app.server.inject({ method, url, headers: owner.headers, payload: payload as object });
    return JSON.parse(res.payload || '{}');
  };

  /**
   * Fresh resources for one operation (only those its path names), so the deletes and updates
   * of one operation do not starve the next.
   */
  const fixtureFor = async (operation: Operation): Promise<Record<string, string>> => {
    const { path } = operation;
    if (path.startsWith('/api/document-types/')) {
      return { id: (await json('POST', '/api/document-types', documentTypeBody(owner.organization.slug))).data.id };
    }
    if (path.startsWith('/api/steps/') || path.startsWith('/api/steps-async/{')) {
      return { id: (await json('POST', '/api/steps', { name: 'Fuzzed' })).data.id, stepId: documentStep.id };
    }
    if (path.startsWith('/api/knowledge-bases/')) {
      const knowledgeBase = (await json('POST', '/api/knowledge-bases', knowledgeBaseBody())).data;
      await json('POST', `/api/knowledge-bases/${knowledgeBase.id}/documents`, {
        documentId: 'doc-1',
        content: { title: 'Refunds', text: 'Refunds take five days.' },
      });
      return { id: knowledgeBase.id, documentId: 'doc-1' };
    }
    if (path.startsWith('/api/steps-async/status/')) {
      return { executionId: (await json('POST', `/api/steps-async/${documentStep.id}`, { base64: TEXT_DOCUMENT })).id };
    }
    if (path.startsWith('/api/identify-async/status/')) {
      return { id: (await json('POST', '/api/identify-async', { base64: TEXT_DOCUMENT })).id };
    }
    if (path.startsWith('/api/convert-async/status/')) {
      return {
        id: (
          await json('POST', '/api/convert-async', { base64: TEXT_DOCUMENT, document_type_code: documentType.codeType })
        ).id,
      };
    }
    return { file: 'swagger-ui.css', id: '00000000-0000-4000-8000-000000000000' };
  };
  const documentType = (await json('POST', '/api/document-types', documentTypeBody(owner.organization.slug))).data;
  const documentStep = (await json('POST', '/api/steps', { name: 'Documents' })).data;

  const operations = app.server.app.api.router.getOperations() as unknown as Operation[];
  const started = Date.now();
  const fiveHundreds: string[] = [];
  const offContract: string[] = [];
  let sent = 0;

  // Each operation gets an equal share of the budget, so every one is fuzzed even on a slow machine.
  const share = BUDGET_MS / operations.length;
  for (const [index, operation] of operations.entries()) {
    const random = seededRandom(SEED + index);
    const operationStarted = Date.now();
    const resources = await fixtureFor(operation);
    const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
    const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');

    for (let attempt = 0; attempt < REQUESTS_PER_OPERATION; attempt += 1) {
      if (attempt >= MIN_REQUESTS_PER_OPERATION && Date.now() - operationStarted > share) break;
      const request = buildRequest(random, operation, {
        pathValue: (name) => (random() < 0.85 ? (resources[name] ?? 'unknown') : mutatedId(random)),
        pathParameters: pathParameters.map((parameter) => parameter.name),
        queryParameters,
        jsonSchema,
        headers: random() < 0.95 ? owner.headers : {},
      });
      const response = await app.server.inject(request);
      sent += 1;
      const label = `${operation.operationId} #${attempt}: ${request.method} ${request.url.slice(0, 120)} ${String(request.headers?.['content-type'])} ${String(request.payload ?? '').slice(0, 80)}`;
      if (response.statusCode >= 500) fiveHundreds.push(`${label} -> ${response.statusCode} ${response.payload}`);
      const problems = contractViolations(app.server.app.api, request, response);
      if (problems.length) offContract.push(`${label} -> ${problems.join('; ')}`);
    }
  }

  if (process.env.FUZZ_REPORT) {
    writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ fiveHundreds, offContract }, null, 1));
  }
  t.comment(`${sent} requests over ${operations.length} operations in ${Date.now() - started} ms (seed ${SEED})`);
  t.ok(sent >= operations.length * MIN_REQUESTS_PER_OPERATION, 'every operation was fuzzed');
  t.same(fiveHundreds.slice(0, 20), [], `no 5xx answers (${fiveHundreds.length})`);
  t.same(offContract.slice(0, 20), [], `no answers outside the contract (${offContract.length})`);
});

function mutatedId(random: Random): string {
  if (random() < 0.2) return pick(random, ['%E0%A4%A', '%', '%ZZ', 'a%2Fb', '..', '%2e%2e']);
  return encodeURIComponent(
    pick(random, ['0', '-1', '1e309', 'a'.repeat(300), '%00', '00000000-0000-4000-8000-000000000000', '💥', "'"]),
  );
}

function buildRequest(
  random: Random,
  operation: Operation,
  options: {
    pathValue: (name: string) => string;
    pathParameters: string[];
    queryParameters: NonNullable<Operation['parameters']>;
    jsonSchema: Record<string, unknown> | undefined;
    headers: Record<string, string>;
  },
): ServerInjectOptions & { method: string; url: string; headers: Record<string, string> } {
  let path = operation.path;
  for (const name of options.pathParameters) path = path.replace(`{${name}}`, options.pathValue(name));

  const query = new URLSearchParams();
  for (const parameter of options.queryParameters) {
    if (random() < 0.5) continue;
    const value = random() < 0.7 ? sampleValue(parameter.schema, random) : mutateValue('x', random);
    query.set(parameter.name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  let search = query.size ? `?${query}` : '';
  if (random() < 0.2) search = pick(random, ODD_QUERY_STRINGS);

  const headers: Record<string, string> = { ...options.headers };
  let payload: string | undefined;
  const shape = random();
  if (options.jsonSchema && shape < 0.35) {
    payload = JSON.stringify(sampleValue(options.jsonSchema, random));
    headers['content-type'] = 'application/json';
  } else if (options.jsonSchema && shape < 0.65) {
    payload = JSON.stringify(mutateValue(sampleValue(options.jsonSchema, random), random));
    headers['content-type'] = 'application/json';
  } else if (shape < 0.72) {
    payload = random() < 0.5 ? deepArrayText(20_000) : deepObjectText(pick(random, [200, 5_000]));
    headers['content-type'] = 'application/json';
  } else if (shape < 0.85) {
    payload = pick(random, RAW_BODIES);
    const contentType = pick(random, ODD_CONTENT_TYPES);
    if (contentType !== undefined) headers['content-type'] = contentType;
  } else if (shape < 0.92) {
    payload = JSON.stringify(sampleValue(options.jsonSchema ?? { type: 'object' }, random));
    const contentType = pick(random, ODD_CONTENT_TYPES);
    if (contentType !== undefined) headers['content-type'] = contentType;
  }
  const method = random() < 0.03 ? pick(random, ['HEAD', 'OPTIONS', 'TRACE']) : operation.method.toUpperCase();
  return { method, url: `${path}${search}`, headers, ...(payload === undefined ? {} : { payload }) };
}
