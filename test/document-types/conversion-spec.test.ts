import t from 'tap';
import { documentTypesApi } from '../helpers/document-types.js';
import { createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

// conversionSpec, as the hosted service's Node SDK sends it.
const app = await buildTestApp(t);
const api = documentTypesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const columns = { columns: [{ header: 'Total', jsonPath: '$.total', type: 'data' }] };
const sheets = { sheets: [{ name: 'Items', columns: [{ header: 'Price', jsonPath: '$.items[*].price' }] }] };

t.test('stored on create, echoed by create, returned by a single read, absent from list items', async (t) => {
  const created = await api.create(owner.headers, documentTypeBody('acme', { conversionSpec: columns }));
  t.equal(created.statusCode, 201);
  t.same(created.body.data.conversionSpec, columns, 'create echoes it (the Node SDK checks)');
  const read = await api.get(owner.headers, created.body.data.id);
  t.same(read.body.data.conversionSpec, columns);
  const listed = await api.list(owner.headers);
  t.notOk('conversionSpec' in listed.body.data[0]);
});

t.test('defaults to null; on update absent keeps it, a value replaces it, null clears it', async (t) => {
  const created = await api.create(owner.headers, documentTypeBody('acme'));
  const { id } = created.body.data;
  t.equal((await api.get(owner.headers, id)).body.data.conversionSpec, null);

  const replaced = await api.update(owner.headers, id, { conversionSpec: sheets }, 'PUT');
  t.equal(replaced.statusCode, 200);
  t.same(replaced.body.data.conversionSpec, sheets, 'the update answers the new spec');
  t.same((await api.get(owner.headers, id)).body.data.conversionSpec, sheets);

  await api.update(owner.headers, id, { name: 'Renamed' });
  t.same((await api.get(owner.headers, id)).body.data.conversionSpec, sheets, 'absent keeps the stored spec');

  const cleared = await api.update(owner.headers, id, { conversionSpec: null });
  t.equal(cleared.statusCode, 200, 'null alone is an update');
  t.equal(cleared.body.data.conversionSpec, null, 'the update answers null after clearing it');
  t.equal((await api.get(owner.headers, id)).body.data.conversionSpec, null);
});

t.test('an invalid spec answers 400 naming conversionSpec', async (t) => {
  for (const conversionSpec of [{ columns: 'no' }, { columns: [{ jsonPath: '$.a' }] }, { rows: [] }, 'x']) {
    const res = await api.create(owner.headers, documentTypeBody('acme', { conversionSpec }));
    t.equal(res.statusCode, 400, JSON.stringify(conversionSpec));
    t.match(res.body.errors.join('\n'), /conversionSpec/);
  }
});
