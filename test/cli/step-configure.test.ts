import t, { type Test } from 'tap';
import { createType } from '../helpers/document-types.js';
import { createActor } from '../helpers/factories.js';
import { childEnv, parseJson, type RunResult, runQuire } from '../helpers/processes.js';
import { buildTestApp } from '../helpers/server.js';
import { createStep, stepsApi } from '../helpers/steps.js';

/** `npx quire step configure`: the identification states the HTTP API cannot set. */

const app = await buildTestApp(t);
const api = stepsApi(app);
const env = childEnv({ DATABASE_URL: app.config.databaseUrl as string });
const quire = (...args: string[]) => runQuire(args, env);

const acme = await createActor(app.db, { slug: 'acme' });
const other = await createActor(app.db, { slug: 'other' });
const invoice = (await createType(app, acme, { codeType: 'acme_invoice', isDraft: false })).codeType;
const receipt = (await createType(app, acme, { codeType: 'acme_receipt', isDraft: false })).codeType;
const draft = (await createType(app, acme, { codeType: 'acme_draft' })).codeType;
const foreign = (await createType(app, other, { codeType: 'other_private', isDraft: false })).codeType;

function failedWith(t: Test, result: RunResult, code: number, message: RegExp) {
  t.equal(result.code, code, `exit ${code}`, { stderr: result.stderr });
  t.equal(result.stdout, '');
  t.match(result.stderr, message);
  t.notMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

t.test('--fixed-type fixes the type: the step reads [] and an empty list sent back is 409', async (t) => {
  const step = await createStep(app, acme, { identification: { types: [invoice, receipt] } });
  const result = await quire('step', 'configure', '--id', step.id, '--fixed-type', receipt);
  t.equal(result.code, 0, 'exit 0', { stderr: result.stderr });
  t.same(parseJson(result), {
    id: step.id,
    name: step.name,
    organizationId: acme.organization.id,
    autoIdentify: false,
    fixedDocumentTypeCode: receipt,
    configuredTypes: [invoice, receipt],
    identification: { types: [] },
  });
  t.same((await api.get(acme.headers, step.id)).body.data.identification.types, []);
  t.equal((await api.update(acme.headers, step.id, { identification: { types: [] } })).statusCode, 409);

  const [on, off] = await Promise.all([
    createStep(app, acme, { identification: { types: [invoice] } }),
    createStep(app, acme, { identification: { types: [invoice] } }),
  ]);
  const [switchedOff, stillFixed] = await Promise.all([
    quire('step', 'configure', '--id', off.id, '--auto-identify', 'off'),
    quire('step', 'configure', '--id', step.id, '--auto-identify', 'on'),
  ]);
  t.match(parseJson(switchedOff), {
    autoIdentify: false,
    fixedDocumentTypeCode: null,
    identification: { types: [invoice] },
  });
  t.match(
    parseJson(stillFixed),
    { autoIdentify: true, fixedDocumentTypeCode: null, identification: { types: [invoice, receipt] } },
    '--auto-identify on drops the fixed type and identifies among the kept list',
  );
  t.equal((await api.update(acme.headers, off.id, { identification: { types: [] } })).statusCode, 409);
  t.equal((await api.update(acme.headers, on.id, { identification: { types: [] } })).statusCode, 200);
});

t.test('bad arguments: usage errors exit 2, refused values exit 1', async (t) => {
  const step = await createStep(app, acme);
  const [neither, both, badSwitch, noId, draftType, foreignType, missing, unknownType] = await Promise.all([
    quire('step', 'configure', '--id', step.id),
    quire('step', 'configure', '--id', step.id, '--fixed-type', invoice, '--auto-identify', 'on'),
    quire('step', 'configure', '--id', step.id, '--auto-identify', 'maybe'),
    quire('step', 'configure', '--fixed-type', invoice),
    quire('step', 'configure', '--id', step.id, '--fixed-type', draft),
    quire('step', 'configure', '--id', step.id, '--fixed-type', foreign),
    quire('step', 'configure', '--id', '00000000-0000-4000-8000-000000000000', '--auto-identify', 'on'),
    quire('step', 'configure', '--id', step.id, '--fixed-type', 'acme_nothing'),
  ]);
  failedWith(t, neither, 2, /exactly one of --fixed-type/);
  failedWith(t, both, 2, /exactly one of --fixed-type/);
  failedWith(t, badSwitch, 2, /on or off/);
  failedWith(t, noId, 2, /--id/);
  failedWith(t, draftType, 1, /acme_draft.*not a published document type/);
  failedWith(t, foreignType, 1, /other_private.*not a published document type/);
  failedWith(t, missing, 1, /Step not found/);
  failedWith(t, unknownType, 1, /acme_nothing/);
  t.same((await api.get(acme.headers, step.id)).body.data.identification.types, [], 'nothing changed');
  const row = await app.db('steps').where('id', step.id).first();
  t.equal(row.auto_identify, true);
  t.equal(row.fixed_document_type_code, null);
});
