import t, { type Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/http/server.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase } from '../helpers/database.js';
import { addActor } from '../helpers/factories.js';
import {
  childEnv,
  freePort,
  parseJson,
  type RunResult,
  runQuire,
  sleep,
  start,
  waitForExit,
} from '../helpers/processes.js';

// Each `node bin/quire.js …` costs about a second, so independent commands run side by side.

const database = await createTestDatabase();
// The CLI's changes are looked at the moment it exits: no key cache (its own test covers it).
const config = loadConfig({
  DATABASE_URL: database.url,
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
  AUTH_CACHE_MS: '0',
});
const server = await createServer({ config, db: database.knex, logger: createLogger(config.logLevel) });
t.teardown(async () => {
  await server.stop();
  await database.drop();
});

const env = childEnv({ DATABASE_URL: database.url });
const quire = (...args: string[]) => runQuire(args, env);

async function authOk(key: string) {
  const response = await server.inject({
    method: 'GET',
    url: '/api/auth/ok',
    headers: { authorization: `Bearer ${key}` },
  });
  return { statusCode: response.statusCode, body: JSON.parse(response.payload) };
}

/** A failed command: the exit code, nothing on stdout, one `quire: …` message and no stack trace. */
function failedWith(t: Test, result: RunResult, code: number, message: RegExp) {
  t.equal(result.code, code, `exit ${code}`, { stderr: result.stderr });
  t.equal(result.stdout, '', 'nothing on stdout');
  t.match(result.stderr, /^quire: /, 'stderr starts with "quire: "');
  t.match(result.stderr, message);
  t.notMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

const ownerEmail = 'owner@acme.test';
const adminEmail = 'root@quire.test';

t.test('org create and user create print the created records as JSON', async (t) => {
  const [org, user, admin] = await Promise.all([
    quire('org', 'create', '--slug', 'acme', '--name', 'Acme Inc'),
    quire('user', 'create', '--email', ownerEmail),
    quire('user', 'create', '--email', adminEmail, '--platform-admin'),
  ]);
  t.equal(org.code, 0, 'org create exits 0', { stderr: org.stderr });
  const organization = parseJson(org);
  t.match(organization, { id: /^[0-9a-f-]{36}$/, slug: 'acme', name: 'Acme Inc' });
  t.same(Object.keys(organization).sort(), ['id', 'name', 'slug']);

  t.equal(user.code, 0, 'user create exits 0', { stderr: user.stderr });
  t.match(parseJson(user), { id: /^[0-9a-f-]{36}$/, email: ownerEmail, isPlatformAdmin: false });
  t.equal(admin.code, 0, 'user create --platform-admin exits 0', { stderr: admin.stderr });
  t.match(parseJson(admin), { email: adminEmail, isPlatformAdmin: true });

  const row = await database.knex('users').where({ email: adminEmail }).first('is_platform_admin');
  t.equal(row?.is_platform_admin, true, 'the flag is stored');
});

t.test('bad input: clear messages, exit 1 for rejected data and 2 for usage errors', async (t) => {
  const [duplicate, badSlug, badRole, unknown, noCommand, missing, noValue] = await Promise.all([
    quire('org', 'create', '--slug', 'acme', '--name', 'Again'),
    quire('org', 'create', '--slug', 'Not A Slug', '--name', 'X'),
    quire('member', 'add', '--org', 'acme', '--email', ownerEmail, '--role', 'boss'),
    quire('org', 'rename', '--slug', 'acme'),
    quire(),
    quire('org', 'create', '--slug', 'nameless'),
    quire('key', 'create', '--email', ownerEmail, '--org'),
  ]);
  failedWith(t, duplicate, 1, /Organization "acme" already exists/);
  failedWith(t, badSlug, 1, /Invalid slug "Not A Slug"/);
  failedWith(t, badRole, 1, /Invalid role "boss": use owner, admin, member/);

  failedWith(t, unknown, 2, /unknown command "org rename"/);
  t.match(unknown.stderr, /usage: quire <command>/, 'unknown command prints the usage');
  t.equal(noCommand.code, 2, 'no command exits 2');
  t.match(noCommand.stderr, /usage: quire <command>/, 'no command prints the usage on stderr');
  failedWith(t, missing, 2, /--name <value> is required/);
  failedWith(t, noValue, 2, /--org needs a value/);

  t.notOk(await database.knex('organizations').where({ slug: 'nameless' }).first('id'), 'nothing created');
  const orgs = await database.knex('organizations').whereIn('slug', ['acme', 'nameless']).select('name');
  t.same(
    orgs.map((o) => o.name),
    ['Acme Inc'],
    'the duplicate did not change the existing organization',
  );
});

let orgKey: { id: string; key: string };

t.test('member add, then key create with and without --org', async (t) => {
  const added = await quire('member', 'add', '--org', 'acme', '--email', ownerEmail, '--role', 'owner');
  t.equal(added.code, 0, 'member add exits 0', { stderr: added.stderr });
  t.match(parseJson(added), { organization: 'acme', email: ownerEmail, role: 'owner' });

  const [withOrg, withoutOrg] = await Promise.all([
    quire('key', 'create', '--email', ownerEmail, '--org', 'acme', '--name', 'ci'),
    quire('key', 'create', '--email', ownerEmail),
  ]);
  t.equal(withOrg.code, 0, 'key create --org exits 0', { stderr: withOrg.stderr });
  orgKey = parseJson(withOrg);
  t.match(orgKey, { id: /^[0-9a-f-]{36}$/, key: /^dtq_/, organization: 'acme' });
  t.same(Object.keys(orgKey).sort(), ['id', 'key', 'organization']);
  const stored = await database.knex('api_keys').where({ id: orgKey.id }).first();
  t.equal(stored?.name, 'ci', '--name is stored');
  t.notOk(JSON.stringify(stored).includes(orgKey.key), 'only a hash of the key is stored');

  const ok = await authOk(orgKey.key);
  t.equal(ok.statusCode, 200, 'the key authenticates');
  t.match(ok.body, { ok: true, user: { email: ownerEmail }, organization: { slug: 'acme' }, role: 'owner' });

  t.equal(withoutOrg.code, 0, 'key create without --org exits 0', { stderr: withoutOrg.stderr });
  const unbound = parseJson(withoutOrg);
  t.match(unbound, { id: /^[0-9a-f-]{36}$/, key: /^dtq_/, organization: null });
  t.not(unbound.key, orgKey.key);
  const forbidden = await authOk(unbound.key);
  t.equal(forbidden.statusCode, 403, 'a key without organization gets 403');
  t.match(forbidden.body, { message: /not bound to an organization/ });
});

t.test('member remove takes access away; key revoke makes the key unknown', async (t) => {
  const organization = await database.knex('organizations').where({ slug: 'acme' }).first('id', 'slug', 'name');
  const leaving = await addActor(database.knex, organization, { role: 'member' });
  t.equal((await authOk(leaving.key)).statusCode, 200, 'the member key works before removal');

  const [removed, revoked] = await Promise.all([
    quire('member', 'remove', '--org', 'acme', '--email', leaving.user.email),
    quire('key', 'revoke', '--id', orgKey.id),
  ]);
  t.equal(removed.code, 0, 'member remove exits 0', { stderr: removed.stderr });
  t.match(parseJson(removed), { organization: 'acme', email: leaving.user.email, removed: true });
  const afterRemoval = await authOk(leaving.key);
  t.equal(afterRemoval.statusCode, 403, 'a removed member gets 403');
  t.match(afterRemoval.body, { message: /no longer a member/ });

  t.equal(revoked.code, 0, 'key revoke exits 0', { stderr: revoked.stderr });
  t.same(parseJson(revoked), { id: orgKey.id, revoked: true });
  t.equal((await authOk(orgKey.key)).statusCode, 401, 'a revoked key gets 401');

  const again = await quire('key', 'revoke', '--id', orgKey.id);
  failedWith(t, again, 1, /No active API key/);
});

t.test('retention set and show: days or keep, per organization', async (t) => {
  const set = await quire('retention', 'set', '--org', 'acme', '--document-days', '30', '--result-days', 'keep');
  t.equal(set.code, 0, 'retention set exits 0', { stderr: set.stderr });
  t.match(parseJson(set), { documentRetentionDays: 30, resultRetentionDays: null, updatedAt: String });
  const [show, bad, zero] = await Promise.all([
    quire('retention', 'show', '--org', 'acme'),
    quire('retention', 'set', '--org', 'acme', '--document-days', 'soon'),
    quire('retention', 'set', '--org', 'acme', '--result-days', '0'),
  ]);
  t.match(parseJson(show), { documentRetentionDays: 30, resultRetentionDays: null });
  failedWith(t, bad, 2, /--document-days must be a number of days or keep/);
  failedWith(t, zero, 1, /resultRetentionDays: must be a whole number of days from 1 to 36500/);
});

t.test('serve on DATABASE_URL: answers, seeds nothing, SIGTERM stops it gracefully with exit 0', async (t) => {
  const port = await freePort();
  const child = start(['bin/quire.js', 'serve'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  t.teardown(async () => {
    if (!child.hasExited()) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  });
  const deadline = Date.now() + 90_000;
  let healthy = false;
  while (!healthy && !child.hasExited() && Date.now() < deadline) {
    healthy = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) await sleep(250);
  }
  t.ok(healthy, '/healthz answers', { stderr: child.stderr() });
  child.process.kill('SIGTERM');
  const result = await waitForExit(child, 60_000);
  t.equal(result.code, 0, 'exit 0 after SIGTERM', { signal: result.signal, stderr: result.stderr });
  t.match(result.stdout, /"msg":"stopped"/, 'the graceful stop ran to its end');
  t.notMatch(result.stderr, /dtq_/, 'no demo key on DATABASE_URL');
  t.notOk(await database.knex('organizations').where({ slug: 'demo' }).first('id'), 'no demo organization');
});
