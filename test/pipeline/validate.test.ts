import t from 'tap';
import { validateExtraction } from '../../src/pipeline/validate.js';

const schema = {
  type: 'object',
  properties: {
    total: { type: 'number' },
    issued: { type: 'string', format: 'date' },
    lines: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
  },
  required: ['total'],
};

t.test('errors name the field; undeclared fields are warnings', async (t) => {
  t.same(validateExtraction({ total: 1, issued: '2024-12-31', lines: [{ amount: 2 }] }, schema), {
    valid: true,
    errors: { count: 0, messages: [] },
    warnings: { count: 0, messages: [] },
  });
  const result = validateExtraction({ total: '1', issued: '31/12/2024', lines: [{ amount: 2, sku: 'A' }] }, schema);
  t.equal(result.valid, false);
  t.equal(result.errors.count, 2);
  t.match(result.errors.messages.join('\n'), /total: must be number/);
  t.match(result.errors.messages.join('\n'), /issued: must match format "date"/);
  t.same(result.warnings, { count: 1, messages: ['lines[0].sku: is not declared by the schema'] });
});
