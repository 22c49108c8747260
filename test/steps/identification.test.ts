import t from 'tap';
import { configureStepIdentification } from '../../src/modules/steps/configure.js';
import { createType, documentTypesApi } from '../helpers/document-types.js';
import { addActor, createActor, documentTypeBody } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, type StepBody, stepsApi } from '../helpers/steps.js';

/** identification.types: create and PATCH rules, the four read rules and the replay cases. */

const app = await buildTestApp(t);
const api = stepsApi(app);
const types = documentTypesApi(app);
const acme = await createActor(app.db, { slug: 'acme' });
const member = await addActor(app.db, acme.organization, { role: 'member' });
const beta = await createActor(app.db, { slug: 'beta' });
const platform = await createActor(app.db, { slug: 'platform', platformAdmin: true });

async function published(name: string) {
  return (await createType(app, acme, { codeType: `acme_${name}`, isDraft: false })).codeType;
}
const invoice = await published('invoice');
const receipt = await published('receipt');
const contract = await published('contract');
const acmeDraft = (await createType(app, acme, { codeType: 'acme_draft' })).codeType;
const betaPrivate = (await createType(app, beta, { codeType: 'beta_private', isDraft: false })).codeType;
async function platformType(codeType: string, isDraft: boolean) {
  const res = await types.create(platform.headers, documentTypeBody('platform', { codeType, isPublic: true, isDraft }));
  return res.body.data.codeType as string;
}
const publicPublished = await platformType('shared_receipt', false);
const publicDraft = await platformType('shared_draft', true);

async function typeIdOf(codeType: string): Promise<string> {
  const row = await app.db('document_types').where('code_type', codeType).first('id');
  return row.id;
}
async function deleteType(actor: typeof acme, codeType: string) {
  const res = await types.remove(actor.headers, await typeIdOf(codeType));
  if (res.statusCode !== 200) throw new Error(`deleting ${codeType} answered ${res.statusCode}`);
}
async function stepRow(id: string) {
  return app.db('steps').where('id', id).first();
}
async function readTypes(step: StepBody): Promise<string[]> {
  return (await api.get(member.headers, step.id)).body.data.identification.types;
}

t.test('create: published own and public types are accepted, in the order sent', async (t) => {
  const res = await api.create(acme.headers, { name: 'Mixed', identification: { types: [publicPublished, invoice] } });
  t.equal(res.statusCode, 201);
  t.same(res.body.data.identification, { types: [publicPublished, invoice] });
});

t.test('create: duplicate codes are collapsed', async (t) => {
  const step = await createStep(app, acme, {
    identification: { types: [invoice, receipt, invoice, receipt, invoice] },
  });
  t.same(step.identification.types, [invoice, receipt]);
  t.same((await stepRow(step.id)).identification_types, [invoice, receipt], 'stored collapsed');
});

t.test('create: omitted or empty identification means every accessible type', async (t) => {
  for (const body of [{}, { identification: { types: [] } }, { identification: {} }]) {
    const step = await createStep(app, acme, body);
    t.same(step.identification.types, []);
    const row = await stepRow(step.id);
    t.equal(row.auto_identify, true);
    t.equal(row.fixed_document_type_code, null);
  }
});

t.test('create: any inaccessible code is 400 with inaccessibleTypes and nothing is created', async (t) => {
  await createType(app, acme, { codeType: 'acme_gone', isDraft: false });
  await deleteType(acme, 'acme_gone');
  const inaccessible = [acmeDraft, publicDraft, betaPrivate, 'acme_never_existed', 'acme_gone', 'Not A Code'];
  const before = (await api.list(acme.headers)).body.pagination.total;
  for (const code of inaccessible) {
    const res = await api.create(acme.headers, { name: 'Bad', identification: { types: [invoice, code] } });
    t.equal(res.statusCode, 400, `${code} answers 400`);
    t.same(res.body.inaccessibleTypes, [code], `${code} is named, the accessible one is not`);
    t.equal(typeof res.body.message, 'string');
  }
  const all = await api.create(acme.headers, {
    name: 'Bad',
    identification: { types: [...inaccessible, invoice, acmeDraft] },
  });
  t.equal(all.statusCode, 400);
  t.same(all.body.inaccessibleTypes, inaccessible, 'every offending code, once each, in the order sent');
  t.equal((await api.list(acme.headers)).body.pagination.total, before, 'nothing was created');
});

t.test('create: a draft is refused even for its owner, and another organization cannot use it either', async (t) => {
  const own = await api.create(acme.headers, { name: 'Draft', identification: { types: [acmeDraft] } });
  t.same(own.body.inaccessibleTypes, [acmeDraft]);
  const foreign = await api.create(beta.headers, { name: 'Foreign', identification: { types: [invoice] } });
  t.same(foreign.body.inaccessibleTypes, [invoice], 'another organization’s published private type');
  const publicForBeta = await api.create(beta.headers, {
    name: 'Public',
    identification: { types: [publicPublished] },
  });
  t.equal(publicForBeta.statusCode, 201, 'a public published type is accessible to everyone');
});

t.test('read rule 3: codes of deleted types are dropped', async (t) => {
  await createType(app, acme, { codeType: 'acme_temp_one', isDraft: false });
  await createType(app, acme, { codeType: 'acme_temp_two', isDraft: false });
  const step = await createStep(app, acme, { identification: { types: ['acme_temp_one', invoice, 'acme_temp_two'] } });
  await deleteType(acme, 'acme_temp_one');
  t.same(await readTypes(step), [invoice, 'acme_temp_two']);
  await deleteType(acme, 'acme_temp_two');
  t.same(await readTypes(step), [invoice]);
  const listed = (await api.list(member.headers, 'limit=100')).body.data.find((item: StepBody) => item.id === step.id);
  t.same(listed.identification.types, [invoice], 'the list applies the same rule');
});

t.test('read rule 2: a step with a fixed document type reads []', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice, receipt] } });
  await configureStepIdentification(app.db, step.id, { fixedDocumentTypeCode: contract });
  t.same(await readTypes(step), []);
  const row = await stepRow(step.id);
  t.equal(row.fixed_document_type_code, contract);
  t.equal(row.auto_identify, false);
});

t.test('PATCH: the list replaces the whole list', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice, receipt] } });
  const res = await api.update(acme.headers, step.id, {
    identification: { types: [contract, contract, publicPublished] },
  });
  t.equal(res.statusCode, 200);
  t.same(res.body.data.identification.types, [contract, publicPublished], 'replaced, duplicates collapsed');
  t.same(await readTypes(step), [contract, publicPublished]);
});

t.test('PATCH: configured codes stay accepted after they become inaccessible; new ones are checked', async (t) => {
  await createType(app, acme, { codeType: 'acme_fading', isDraft: false });
  const step = await createStep(app, acme, { identification: { types: ['acme_fading'] } });
  await types.update(acme.headers, await typeIdOf('acme_fading'), { isDraft: true });

  const kept = await api.update(acme.headers, step.id, { identification: { types: ['acme_fading', invoice] } });
  t.equal(kept.statusCode, 200, 'the now-draft code is already configured, so it is accepted');
  t.same(kept.body.data.identification.types, ['acme_fading', invoice]);

  const added = await api.update(acme.headers, step.id, {
    name: 'Should not be written',
    identification: { types: ['acme_fading', acmeDraft, betaPrivate] },
  });
  t.equal(added.statusCode, 400);
  t.same(added.body.inaccessibleTypes, [acmeDraft, betaPrivate], 'only the newly added codes are checked');
  const read = (await api.get(acme.headers, step.id)).body.data;
  t.equal(read.name, 'Invoices', 'the other fields of the rejected request were discarded');
  t.same(read.identification.types, ['acme_fading', invoice]);

  const dropped = await api.update(acme.headers, step.id, { identification: { types: [invoice] } });
  t.equal(dropped.statusCode, 200);
  const readd = await api.update(acme.headers, step.id, { identification: { types: [invoice, 'acme_fading'] } });
  t.equal(readd.statusCode, 400, 'once removed, an inaccessible code cannot come back');
  t.same(readd.body.inaccessibleTypes, ['acme_fading']);
});

t.test(
  'PATCH: an empty list widens an automatic step and is 409 on a step without automatic identification',
  async (t) => {
    const auto = await createStep(app, acme, { identification: { types: [invoice] } });
    const widened = await api.update(acme.headers, auto.id, { identification: { types: [] } });
    t.equal(widened.statusCode, 200);
    t.same(widened.body.data.identification.types, []);
    t.same((await stepRow(auto.id)).identification_types, [], 'every accessible type');

    const off = await createStep(app, acme, { name: 'Off', identification: { types: [invoice] } });
    await configureStepIdentification(app.db, off.id, { autoIdentify: false });
    const refused = await api.update(acme.headers, off.id, { name: 'Renamed', identification: { types: [] } });
    t.equal(refused.statusCode, 409);
    t.match(refused.body.message, /automatic identification/);
    const read = (await api.get(acme.headers, off.id)).body.data;
    t.equal(read.name, 'Off', 'nothing of the request was written');
    t.same(read.identification.types, [invoice]);
  },
);

t.test('PATCH: a non-empty list turns automatic identification on and replaces a fixed type', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice] } });
  await configureStepIdentification(app.db, step.id, { fixedDocumentTypeCode: receipt });
  const res = await api.update(acme.headers, step.id, { identification: { types: [contract] } });
  t.equal(res.statusCode, 200);
  t.same(res.body.data.identification.types, [contract]);
  const row = await stepRow(step.id);
  t.equal(row.auto_identify, true);
  t.equal(row.fixed_document_type_code, null);
});

t.test('replay 1: a fixed-type step reads [] and sending that back is 409', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice] } });
  await configureStepIdentification(app.db, step.id, { fixedDocumentTypeCode: receipt });
  const read = (await api.get(acme.headers, step.id)).body.data;
  t.same(read.identification, { types: [] });
  const replay = await api.update(acme.headers, step.id, { identification: read.identification });
  t.equal(replay.statusCode, 409);
  t.equal((await stepRow(step.id)).fixed_document_type_code, receipt, 'still fixed');
});

t.test('replay 2: automatic identification off with a kept list reads it; sending it back turns it on', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice, receipt] } });
  await configureStepIdentification(app.db, step.id, { autoIdentify: false });
  const read = (await api.get(acme.headers, step.id)).body.data;
  t.same(read.identification, { types: [invoice, receipt] }, 'reads non-empty');
  const replay = await api.update(acme.headers, step.id, { identification: read.identification });
  t.equal(replay.statusCode, 200);
  t.same(replay.body.data.identification.types, [invoice, receipt]);
  t.equal((await stepRow(step.id)).auto_identify, true, 'automatic identification is on again');
});

t.test('replay 3: a step whose types were all deleted reads []; sending it back widens it to every type', async (t) => {
  await createType(app, acme, { codeType: 'acme_short_lived', isDraft: false });
  const step = await createStep(app, acme, { identification: { types: ['acme_short_lived'] } });
  await deleteType(acme, 'acme_short_lived');
  const read = (await api.get(acme.headers, step.id)).body.data;
  t.same(read.identification, { types: [] });
  const replay = await api.update(acme.headers, step.id, { identification: read.identification });
  t.equal(replay.statusCode, 200);
  const row = await stepRow(step.id);
  t.same(row.identification_types, [], 'the dead code is gone: every accessible type');
  t.equal(row.auto_identify, true);
});

t.test('PATCH: the fixed type counts as configured', async (t) => {
  await createType(app, acme, { codeType: 'acme_fixed_then_draft', isDraft: false });
  const step = await createStep(app, acme);
  await configureStepIdentification(app.db, step.id, { fixedDocumentTypeCode: 'acme_fixed_then_draft' });
  await types.update(acme.headers, await typeIdOf('acme_fixed_then_draft'), { isDraft: true });
  const res = await api.update(acme.headers, step.id, { identification: { types: ['acme_fixed_then_draft'] } });
  t.equal(res.statusCode, 200);
  t.same(res.body.data.identification.types, ['acme_fixed_then_draft']);
});

t.test('PATCH: identification with other fields writes them together', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice] } });
  const res = await api.update(acme.headers, step.id, {
    name: 'Both',
    description: 'Together',
    isActive: false,
    identification: { types: [receipt] },
  });
  t.equal(res.statusCode, 200);
  t.match(res.body.data, {
    name: 'Both',
    description: 'Together',
    isActive: false,
    identification: { types: [receipt] },
  });
});
