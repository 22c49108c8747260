import t from 'tap';
import { GUARDED_WRITE_ATTEMPTS } from '../../src/modules/steps/service.js';
import { createType, documentTypesApi } from '../helpers/document-types.js';
import { createActor } from '../helpers/factories.js';
import { buildTestApp, type InjectedResponse } from '../helpers/server.js';
import { createStep, type StepBody, stepsApi } from '../helpers/steps.js';

/**
 * Concurrent writes: writes with identification.types are version-guarded and
 * retried, never lost and never applied on a stale check; name/description/isActive are
 * last-write-wins; the only answers are 200 and 409. No timing is asserted, only outcomes.
 */

const app = await buildTestApp(t);
const api = stepsApi(app);
const acme = await createActor(app.db, { slug: 'acme' });
const codes: string[] = [];
for (let i = 0; i < 6; i++) {
  codes.push((await createType(app, acme, { codeType: `acme_type_${i}`, isDraft: false })).codeType);
}

/** The successful answer written last: the highest updatedAt (the row lock orders writes). */
function lastWritten(responses: InjectedResponse[]): StepBody[] {
  const ok = responses.filter((res) => res.statusCode === 200).map((res) => res.body.data as StepBody);
  // ISO strings sort chronologically; they carry milliseconds, so writes in the same
  // millisecond tie and all count as candidates.
  const latest = ok
    .map((step) => step.updatedAt)
    .sort()
    .at(-1);
  return ok.filter((step) => step.updatedAt === latest);
}

t.test('many concurrent list writes: only 200 or 409, and the stored list is the last one written', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [codes[0]] } });
  const lists = Array.from(
    { length: 24 },
    (_, i) => [codes[i % 6], codes[(i + 1) % 6], codes[(i * 5) % 6]] as string[],
  );
  const responses = await Promise.all(
    lists.map((types) => api.update(acme.headers, step.id, { identification: { types } })),
  );
  const statuses = responses.map((res) => res.statusCode);
  t.ok(
    statuses.every((status) => status === 200 || status === 409),
    `only 200 or 409: ${statuses.join(',')}`,
  );
  t.ok(statuses.includes(200), 'at least one write went through');
  responses.forEach((res, i) => {
    if (res.statusCode === 200) {
      t.same(res.body.data.identification.types, [...new Set(lists[i])], `write ${i} answered what it wrote`);
    }
  });
  const final = (await api.get(acme.headers, step.id)).body.data as StepBody;
  const candidates = lastWritten(responses).map((written) => written.identification.types);
  t.ok(
    candidates.some((types) => JSON.stringify(types) === JSON.stringify(final.identification.types)),
    'the stored list is the one the last successful write answered with',
  );
});

t.test('list writes and detail writes interleaved: neither kind undoes the other', async (t) => {
  const step = await createStep(app, acme, { name: 'Start', identification: { types: [codes[0]] } });
  const typeWrites = Array.from({ length: 10 }, (_, i) =>
    api.update(acme.headers, step.id, { identification: { types: [codes[i % 6]] } }),
  );
  const nameWrites = Array.from({ length: 10 }, (_, i) => api.update(acme.headers, step.id, { name: `Name ${i}` }));
  const flagWrites = Array.from({ length: 4 }, (_, i) => api.update(acme.headers, step.id, { isActive: i % 2 === 0 }));
  const [typeResponses, nameResponses, flagResponses] = await Promise.all([
    Promise.all(typeWrites),
    Promise.all(nameWrites),
    Promise.all(flagWrites),
  ]);
  t.ok(
    nameResponses.every((res) => res.statusCode === 200),
    'detail-only writes are never refused',
  );
  t.ok(flagResponses.every((res) => res.statusCode === 200));
  t.ok(typeResponses.every((res) => res.statusCode === 200 || res.statusCode === 409));

  const final = (await api.get(acme.headers, step.id)).body.data as StepBody;
  const lastTypes = lastWritten(typeResponses).map((written) => JSON.stringify(written.identification.types));
  t.ok(lastTypes.includes(JSON.stringify(final.identification.types)), 'the last list written is kept');
  const lastNames = lastWritten(nameResponses).map((written) => written.name);
  t.ok(lastNames.includes(final.name), 'the last name written wins');
});

t.test('a list write is never applied on a stale accessibility check', async (t) => {
  // The step has a configured code that is no longer accessible. One request replaces the list
  // with [B]; another sends [A, C], valid only while A is still configured. Whatever the order,
  // the result must be [B]: either [A, C] went first and [B] replaced it, or [B] went first and
  // [A, C] was re-checked against it and refused (400). Without the version guard, [A, C] could
  // be checked against the old list and written after [B].
  const types = documentTypesApi(app);
  for (let round = 0; round < 10; round++) {
    const fading = await createType(app, acme, { codeType: `acme_fading_${round}`, isDraft: false });
    const step = await createStep(app, acme, { identification: { types: [fading.codeType] } });
    await types.update(acme.headers, fading.id, { isDraft: true });
    const [replace, keep] = await Promise.all([
      api.update(acme.headers, step.id, { identification: { types: [codes[1]] } }),
      api.update(acme.headers, step.id, { identification: { types: [fading.codeType, codes[2]] } }),
    ]);
    t.equal(replace.statusCode, 200, `round ${round}: the valid replacement succeeds`);
    t.ok([200, 400].includes(keep.statusCode), `round ${round}: the other is applied first or refused`);
    const final = (await api.get(acme.headers, step.id)).body.data as StepBody;
    t.same(final.identification.types, [codes[1]], `round ${round}: the stored list is [B]`);
  }
});

t.test('sustained contention answers 409 after the retries, and nothing is written', async (t) => {
  // A trigger makes every update of this one step a no-op, exactly what losing the version
  // race to another writer looks like; the step itself stays readable.
  const step = await createStep(app, acme, { name: 'Contended', identification: { types: [codes[0]] } });
  await app.db.raw(`
    create table contended_attempts (at timestamptz not null default clock_timestamp());
    create function skip_contended_update() returns trigger language plpgsql as
      $$ begin insert into contended_attempts default values; return null; end $$;
    create trigger contended before update on steps for each row
      when (old.name = 'Contended') execute function skip_contended_update();
  `);
  t.teardown(() =>
    app.db.raw(
      'drop trigger contended on steps; drop function skip_contended_update(); drop table contended_attempts;',
    ),
  );
  const res = await api.update(acme.headers, step.id, { identification: { types: [codes[3]] } });
  t.equal(res.statusCode, 409);
  t.match(res.body.message, /retry/);
  const [attempts] = await app.db('contended_attempts').count<{ count: number }[]>({ count: '*' });
  t.equal(Number(attempts?.count), GUARDED_WRITE_ATTEMPTS, 'the write was re-read and retried before giving up');
  t.ok(GUARDED_WRITE_ATTEMPTS > 1);
  t.same((await api.get(acme.headers, step.id)).body.data.identification.types, [codes[0]]);
});
