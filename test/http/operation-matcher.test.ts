import { type Document, OpenAPIRouter } from 'openapi-backend';
import t from 'tap';
import { loadContract } from '../../src/http/contract.js';
import { compileOperationMatching } from '../../src/http/operation-matcher.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** What the library answers: an operation's id, its 404/405 error, or undefined. */
function answer(router: OpenAPIRouter, method: string, path: string, strict: boolean): string | undefined {
  try {
    return router.matchOperation({ method, path, headers: {} }, strict)?.operationId;
  } catch (error) {
    return (error as Error).message;
  }
}

t.test('compiled matching answers as openapi-backend does, for the contract and for a small document', async (t) => {
  const small = {
    openapi: '3.0.3',
    info: { title: 'small', version: '1' },
    paths: {
      '/files/{name}.json': { get: { operationId: 'fileJson', responses: {} } },
      '/files/{name}': {
        get: { operationId: 'file', responses: {} },
        delete: { operationId: 'deleteFile', responses: {} },
      },
      '/files/latest': { post: { operationId: 'latest', responses: {} } },
      // Listed before the more literal '/a/{x}/b', which the library still prefers for /a/1/b.
      '/a/{x}/{y}': { get: { operationId: 'axy', responses: {} } },
      '/a/{x}/b': { get: { operationId: 'ab', responses: {} } },
    },
  };
  for (const definition of [loadContract() as unknown as Document, small as unknown as Document]) {
    const library = new OpenAPIRouter({ definition });
    const compiled = new OpenAPIRouter({ definition });
    compileOperationMatching(compiled);
    const paths = new Set<string>([
      '/',
      '',
      '/nowhere',
      '/files/latest',
      '/files/x.json',
      '/files/xjson',
      '/a/1/b',
      '/a/1/c',
    ]);
    for (const operation of library.getOperations()) {
      paths.add(operation.path);
      paths.add(operation.path.replace(/\{[^}]+\}/g, '0b7e0c4e-4f6c-4d55-9d55-7b7f1c9b1a10'));
      paths.add(`${operation.path.replace(/\{[^}]+\}/g, 'x')}/`);
      paths.add(`${operation.path.replace(/\{[^}]+\}/g, 'x')}?limit=1`);
      paths.add(`${operation.path.replace(/\{[^}]+\}/g, 'x')}/extra`);
    }
    const requests = [...paths].flatMap((path) =>
      [...METHODS, 'GET'].flatMap((method) => [true, false].map((strict) => ({ method, path, strict }))),
    );
    const answers = (router: OpenAPIRouter) =>
      requests.map(
        ({ method, path, strict }) => `${method} ${path} ${strict}: ${answer(router, method, path, strict)}`,
      );
    const expected = answers(library);
    t.same(answers(compiled), expected);
    // Answers are remembered by method and path: asked again, the same (404 and 405 included).
    t.same(answers(compiled), expected, 'asked again');
    // Every kind of answer is among them: operations, 404 and 405.
    t.match(expected.join('\n'), /: [a-zA-Z]+\n[\s\S]*404-notFound[\s\S]*/);
    t.match(expected.join('\n'), /405-methodNotAllowed/);
    if (definition === (small as unknown as Document)) t.match(expected.join('\n'), /get \/a\/1\/b true: ab/);
  }
});
