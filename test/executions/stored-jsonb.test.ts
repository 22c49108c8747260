import t from 'tap';
import { asStoredJsonb } from '../../src/modules/executions/transitions.js';
import { createTestDatabase } from '../helpers/database.js';

const database = await createTestDatabase();
t.teardown(() => database.drop());

t.test('asStoredJsonb gives a value back as a jsonb column does, key order included', async (t) => {
  const values: unknown[] = [
    {
      total: 123.45,
      invoice_number: 'INV-1',
      b: [{ zz: 1, a: null, ä: 'x', z: true }],
      é: 1,
      e: 2,
      aa: { y: 1, x: 2 },
    },
    { alternatives: [], confidence: 0.91, document_type: { code: 'invoice', confidence: 0.91, name: 'Invoice' } },
    [3, 'x', { b: 1, a: 2 }],
    { undefinedIsDropped: undefined, when: new Date('2026-01-02T03:04:05.678Z') },
  ];
  for (const value of values) {
    const { rows } = await database.knex.raw<{ rows: { v: unknown }[] }>('select ?::jsonb as v', [
      JSON.stringify(value),
    ]);
    t.equal(JSON.stringify(asStoredJsonb(value)), JSON.stringify(rows[0]?.v));
  }
  t.equal(asStoredJsonb(null), null);
});
