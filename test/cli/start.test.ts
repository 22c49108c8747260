import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import {
  type Child,
  childEnv,
  freePort,
  parseJson,
  runQuire,
  sleep,
  start,
  waitForExit,
} from '../helpers/processes.js';

// `npm start` end to end on the embedded PostgreSQL: first start seeds `demo` and prints its key,
// the CLI joins the running cluster, SIGTERM stops cleanly, a second start reuses the data.
// Every wait is bounded but generous: initdb on a busy machine takes a while.

t.setTimeout(600_000);

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;
const DEMO_OWNER = 'owner@demo.quire.local';

const children = new Set<Child>();

/** Stops a child still running at teardown: SIGTERM, then SIGKILL if it does not go. */
async function stopChild(child: Child): Promise<void> {
  if (child.hasExited()) return;
  child.process.kill('SIGTERM');
  await waitForExit(child, 30_000);
}

/** A PostgreSQL left running from `dataDir` (its postmaster was started by our child): stop it. */
async function stopLeftoverCluster(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 40 && existsSync(pidFile); i++) await sleep(250);
}

async function makeDataDir(t: Test): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-start-'));
  // Tests may run as root; PostgreSQL then runs as `postgres`, who must reach the directory.
  await fs.chmod(dir, 0o755);
  t.teardown(async () => {
    await Promise.all([...children].map(stopChild));
    await stopLeftoverCluster(dir);
    await fs.rm(dir, { recursive: true, force: true });
  });
  return dir;
}

interface Running {
  readonly child: Child;
  readonly baseUrl: string;
}

/** `node --import tsx src/main.ts` without DATABASE_URL; resolves once /healthz answers. */
async function startService(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = start(
    ['--import', 'tsx', 'src/main.ts'],
    childEnv({ DATABASE_URL: undefined, QUIRE_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }),
  );
  children.add(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      throw new Error(`quire exited during start-up:\n${child.stderr()}\n${child.stdout()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`/healthz did not answer within ${START_TIMEOUT_MS} ms:\n${child.stderr()}\n${child.stdout()}`);
}

async function authOk(baseUrl: string, key: string) {
  const response = await fetch(`${baseUrl}/api/auth/ok`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function stopWithSigterm(t: Test, running: Running, dataDir: string) {
  running.child.process.kill('SIGTERM');
  const result = await waitForExit(running.child, STOP_TIMEOUT_MS);
  t.equal(result.code, 0, 'SIGTERM: exits 0', { signal: result.signal, stderr: result.stderr });
  t.notOk(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), 'the embedded PostgreSQL was stopped');
}

t.test('bad configuration stops start-up with one line naming the variable', async (t) => {
  const dataDir = await makeDataDir(t);
  const run = (overrides: Record<string, string>) =>
    waitForExit(
      start(
        ['--import', 'tsx', 'src/main.ts'],
        childEnv({ DATABASE_URL: undefined, QUIRE_DATA_DIR: dataDir, ...overrides }),
      ),
      START_TIMEOUT_MS,
    );
  const [badPort, badUrl] = await Promise.all([run({ PORT: 'abc' }), run({ DATABASE_URL: 'mysql://db/quire' })]);
  for (const [result, variable] of [
    [badPort, 'PORT'],
    [badUrl, 'DATABASE_URL'],
  ] as const) {
    t.equal(result.code, 1, `${variable}: exit 1`, { stderr: result.stderr });
    const lines = result.stderr.trim().split('\n');
    t.equal(lines.length, 1, `${variable}: one line on stderr`, { stderr: result.stderr });
    t.match(lines[0], new RegExp(`^quire: ${variable} `), `${variable}: the line names the variable`);
  }
  t.match(badPort.stderr, /PORT must be a whole number, got "abc"/);
  t.notOk(existsSync(path.join(dataDir, 'postgres')), 'no database was started');
});

t.test('embedded PostgreSQL: first start, CLI alongside, restart', async (t) => {
  const dataDir = await makeDataDir(t);
  const keyFile = path.join(dataDir, 'demo-api-key');

  // First start: seeds `demo`, prints the owner's key once and writes it to demo-api-key.
  const first = await startService(dataDir);
  const key = (await fs.readFile(keyFile, 'utf8')).trim();
  t.match(key, /^dtq_\S+$/, 'demo-api-key holds an API key');
  t.equal((await fs.stat(keyFile)).mode & 0o777, 0o600, 'demo-api-key has mode 0600');
  t.ok(first.child.stderr().includes(key), 'the same key was printed on stderr');
  t.notMatch(first.child.stdout(), new RegExp(key), 'the key is not in the JSON log on stdout');

  const ok = await authOk(first.baseUrl, key);
  t.equal(ok.status, 200, 'the demo key authenticates');
  t.match(ok.body, { ok: true, user: { email: DEMO_OWNER }, organization: { slug: 'demo' }, role: 'owner' });

  // The CLI, with no DATABASE_URL, joins the cluster the server is running.
  const cliEnv = childEnv({ DATABASE_URL: undefined, QUIRE_DATA_DIR: dataDir });
  const created = await runQuire(['org', 'create', '--slug', 'other', '--name', 'Other'], cliEnv);
  t.equal(created.code, 0, 'CLI org create succeeds alongside the server', { stderr: created.stderr });
  t.match(parseJson(created), { slug: 'other', name: 'Other' });
  t.equal((await authOk(first.baseUrl, key)).status, 200, 'the server still answers after the CLI left');

  await stopWithSigterm(t, first, dataDir);

  // Second start: same data, no new key.
  const second = await startService(dataDir);
  t.notMatch(second.child.stderr(), /dtq_|API key/, 'no key printed on the second start');
  t.equal((await fs.readFile(keyFile, 'utf8')).trim(), key, 'demo-api-key is unchanged');
  const again = await authOk(second.baseUrl, key);
  t.equal(again.status, 200, 'the first key still works');
  t.match(again.body, { organization: { slug: 'demo' }, role: 'owner' });

  const [duplicate, member] = await Promise.all([
    runQuire(['org', 'create', '--slug', 'other', '--name', 'Other'], cliEnv),
    runQuire(['member', 'add', '--org', 'other', '--email', DEMO_OWNER, '--role', 'admin'], cliEnv),
  ]);
  t.equal(duplicate.code, 1, 'organization "other" survived the restart', { stderr: duplicate.stderr });
  t.match(duplicate.stderr, /Organization "other" already exists/);
  t.equal(member.code, 0, 'the demo owner can join "other"', { stderr: member.stderr });
  t.match(parseJson(member), { organization: 'other', email: DEMO_OWNER, role: 'admin' });

  await stopWithSigterm(t, second, dataDir);
});
