import { type Document, OpenAPIBackend } from 'openapi-backend';
import t from 'tap';
import { loadContract } from '../../src/http/contract.js';
import { directOperations } from '../../src/http/direct-operations.js';
import { compileOperationMatching } from '../../src/http/operation-matcher.js';

const small = {
  openapi: '3.0.3',
  info: { title: 'small', version: '1' },
  security: [{ bearerAuth: [] }],
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
  },
  paths: {
    '/boxes/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }],
      get: { operationId: 'getBox', responses: {} },
      put: { operationId: 'putBox', requestBody: { content: {} }, responses: {} },
    },
    '/boxes/{id}/lids/{lid}': {
      get: {
        operationId: 'getLid',
        parameters: [
          { $ref: '#/components/parameters/Id' },
          { name: 'lid', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: {},
      },
    },
    '/boxes': {
      get: {
        operationId: 'listBoxes',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } }],
        responses: {},
      },
    },
    '/sized/{size}': {
      get: {
        operationId: 'getSized',
        parameters: [{ name: 'size', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {},
      },
    },
    '/public/{id}': {
      get: {
        operationId: 'getPublic',
        security: [],
        parameters: [{ $ref: '#/components/parameters/Id' }],
        responses: {},
      },
    },
    '/tagged/{id}': {
      get: {
        operationId: 'getTagged',
        parameters: [
          { $ref: '#/components/parameters/Id' },
          { name: 'x-tag', in: 'header', schema: { type: 'string' } },
        ],
        responses: {},
      },
    },
  },
};

/** The direct operations of a document as the server reads it: dereferenced by openapi-backend's init. */
async function direct(definition: Record<string, unknown>) {
  const api = new OpenAPIBackend({ definition: definition as unknown as Document, quick: true });
  await api.init();
  return { operations: directOperations(api.router.getOperations()), matcher: compileOperationMatching(api.router) };
}

t.test('only GETs with nothing to validate or fill in go straight to their handler', async (t) => {
  const { operations } = await direct(small);
  // Coerced or defaulted parameters, a body, a header parameter or another security scheme need openapi-backend.
  t.same([...operations.keys()].sort(), ['getBox', 'getLid']);
});

t.test('path parameters are read from the match and decoded as openapi-backend reads them', async (t) => {
  const { operations, matcher } = await direct(small);
  const read = (path: string) => {
    const matched = matcher.match({ method: 'get', path, headers: {} });
    return matched
      ? (operations.get(matched.operation.operationId as string)?.params(matched.pathValues) ?? null)
      : null;
  };
  t.same(read('/boxes/b%20one/lids/7'), { id: 'b one', lid: '7' });
  t.same(read('/boxes/a.b'), { id: 'a.b' });
  t.equal(read('/boxes/a/b'), null);
  t.throws(() => read('/boxes/%E0%A4%A'), URIError);
});

t.test("the contract's status polls are among them, its list operations are not", async (t) => {
  const contract = loadContract();
  const { operations } = await direct(contract);
  for (const id of ['getStepExecutionStatus', 'getIdentificationStatus', 'getConversionStatus']) {
    t.ok(operations.has(id), id);
  }
  t.notOk(operations.has('listDocumentTypes'));
  t.notOk(operations.has('executeStepAsync'));
});
