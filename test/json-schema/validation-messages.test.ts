import t from 'tap';
import { describeAjvError, pointerToPath } from '../../src/json-schema/validation-messages.js';

t.test('JSON pointers become field paths', async (t) => {
  t.equal(pointerToPath(''), '');
  t.equal(pointerToPath('/total'), 'total');
  t.equal(pointerToPath('/items/0/price'), 'items[0].price');
  t.equal(pointerToPath('/a~1b/c~0d'), 'a/b.c~d');
});

t.test('messages name the field', async (t) => {
  const base = { schemaPath: '#', data: null };
  t.equal(
    describeAjvError({ ...base, keyword: 'required', instancePath: '/customer', params: { missingProperty: 'name' } }),
    'customer.name: is required',
  );
  t.equal(
    describeAjvError({ ...base, keyword: 'required', instancePath: '', params: { missingProperty: 'id' } }),
    'id: is required',
  );
  t.equal(
    describeAjvError({
      ...base,
      keyword: 'type',
      instancePath: '/items/1/price',
      params: { type: 'number' },
      message: 'must be number',
    }),
    'items[1].price: must be number',
  );
  t.equal(
    describeAjvError({ ...base, keyword: 'enum', instancePath: '/mode', params: { allowedValues: ['json', 'toon'] } }),
    'mode: must be one of "json", "toon"',
  );
  t.equal(
    describeAjvError({ ...base, keyword: 'type', instancePath: '', params: {}, message: 'must be object' }, 'body'),
    'body: must be object',
  );
});
