import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { isAlive } from '../../src/db/embedded.js';
import { type Child, childEnv, freePort, sleep, startCommand } from '../helpers/processes.js';

// `npm start` as an operator runs it, on the embedded PostgreSQL, stopped by a signal sent to
// the npm process (what `docker stop`, a process manager or a CI job does) or to its whole
// process group (Ctrl-C in a terminal). Each stop must end npm, quire and the PostgreSQL that
// quire started. The three starts share one data directory, so only the first runs initdb.

t.setTimeout(300_000);

const START_TIMEOUT_MS = 90_000;
/** quire's graceful stop waits up to 10 s for in-flight requests; an idle one takes about a second. */
const STOP_TIMEOUT_MS = 30_000;

interface Running {
  readonly child: Child;
  readonly httpPort: number;
  readonly postmasterPid: number;
  readonly postgresPort: number;
}

const children = new Set<Child>();
let dataDir = '';
const pidFile = () => path.join(dataDir, 'postgres', 'postmaster.pid');

/** True when nothing accepts a TCP connection on 127.0.0.1:port. */
function portClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Sends `signal` to the child's process group, as a terminal does on Ctrl-C. */
function signalGroup(child: Child, signal: NodeJS.Signals): void {
  process.kill(-(child.process.pid as number), signal);
}

t.before(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-npm-start-'));
  // Tests may run as root; PostgreSQL then runs as `postgres`, who must reach the directory.
  await fs.chmod(dataDir, 0o755);
});

t.teardown(async () => {
  // What a failed stop left behind: first the postmaster (so it removes its pid file), then
  // whatever else remains in each child's process group (quire outliving npm).
  if (existsSync(pidFile())) {
    const pid = Number((await fs.readFile(pidFile(), 'utf8')).split('\n')[0]);
    if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 40 && existsSync(pidFile()); i++) await sleep(250);
  }
  for (const child of children) {
    try {
      signalGroup(child, 'SIGKILL');
    } catch {
      // the group is empty
    }
    await child.exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm start` in its own process group, without DATABASE_URL; resolves once /healthz answers. */
async function npmStart(): Promise<Running> {
  const httpPort = await freePort();
  const child = startCommand(
    'npm',
    ['start', '--silent'],
    childEnv({ DATABASE_URL: undefined, QUIRE_DATA_DIR: dataDir, PORT: String(httpPort), HOST: '127.0.0.1' }),
    { detached: true },
  );
  children.add(child);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.hasExited()) throw new Error(`npm start exited during start-up:\n${child.stderr()}\n${child.stdout()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${httpPort}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) {
        // postmaster.pid: line 1 the postmaster's pid, line 4 its port.
        const lines = (await fs.readFile(pidFile(), 'utf8')).split('\n');
        return { child, httpPort, postmasterPid: Number(lines[0]), postgresPort: Number(lines[3]) };
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`/healthz did not answer within ${START_TIMEOUT_MS} ms:\n${child.stderr()}\n${child.stdout()}`);
}

interface Stopped {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Waits for the npm process itself to exit, at most `timeoutMs` (null when it did not). Its
 * output pipes stay open while anything it started still runs, so the output is awaited apart,
 * briefly: a quire left running must fail the assertions, not hang the test.
 */
async function waitForNpmExit(child: Child, timeoutMs: number): Promise<Stopped | null> {
  const npm = child.process;
  if (npm.exitCode === null && npm.signalCode === null) {
    let timer: NodeJS.Timeout | undefined;
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') return null;
  }
  await Promise.race([child.exited, sleep(5_000)]);
  return { code: npm.exitCode, signal: npm.signalCode, stdout: child.stdout(), stderr: child.stderr() };
}

/** Everything `npm start` started is gone: quire's port, the postmaster, its pid file and port. */
async function assertAllStopped(t: Test, running: Running): Promise<void> {
  // The postmaster is reparented and reaped once quire exits: allow it a moment.
  for (let i = 0; i < 20 && isAlive(running.postmasterPid); i++) await sleep(250);
  t.notOk(isAlive(running.postmasterPid), 'the embedded PostgreSQL is no longer running');
  t.notOk(existsSync(pidFile()), 'postmaster.pid was removed');
  t.ok(await portClosed(running.postgresPort), "PostgreSQL's port is closed");
  t.ok(await portClosed(running.httpPort), "quire's port is closed");
}

t.test('SIGTERM to the npm process: graceful stop, exit 0', async (t) => {
  const running = await npmStart();
  running.child.process.kill('SIGTERM');
  const result = await waitForNpmExit(running.child, STOP_TIMEOUT_MS);
  if (!result) return t.fail(`npm start still running ${STOP_TIMEOUT_MS} ms after SIGTERM`);
  t.equal(result.code, 0, 'npm start exits 0', { signal: result.signal, stderr: result.stderr });
  t.match(result.stdout, /"signal":"SIGTERM".*"msg":"shutting down"/, 'quire itself received the signal');
  t.match(result.stdout, /"msg":"stopped"/, 'and finished its graceful stop');
  await assertAllStopped(t, running);
});

t.test('Ctrl-C (SIGINT to the process group): one graceful stop, exit 0', async (t) => {
  const running = await npmStart();
  // quire gets SIGINT twice, from the terminal and forwarded by npm: the same request, not a second one.
  signalGroup(running.child, 'SIGINT');
  const result = await waitForNpmExit(running.child, STOP_TIMEOUT_MS);
  if (!result) return t.fail(`npm start still running ${STOP_TIMEOUT_MS} ms after SIGINT`);
  t.equal(result.code, 0, 'npm start exits 0', { signal: result.signal, stderr: result.stderr });
  t.match(result.stdout, /"msg":"stopped"/, 'the graceful stop finished');
  t.notMatch(result.stdout, /second signal/, 'the repeated SIGINT was not taken for a second one');
  await assertAllStopped(t, running);
});

t.test('a second signal during a graceful stop stops at once', async (t) => {
  const running = await npmStart();
  // A request whose body never comes keeps the graceful stop waiting (up to its 10 s grace).
  const held = net.connect({ host: '127.0.0.1', port: running.httpPort });
  held.on('error', () => {});
  await new Promise((resolve) => held.once('connect', resolve));
  held.write(
    'POST /api/document-types HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  await sleep(500);

  running.child.process.kill('SIGINT');
  await sleep(2_000);
  t.notOk(running.child.hasExited(), 'the graceful stop is still waiting for the held request');
  const sentAt = Date.now();
  running.child.process.kill('SIGINT');
  const result = await waitForNpmExit(running.child, STOP_TIMEOUT_MS);
  const ms = Date.now() - sentAt;
  held.destroy();
  if (!result) return t.fail(`npm start still running ${STOP_TIMEOUT_MS} ms after the second SIGINT`);
  t.ok(ms < 8_000, 'exits well before the grace period would have ended', { ms });
  t.equal(result.code, 130, 'exit status 128 + SIGINT', { signal: result.signal, stderr: result.stderr });
  t.match(result.stdout, /"msg":"second signal: stopping now"/);
  await assertAllStopped(t, running);
});
