// Dependencies in src/ point one way, down the layers below, and no file imports itself back
// through a loop. The layers (the README's architecture section says the same):
//
//   entry           main.ts, service.ts and compose-workers.ts (the composition root), shutdown-signals.ts,
//                   seed-demo.ts, cli/
//   adapters        http/, modules/*/handlers.ts (operations), jobs/kinds/ (job kinds; their
//                   *-enqueue.ts files are infrastructure: modules enqueue through them)
//   modules         modules/ (services, repositories, rules)
//   infrastructure  jobs/, pipeline/, intake/, outbound/, storage/, db/, config.ts
//   foundation      json-schema/, errors.ts, logger.ts, free-port.ts
//
// A file may import its own layer or any layer below it. Imports are read from the text
// (static `import`/`export ... from` and `import('...')`), relative specifiers only.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';

const SRC = path.resolve(import.meta.dirname, '../../src');

const LAYERS = ['entry', 'adapters', 'modules', 'infrastructure', 'foundation'] as const;
type Layer = (typeof LAYERS)[number];

/** The layer of a file, from its path relative to src/ (with `/` separators). */
export function layerOf(file: string): Layer {
  const [top = '', second = ''] = file.split('/');
  if (
    ['main.ts', 'service.ts', 'compose-workers.ts', 'seed-demo.ts', 'shutdown-signals.ts'].includes(file) ||
    top === 'cli'
  ) {
    return 'entry';
  }
  if (top === 'http') return 'adapters';
  if (top === 'modules') return file.endsWith('/handlers.ts') ? 'adapters' : 'modules';
  if (top === 'jobs') return second === 'kinds' && !file.endsWith('-enqueue.ts') ? 'adapters' : 'infrastructure';
  if (['pipeline', 'intake', 'outbound', 'storage', 'db'].includes(top) || file === 'config.ts') {
    return 'infrastructure';
  }
  if (top === 'json-schema' || ['errors.ts', 'logger.ts', 'free-port.ts'].includes(file)) return 'foundation';
  throw new Error(`${file} is in no layer: add it to test/architecture/layering.test.ts and the README`);
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The files of src/ each file imports, as paths relative to src/. */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const relative = (full: string) => path.relative(root, full).split(path.sep).join('/');
  const known = new Set(files.map(relative));
  const graph = new Map<string, string[]>();
  for (const full of files) {
    const text = fs.readFileSync(full, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => relative(path.resolve(path.dirname(full), (match[1] ?? match[2]) as string)))
      .map((target) => target.replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(relative(full), [...new Set(targets)]);
  }
  return graph;
}

/** Every import cycle, each as the files around it (strongly connected components of size > 1, or a self-import). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    lowest.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(target) as number));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file) as number, index.get(target) as number));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Imports from a lower layer to a higher one, as `from -> to (from layer -> to layer)`. */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const rank = (file: string) => LAYERS.indexOf(layerOf(file));
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => rank(target) < rank(file))
      .map((target) => `${file} -> ${target} (${layerOf(file)} -> ${layerOf(target)})`),
  );
}

const graph = importGraph(SRC);

t.test('every file of src/ is in a layer', async (t) => {
  for (const file of graph.keys()) t.doesNotThrow(() => layerOf(file), file);
});

t.test('no file imports from a layer above its own', async (t) => {
  t.same(upwardImports(graph), []);
});

t.test('src/ has no import cycle', async (t) => {
  t.same(importCycles(graph), []);
});

t.test('the checks see what they look for', async (t) => {
  t.ok(graph.get('http/router.ts')?.includes('http/handler-types.ts'), 'the graph reads type-only imports');
  const synthetic = new Map([
    ['db/knex.ts', ['http/server.ts']],
    ['http/server.ts', ['db/knex.ts']],
    ['errors.ts', []],
  ]);
  t.same(upwardImports(synthetic), ['db/knex.ts -> http/server.ts (infrastructure -> adapters)']);
  t.same(importCycles(synthetic), [['db/knex.ts', 'http/server.ts']]);
  t.same(importCycles(new Map([['errors.ts', ['errors.ts']]])), [['errors.ts']]);
  t.equal(layerOf('modules/steps/handlers.ts'), 'adapters');
  t.equal(layerOf('jobs/kinds/run-execution-enqueue.ts'), 'infrastructure');
  t.equal(layerOf('jobs/kinds/run-execution.ts'), 'adapters');
});
