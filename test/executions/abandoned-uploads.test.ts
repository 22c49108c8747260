import t from 'tap';
import { deleteAbandonedUploads } from '../../src/modules/executions/abandoned-uploads.js';
import { postgresDocumentStorage } from '../../src/storage/postgres-document-storage.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, insertExecution } from '../helpers/steps.js';

const app = await buildTestApp(t);
const owner = await createActor(app.db);
const step = await createStep(app, owner);
const target = { id: step.id, organizationId: owner.organization.id };

t.test('an upload abandoned for over 30 minutes is deleted with its bytes; others stay', async (t) => {
  const hoursAgo = new Date(Date.now() - 2 * 3600_000);
  const abandoned = await insertExecution(app.db, target, { status: 'ENQUEUED', uploadingSince: hoursAgo });
  await postgresDocumentStorage.save(app.db, abandoned, Buffer.from('half a document'), 1024);
  const arriving = await insertExecution(app.db, target, { status: 'ENQUEUED', uploadingSince: new Date() });
  const finished = await insertExecution(app.db, target, { status: 'SUCCESS', createdAt: hoursAgo });

  t.equal(await deleteAbandonedUploads(app.db), 1);
  const left = (await app.db('executions').select('id')).map((row: { id: string }) => row.id).sort();
  t.same(left, [arriving, finished].sort());
  const chunks = await app
    .db('execution_document_chunks')
    .where('execution_id', abandoned)
    .count<{ count: number }[]>({ count: '*' });
  t.equal(Number(chunks[0]?.count), 0, 'its bytes went with it');
  t.equal(await deleteAbandonedUploads(app.db), 0, 'idempotent');
});
