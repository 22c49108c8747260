import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';

/**
 * The job loop owns the jobs table: only src/jobs/ writes it (other modules enqueue through a
 * kind's function or SQL fragment), and each queue's name is spelled in one place.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name));
}

const files = await sourceFiles(SRC);
const texts = await Promise.all(
  files.map(async (file) => ({ file: path.relative(SRC, file), text: await readFile(file, 'utf8') })),
);

t.test('only src/jobs/ writes the jobs table', async (t) => {
  const writes = /insert\s+into\s+jobs\b|update\s+jobs\b|delete\s+from\s+jobs\b|\(\s*'jobs'\s*\)/i;
  const outside = texts.filter(
    ({ file, text }) => !file.startsWith('jobs/') && !file.startsWith('db/migrations/') && writes.test(text),
  );
  t.same(
    outside.map(({ file }) => file),
    [],
  );
});

t.test("each queue's name is spelled once", async (t) => {
  for (const queue of ['cpu', 'io']) {
    const spelled = texts.filter(({ text }) => text.includes(`'${queue}'`)).map(({ file }) => file);
    t.same(spelled, ['jobs/types.ts'], queue);
  }
});
