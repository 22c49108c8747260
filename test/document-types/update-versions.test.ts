import t from 'tap';
import { createType, documentTypesApi, FULL_KEYS, ISO_DATE_TIME, UUID, visibleIds } from '../helpers/document-types.js';
import { addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';

/**
 * Updating document types with PUT and PATCH (both partial), status following isDraft, update
 * permissions, and the version snapshot taken before each update.
 */

const app = await buildTestApp(t);
const api = documentTypesApi(app);
const owner = await createActor(app.db, { slug: 'acme' });
const outsider = await createActor(app.db, { slug: 'outsider' });

function nonDecreasing(values: number[]): boolean {
  return values.every((value, index) => index === 0 || value >= (values[index - 1] ?? value));
}

async function versionCount(id: string): Promise<number> {
  const res = await api.versions(owner.headers, id);
  t.equal(res.statusCode, 200);
  return res.body.pagination.total;
}

for (const method of ['PUT', 'PATCH'] as const) {
  t.test(`${method} is a partial update answering the create shape`, async (t) => {
    const created = await createType(app, owner, {
      promptHints: 'hints',
      conversionMode: 'toon',
      keepPropertyOrdering: true,
    });
    const before = (await api.get(owner.headers, created.id)).body.data;

    const res = await api.update(owner.headers, created.id, { name: 'Renamed invoice' }, method);
    t.equal(res.statusCode, 200);
    t.same(Object.keys(res.body), ['data']);
    t.same(Object.keys(res.body.data).sort(), FULL_KEYS, 'the whole type, as a read does');
    t.equal(res.body.data.id, created.id);
    t.equal(res.body.data.name, 'Renamed invoice');
    t.equal(res.body.data.codeType, created.codeType);
    t.equal(res.body.data.createdAt, created.createdAt, 'createdAt never changes');
    t.match(res.body.data.updatedAt, ISO_DATE_TIME);
    t.ok(Date.parse(res.body.data.updatedAt) >= Date.parse(created.updatedAt), 'updatedAt moves forward');

    const after = (await api.get(owner.headers, created.id)).body.data;
    t.same(
      { ...after, name: before.name, updatedAt: before.updatedAt },
      before,
      'every field but name (and updatedAt) kept its value',
    );
  });

  t.test(`${method} changes every updatable field`, async (t) => {
    const created = await createType(app, owner);
    const jsonSchema = { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] };
    const changes = {
      name: 'Credit note',
      description: 'Credit notes from suppliers',
      jsonSchema,
      isDraft: false,
      isPublic: false,
      promptHints: 'Look for the word credit',
      identifyPromptHints: 'Negative totals',
      conversionMode: 'multi_prompt',
      keepPropertyOrdering: true,
    };
    const res = await api.update(owner.headers, created.id, changes, method);
    t.equal(res.statusCode, 200);
    const after = (await api.get(owner.headers, created.id)).body.data;
    t.match(after, { ...changes, status: 'published', source: 'USER', codeType: created.codeType });
    t.same(after.jsonSchema, jsonSchema);

    const cleared = await api.update(
      owner.headers,
      created.id,
      { promptHints: null, identifyPromptHints: null },
      method,
    );
    t.equal(cleared.statusCode, 200, 'hints can be cleared with null');
    const read = (await api.get(owner.headers, created.id)).body.data;
    t.equal(read.promptHints, null);
    t.equal(read.identifyPromptHints, null);
  });

  t.test(`${method}: a codeType sent is ignored`, async (t) => {
    const created = await createType(app, owner);
    const sent = `acme_changed_${method.toLowerCase()}`;
    const res = await api.update(owner.headers, created.id, { codeType: sent, name: 'Still here' }, method);
    t.equal(res.statusCode, 200);
    t.equal(res.body.data.codeType, created.codeType);
    t.equal(res.body.data.name, 'Still here');
    t.equal((await api.get(owner.headers, created.id)).body.data.codeType, created.codeType);
    const invalid = await api.update(owner.headers, created.id, { codeType: 'NOT VALID', description: 'x y' }, method);
    t.equal(invalid.statusCode, 200, 'even an invalid codeType is ignored');
    t.equal(invalid.body.data.codeType, created.codeType);
    const reuse = await api.create(owner.headers, documentTypeBody('acme', { codeType: sent }));
    t.equal(reuse.statusCode, 201, 'the code sent was never taken');
  });

  t.test(`${method}: status follows isDraft both ways`, async (t) => {
    const created = await createType(app, owner);
    t.equal(created.status, 'draft');

    const published = await api.update(owner.headers, created.id, { isDraft: false }, method);
    t.equal(published.statusCode, 200);
    t.equal(published.body.data.isDraft, false);
    t.equal(published.body.data.status, 'published');
    t.equal((await api.get(owner.headers, created.id)).body.data.status, 'published');

    const renamed = await api.update(owner.headers, created.id, { name: 'Still published' }, method);
    t.equal(renamed.body.data.status, 'published', 'an update without isDraft keeps the status');

    const same = await api.update(owner.headers, created.id, { isDraft: false }, method);
    t.equal(same.body.data.status, 'published', 'isDraft false again: still published');

    const draft = await api.update(owner.headers, created.id, { isDraft: true }, method);
    t.equal(draft.statusCode, 200);
    t.equal(draft.body.data.isDraft, true);
    t.equal(draft.body.data.status, 'draft');
    const read = (await api.get(owner.headers, created.id)).body.data;
    t.equal(read.status, 'draft');
    t.equal(read.isDraft, true);
    const listed = (await api.list(owner.headers, `search=${created.codeType}`)).body.data[0];
    t.equal(listed.status, 'draft', 'the list agrees');
  });

  t.test(`${method}: invalid bodies answer 400 and change nothing`, async (t) => {
    const created = await createType(app, owner);
    const cases: [string, unknown, string | null][] = [
      ['an empty body', {}, null],
      ['only unknown fields', { color: 'blue' }, null],
      ['only codeType', { codeType: 'acme_other_code' }, null],
      ['a 1-character name', { name: 'A' }, 'name'],
      ['a whitespace-padded 1-character name', { name: '  A  ' }, 'name'],
      ['a name of the wrong type', { name: 12 }, 'name'],
      ['an empty description', { description: '' }, 'description'],
      ['isDraft as a string', { isDraft: 'false' }, 'isDraft'],
      ['an unknown conversionMode', { conversionMode: 'xml' }, 'conversionMode'],
      ['keepPropertyOrdering as a string', { keepPropertyOrdering: 'yes' }, 'keepPropertyOrdering'],
      ['a jsonSchema that is not an object', { jsonSchema: 'object' }, 'jsonSchema'],
      ['a jsonSchema whose root is an array', { jsonSchema: { type: 'array' } }, 'jsonSchema'],
      [
        'a jsonSchema that does not compile',
        { jsonSchema: { type: 'object', properties: { a: { type: 'nonsense' } } } },
        'jsonSchema',
      ],
      ['a valid field next to an invalid one', { isDraft: false, jsonSchema: [] }, 'jsonSchema'],
    ];
    for (const [label, body, field] of cases) {
      const res = await api.update(owner.headers, created.id, body, method);
      t.equal(res.statusCode, 400, `${label}: 400`);
      t.type(res.body.message, 'string');
      t.ok(Array.isArray(res.body.errors) && res.body.errors.length > 0, `${label}: errors listed`);
      if (field) {
        t.ok(
          res.body.errors.some((error: string) => error.includes(field)),
          `${label}: an error names ${field}: ${JSON.stringify(res.body.errors)}`,
        );
      }
    }
    const none = await app.inject({ method, url: `/api/document-types/${created.id}`, headers: owner.headers });
    t.equal(none.statusCode, 400, 'no body at all: 400');

    const after = (await api.get(owner.headers, created.id)).body.data;
    t.equal(after.name, 'Invoice');
    t.equal(after.status, 'draft');
    t.equal(after.updatedAt, created.updatedAt, 'updatedAt untouched');
    t.equal(await versionCount(created.id), 0, 'no snapshot was written');
  });
}

t.test('a snapshot of the previous state is written before each update, newest first', async (t) => {
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const created = await createType(app, member, { name: 'Version zero' });
  const original = (await api.get(member.headers, created.id)).body.data;

  const empty = await api.versions(member.headers, created.id);
  t.equal(empty.statusCode, 200);
  t.same(empty.body, { data: [], pagination: { total: 0, page: 1, limit: 20 } }, 'a new type has no versions');

  t.equal((await api.update(member.headers, created.id, { name: 'Version one' }, 'PUT')).statusCode, 200);
  const afterFirst = (await api.get(member.headers, created.id)).body.data;
  t.equal((await api.update(member.headers, created.id, { isDraft: false }, 'PATCH')).statusCode, 200);
  const afterSecond = (await api.get(member.headers, created.id)).body.data;
  t.equal((await api.update(member.headers, created.id, { jsonSchema: { type: 'object' } }, 'PATCH')).statusCode, 200);

  const res = await api.versions(member.headers, created.id);
  t.equal(res.statusCode, 200);
  t.same(res.body.pagination, { total: 3, page: 1, limit: 20 });
  t.same(
    res.body.data.map((version: { version: number }) => version.version),
    [3, 2, 1],
    'newest first',
  );
  for (const version of res.body.data) {
    t.match(version.id, UUID);
    t.match(version.createdAt, ISO_DATE_TIME);
    t.equal(version.createdBy, member.user.id, 'createdBy is the user whose update took the snapshot');
    t.same(Object.keys(version.snapshot).sort(), FULL_KEYS, 'a snapshot is the whole type, schema included');
  }
  const [third, second, first] = res.body.data;
  t.same(first.snapshot, original, 'version 1 is the type as created');
  t.same(second.snapshot, afterFirst, 'version 2 is the type after the first update');
  t.same(third.snapshot, afterSecond, 'version 3 is the type after the second update');
  t.equal(first.snapshot.name, 'Version zero');
  t.equal(second.snapshot.status, 'draft');
  t.equal(third.snapshot.status, 'published');
  t.same(third.snapshot.jsonSchema, original.jsonSchema, 'the schema before it was replaced');

  const current = (await api.get(member.headers, created.id)).body.data;
  t.same(current.jsonSchema, { type: 'object' });

  const page = await api.versions(member.headers, created.id, 'page=2&limit=2');
  t.equal(page.statusCode, 200);
  t.same(page.body.pagination, { total: 3, page: 2, limit: 2 });
  t.same(
    page.body.data.map((version: { version: number }) => version.version),
    [1],
  );
  t.equal((await api.versions(member.headers, created.id, 'limit=0')).statusCode, 400);
  t.equal((await api.versions(member.headers, created.id, 'page=0')).statusCode, 400);
  t.equal((await api.versions(member.headers, created.id, 'limit=101')).statusCode, 400);

  const asOwner = await api.versions(owner.headers, created.id);
  t.equal(asOwner.body.pagination.total, 3, 'other members of the organization read the versions');
});

t.test('concurrent updates all succeed and each writes one snapshot, numbered without gaps', async (t) => {
  const created = await createType(app, owner);
  const names = Array.from({ length: 8 }, (_, index) => `Concurrent ${index}`);
  const responses = await Promise.all(
    names.map((name, index) => api.update(owner.headers, created.id, { name }, index % 2 ? 'PUT' : 'PATCH')),
  );
  t.same(
    responses.map((res) => res.statusCode),
    names.map(() => 200),
  );
  const versions = await api.versions(owner.headers, created.id, 'limit=100');
  t.equal(versions.body.pagination.total, names.length);
  t.same(
    versions.body.data.map((version: { version: number }) => version.version),
    names.map((_, index) => names.length - index),
    'versions 8..1, newest first',
  );
  const snapshotNames = versions.body.data.map((version: { snapshot: { name: string } }) => version.snapshot.name);
  t.equal(snapshotNames.at(-1), 'Invoice', 'the first snapshot is the type as created');
  const final = (await api.get(owner.headers, created.id)).body.data.name;
  t.notOk(snapshotNames.includes(final), 'the final state is the current type, not a snapshot');
  t.same(
    [...snapshotNames.slice(0, -1), final].sort(),
    [...names].sort(),
    'every update’s state was either snapshotted by the next one or is the current one',
  );
  const times = [
    ...versions.body.data.map((version: { snapshot: { updatedAt: string } }) => version.snapshot.updatedAt).reverse(),
    (await api.get(owner.headers, created.id)).body.data.updatedAt,
  ].map((time: string) => Date.parse(time));
  t.ok(nonDecreasing(times), `updatedAt never moves backwards from one version to the next: ${JSON.stringify(times)}`);
  const taken = versions.body.data.map((version: { createdAt: string }) => Date.parse(version.createdAt)).reverse();
  t.ok(nonDecreasing(taken), `snapshots are dated in version order: ${JSON.stringify(taken)}`);
});

t.test('a non-admin may update only types that user created (403 otherwise, nothing written)', async (t) => {
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const orgAdmin = await addActor(app.db, owner.organization, { role: 'admin' });
  const memberType = await createType(app, member);
  for (const [label, actor] of [
    ['the organization owner', owner],
    ['an organization admin', orgAdmin],
  ] as const) {
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await api.update(actor.headers, memberType.id, { name: 'Taken over' }, method);
      t.equal(res.statusCode, 403, `${label}, ${method}: 403`);
      t.type(res.body.message, 'string');
    }
  }
  const ownerType = await createType(app, owner);
  t.equal((await api.update(member.headers, ownerType.id, { isDraft: false })).statusCode, 403, 'member on owner’s');

  t.equal((await api.get(owner.headers, memberType.id)).body.data.name, 'Invoice');
  t.equal(await versionCount(memberType.id), 0, 'a refused update writes no snapshot');
  t.equal(await versionCount(ownerType.id), 0);

  const own = await api.update(member.headers, memberType.id, { name: 'Mine to change' });
  t.equal(own.statusCode, 200, 'a member updates the types that member created');
  t.equal(own.body.data.name, 'Mine to change');
});

t.test('an invalid update of another user’s type is refused without writing', async (t) => {
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const memberType = await createType(app, member);
  const res = await api.update(owner.headers, memberType.id, { name: 'A' });
  t.ok([400, 403].includes(res.statusCode), `an invalid update of someone else’s type is refused (${res.statusCode})`);
  t.equal(await versionCount(memberType.id), 0);
});

t.test('only a platform admin may set isPublic true', async (t) => {
  const created = await createType(app, owner);
  for (const method of ['PUT', 'PATCH'] as const) {
    const res = await api.update(owner.headers, created.id, { isPublic: true }, method);
    t.equal(res.statusCode, 403, `${method}: a non-admin setting isPublic true gets 403`);
    t.type(res.body.message, 'string');
  }
  const mixed = await api.update(owner.headers, created.id, { name: 'Sneaky', isPublic: true });
  t.equal(mixed.statusCode, 403, 'the whole update is refused');
  const read = (await api.get(owner.headers, created.id)).body.data;
  t.equal(read.isPublic, false);
  t.equal(read.name, 'Invoice', 'nothing of the refused update was applied');
  t.equal(await versionCount(created.id), 0, 'no snapshot was written');
  t.equal((await api.get(outsider.headers, created.id)).statusCode, 404, 'still private');

  const explicitFalse = await api.update(owner.headers, created.id, { isPublic: false });
  t.equal(explicitFalse.statusCode, 200, 'isPublic false is allowed');

  const platformAdmin = await addActor(app.db, owner.organization, { role: 'member', platformAdmin: true });
  const published = await api.update(platformAdmin.headers, created.id, { isPublic: true });
  t.equal(published.statusCode, 200, 'a platform admin may, even on a type someone else created');
  t.equal(published.body.data.isPublic, true);
  t.equal((await api.get(outsider.headers, created.id)).statusCode, 200, 'now every organization reads it');
  t.ok((await visibleIds(app, outsider)).includes(created.id));

  const versions = (await api.versions(owner.headers, created.id)).body.data;
  t.equal(versions[0].createdBy, platformAdmin.user.id);
  t.equal(versions[0].snapshot.isPublic, false);

  const unpublish = await api.update(platformAdmin.headers, created.id, { isPublic: false });
  t.equal(unpublish.statusCode, 200);
  t.equal((await api.get(outsider.headers, created.id)).statusCode, 404, 'private again');
});

t.test('a public type is readable but not writable by another organization’s non-admins', async (t) => {
  const admin = await createActor(app.db, { slug: 'platform', platformAdmin: true });
  const shared = (
    await api.create(admin.headers, documentTypeBody('platform', { codeType: 'shared_contract', isPublic: true }))
  ).body.data;
  for (const method of ['PUT', 'PATCH'] as const) {
    const res = await api.update(outsider.headers, shared.id, { name: 'Hijacked' }, method);
    t.equal(res.statusCode, 403, `${method}: 403`);
  }
  t.equal((await api.get(outsider.headers, shared.id)).body.data.name, 'Invoice');
  t.equal((await api.versions(admin.headers, shared.id)).body.pagination.total, 0);
});

t.test('members (not only owners and admins) create and update their own types', async (t) => {
  const member = await addActor(app.db, owner.organization, { role: 'member' });
  const created = await api.create(member.headers, documentTypeBody('acme'));
  t.equal(created.statusCode, 201);
  const updated = await api.update(member.headers, created.body.data.id, { isDraft: false }, 'PUT');
  t.equal(updated.statusCode, 200);
  t.equal(updated.body.data.status, 'published');
});

t.test('updating a deleted type answers 404', async (t) => {
  const created = await createType(app, owner);
  t.equal((await api.remove(owner.headers, created.id)).statusCode, 200);
  for (const method of ['PUT', 'PATCH'] as const) {
    t.equal((await api.update(owner.headers, created.id, { name: 'Back' }, method)).statusCode, 404);
  }
  t.equal((await api.versions(owner.headers, created.id)).statusCode, 404);
});

t.test('a new schema takes effect for validation at once', async (t) => {
  const created = await createType(app, owner, {
    jsonSchema: { type: 'object', properties: { total: { type: 'number' } } },
  });
  const before = await api.validate(owner.headers, created.id, { total: 'ten' });
  t.equal(before.body.valid, false);
  const changed = await api.update(owner.headers, created.id, {
    jsonSchema: { type: 'object', properties: { total: { type: 'string' } } },
  });
  t.equal(changed.statusCode, 200);
  const after = await api.validate(owner.headers, created.id, { total: 'ten' });
  t.equal(after.body.valid, true, 'validation uses the updated schema');
});

t.test('a versions page past the end is empty but still reports the total', async (t) => {
  const owner = await createActor(app.db);
  const created = await createType(app, owner);
  await api.update(owner.headers, created.id, { name: 'Second' });
  const beyond = await api.versions(owner.headers, created.id, 'page=5&limit=1');
  t.same(beyond.body, { data: [], pagination: { total: 1, page: 5, limit: 1 } });
});
