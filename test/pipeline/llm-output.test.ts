import t from 'tap';
import { coerceToSchema } from '../../src/pipeline/llm/coerce-to-schema.js';
import { locateValues } from '../../src/pipeline/llm/locate-values.js';
import { ModelOutputError, parseModelOutput } from '../../src/pipeline/llm/repair-model-output.js';
import { strictSchema } from '../../src/pipeline/llm/strict-schema.js';

t.test('strictSchema: closed objects, all required, optional ones nullable, constraints described', async (t) => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      id: { type: 'string', pattern: '^[A-Z]+$', description: 'The id' },
      kind: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      owner: { $ref: '#/$defs/person' },
      note: { type: ['string', 'null'] },
      tags: { type: 'array', items: { type: 'string', maxLength: 10 }, minItems: 1 },
    },
    required: ['id'],
    $defs: { person: { type: 'object', properties: { name: { type: 'string' } } } },
  };
  t.same(strictSchema(schema), {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The id (pattern: "^[A-Z]+$")' },
      kind: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      owner: { anyOf: [{ $ref: '#/$defs/person' }, { type: 'null' }] },
      note: { type: ['string', 'null'] },
      tags: {
        type: ['array', 'null'],
        description: '(minItems: 1)',
        items: { type: 'string', description: '(maxLength: 10)' },
      },
    },
    required: ['id', 'kind', 'owner', 'note', 'tags'],
    additionalProperties: false,
    $defs: {
      person: {
        type: 'object',
        properties: { name: { type: ['string', 'null'] } },
        required: ['name'],
        additionalProperties: false,
      },
    },
  });
});

t.test('parseModelOutput: plain, fenced, with prose, truncated, sloppy', async (t) => {
  t.same(parseModelOutput('{"a": 1}'), { value: { a: 1 }, repaired: false });
  t.same(parseModelOutput('```json\n{"a": 1}\n```'), { value: { a: 1 }, repaired: true });
  t.same(parseModelOutput('Sure! {"a": "x}y"} is the answer {not json}').value, { a: 'x}y' });
  t.same(parseModelOutput('```\n{"a": [1, 2').value, { a: [1, 2] }, 'an unclosed fence and array');
  t.same(parseModelOutput("{'a': 'b', 'c': True, // note\n 'd': [1,2,],}").value, { a: 'b', c: true, d: [1, 2] });
  t.throws(() => parseModelOutput(''), { constructor: ModelOutputError, message: 'The answer was empty' });
  t.throws(() => parseModelOutput(null), { constructor: ModelOutputError, message: 'The answer was empty' });
  t.throws(() => parseModelOutput('I do not know'), { message: 'The answer holds no JSON object' });
  t.throws(() => parseModelOutput('[1, 2]'), { message: 'The answer is JSON but not an object' });
});

t.test('coerceToSchema fits values whose intent is plain, and records where', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      count: { type: 'integer' },
      paid: { type: 'boolean' },
      code: { type: 'string' },
      status: { type: 'string', enum: ['Open', 'Closed'] },
      due: { type: 'string', format: 'date' },
      amount: { type: 'number' },
      maybe: { type: ['number', 'null'] },
      lines: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } } } },
      meta: { type: 'object', properties: {}, additionalProperties: true },
    },
    required: ['count'],
  };
  const { value, coerced } = coerceToSchema(
    {
      count: '3',
      paid: 'yes',
      code: 12345,
      status: 'closed',
      due: '31.12.2024',
      amount: 'N/A',
      maybe: null,
      lines: { n: '1,5' },
      meta: { anything: 1 },
      invented: 'x',
    },
    schema,
    false,
  );
  t.same(value, {
    count: 3,
    paid: true,
    code: '12345',
    status: 'Closed',
    due: '2024-12-31',
    maybe: null,
    lines: [{ n: 1.5 }],
    meta: { anything: 1 },
  });
  t.same([...coerced].sort(), ['/amount', '/code', '/count', '/due', '/lines', '/lines/0/n', '/paid', '/status']);
  t.same(coerceToSchema({ count: 'many' }, schema, false).value, { count: 'many' }, 'left for validation to report');
});

t.test('locateValues: whole tokens only, table rows in order, numbers and dates normalised', async (t) => {
  const pages = ['Ref 112 and 12\nItem  Qty\nBolt  2\nNut   2\nDate 3 March 2024', 'Total 1 234,50'];
  const fields = locateValues(
    pages,
    {
      ref: '12',
      rows: [
        { name: 'Bolt', qty: 2 },
        { name: 'Nut', qty: 2 },
      ],
      date: '2024-03-03',
      total: 1234.5,
      flag: true,
    },
    new Set(),
    true,
  );
  const at = (path: string) => fields.find((field) => field.path === path);
  t.match(at('/ref'), { page: 1, start: 12, end: 14, text: '12', confidence: 0.95 });
  t.equal(at('/rows/0/qty')?.start, (pages[0]?.indexOf('Bolt  2') as number) + 6);
  t.equal(at('/rows/1/qty')?.start, (pages[0]?.indexOf('Nut   2') as number) + 6, 'the second row’s 2, not the first');
  t.match(at('/date'), { page: 1, text: '3 March 2024', confidence: 0.85 });
  t.match(at('/total'), { page: 2, text: '1 234,50', confidence: 0.85 });
  t.match(at('/flag'), { page: null, start: null, confidence: 0.5 });
});

t.test('locateValues: a value printed over lines without its commas is still found', async (t) => {
  const pages = ['Bill to:\nExample Corp\n1 Main Street\nSpringfield'];
  const [field] = locateValues(pages, { address: '1 Main Street, Springfield' }, new Set(), true);
  t.match(field, { page: 1, text: '1 Main Street\nSpringfield', confidence: 0.85 });
});
