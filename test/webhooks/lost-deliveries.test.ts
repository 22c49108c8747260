import t from 'tap';
import { repairLostDeliveries } from '../../src/modules/webhooks/delivery-repository.js';
import { createTestDatabase } from '../helpers/database.js';
import { createActor } from '../helpers/factories.js';
import { insertExecution, recordEvent } from '../helpers/webhook-events.js';

/** The sweep gives a job to a pending delivery left without one, and to nothing else. No workers run here. */

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.knex;
const owner = await createActor(db);
const organizationId = owner.organization.id;
await db('webhook_endpoints').insert({
  organization_id: organizationId,
  url: 'http://127.0.0.1:9/hook',
  secret: 'whsec_x',
});

const jobsOf = (deliveryId: string) =>
  db('jobs').whereRaw(`kind = 'deliver-webhook' and payload->>'deliveryId' = ?`, [deliveryId]);
const deliveryOf = async (eventId: string) =>
  String((await db('webhook_deliveries').where({ event_id: eventId }).first('id')).id);

t.test(
  'a pending delivery without a job gets one; a delivered one, one with a job or one waiting do not',
  async (t) => {
    const executionId = await insertExecution(db, organizationId);
    const first = await deliveryOf(await recordEvent(db, organizationId, executionId, 'CONVERSION_STARTED'));
    const second = await deliveryOf(await recordEvent(db, organizationId, executionId, 'CONVERSION_COMPLETED'));
    const otherExecution = await insertExecution(db, organizationId);
    const done = await deliveryOf(await recordEvent(db, organizationId, otherExecution, 'CONVERSION_STARTED'));
    await db('webhook_deliveries').where({ id: done }).update({ status: 'DELIVERED' });
    await db('jobs').delete();
    // The second waits on the first (its claim recorded it there): the first's end enqueues it.
    await db('webhook_deliveries')
      .where({ id: first })
      .update({ waiting_delivery_ids: [second] });

    t.equal(await repairLostDeliveries(db), 1, 'one delivery was lost');
    t.equal((await jobsOf(first)).length, 1, 'the lost delivery has a job again');
    t.same((await jobsOf(first))[0].payload, { deliveryId: first, executionId });
    t.equal((await jobsOf(first))[0].fair_key, organizationId);
    t.equal((await jobsOf(second)).length, 0, 'the waiting delivery is left to the one it waits on');
    t.equal((await jobsOf(done)).length, 0, 'a delivered one is left alone');
    t.equal(await repairLostDeliveries(db), 0, 'nothing left to repair');

    await db('webhook_deliveries').where({ id: first }).update({ status: 'FAILED' });
    t.equal(
      await repairLostDeliveries(db),
      1,
      'once the one it waited on ended without waking it, the second is repaired',
    );
    t.equal((await jobsOf(second)).length, 1);
  },
);
