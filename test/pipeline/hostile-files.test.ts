import t from 'tap';
import { PipelineError } from '../../src/pipeline/pipeline-error.js';
import { PipelineWorkers } from '../../src/pipeline/stages/bounded-stages.js';
import { source } from './fixtures.js';

/**
 * Documents built to exhaust the converter: each ends at once with a conversion error naming the
 * problem (the document's fault, so not retried), inside the bounded stage threads.
 */

const workers = new PipelineWorkers({ threads: 1 });
t.teardown(() => workers.close());

async function conversionError(bytes: Buffer | string, contentType: string | null, filename: string | null = null) {
  const error = await workers.convert(source(bytes, contentType, filename)).then(
    () => new Error('converted'),
    (failure: unknown) => failure,
  );
  if (error instanceof PipelineError && error.stage === 'conversion') return error.message;
  throw error;
}

const LEVELS = 100_000;

t.test('JSON nested 100,000 levels deep is refused before it is walked', async (t) => {
  const json = `${'{"a":['.repeat(LEVELS / 2)}1${']}'.repeat(LEVELS / 2)}`;
  t.equal(
    await conversionError(json, 'application/json'),
    `The JSON document nests ${LEVELS} levels deep; at most 1000 levels can be read`,
  );
  const brackets = `["${'['.repeat(5000)}"]`;
  t.notOk(
    await workers.convert(source(brackets, 'application/json')).then(() => null),
    'brackets inside strings do not count',
  );
});

t.test('HTML nested 100,000 levels deep fails as the document being too deep', async (t) => {
  const closed = `<html><body>${'<div>'.repeat(LEVELS)}Total: 5${'</div>'.repeat(LEVELS)}</body></html>`;
  t.equal(await conversionError(closed, 'text/html'), 'The HTML document is nested too deeply to be read');
  const unclosed = `<html><body>${'<b>'.repeat(LEVELS)}Total: 5`;
  t.equal(await conversionError(unclosed, 'text/html'), 'The HTML document is nested too deeply to be read');
});
