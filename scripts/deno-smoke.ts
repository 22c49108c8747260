// The Deno gate of `npm test`: src/main.ts, unchanged, must serve under Deno. Starts it with the
// `deno` binary from node_modules on a fresh database, checks health, authentication and one
// contract-routed read, then stops it and drops the database. Every step is bounded; the process
// and the database are cleaned up whatever happens. `tsx scripts/deno-smoke.ts` runs it alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createDb, type Knex } from '../src/db/knex.js';
import { addMember, createApiKey, createOrganization, createUser } from '../src/modules/identity/service.js';
import { freePort, stopProcess, waitForHealth } from './server-process.js';

const root = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 5_000;
const STOP_TIMEOUT_MS = 10_000;
const ADMIN_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 64 * 1024;

// Offline and hermetic: use the installed node_modules as they are, fetch nothing, write no
// deno.lock into the repository, never prompt.
const DENO_ARGS = [
  'run',
  '-A',
  '--sloppy-imports',
  '--node-modules-dir=manual',
  '--cached-only',
  '--no-lock',
  'src/main.ts',
];

function log(line: string): void {
  process.stdout.write(`deno smoke: ${line}\n`);
}

/**
 * The platform binary of the `deno` devDependency. `runInstall` is what the package's own
 * postinstall and bin wrapper call: it works whether or not npm ran the install script, and
 * spawning the binary directly (not the node wrapper) means a kill reaches Deno itself.
 */
function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const installApi = require('deno/install_api.cjs') as { runInstall(): string };
  return installApi.runInstall();
}

function urlForDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: adminUrl,
    connectionTimeoutMillis: ADMIN_TIMEOUT_MS,
    query_timeout: ADMIN_TIMEOUT_MS,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const _sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function request(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the failure message
  }
  return { status: response.status, body };
}

function expectStatus(label: string, actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`${label} answered ${actual}, expected ${expected}`);
  log(`ok  ${label} -> ${actual}`);
}

export async function smokeTestUnderDeno(databaseUrl: string): Promise<boolean> {
  const databaseName = `quire_deno_${randomBytes(6).toString('hex')}`;
  const appUrl = urlForDatabase(databaseUrl, databaseName);
  let databaseCreated = false;
  let child: ChildProcess | undefined;
  let knex: Knex | undefined;
  let dataDir: string | undefined;
  let output = '';
  let ok = false;
  // If this process dies mid-test (tap timeout, process.exit), take Deno with it.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  try {
    const binary = denoBinary();
    const version = await new Promise<string>((resolve, reject) => {
      const probe = spawn(binary, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'], timeout: REQUEST_TIMEOUT_MS });
      let text = '';
      probe.stdout.on('data', (chunk) => {
        text += chunk;
      });
      probe.on('error', reject);
      probe.on('close', (code) =>
        code === 0 ? resolve(text.split('\n')[0] ?? '') : reject(new Error('deno --version failed')),
      );
    });
    log(`using ${version} (${path.relative(root, binary)})`);

    databaseCreated = true; // from here on, cleanup drops it (if exists), even if creation timed out
    await withAdminClient(databaseUrl, (client) => client.query(`create database ${databaseName}`));
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-deno-'));

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: appUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      QUIRE_DATA_DIR: dataDir,
      // Deno's own cache (transpiled modules): a throwaway one unless the caller chose one.
      DENO_DIR: process.env.DENO_DIR || path.join(dataDir, 'deno-dir'),
      DENO_NO_UPDATE_CHECK: '1',
      DENO_NO_PROMPT: '1',
      NO_COLOR: '1',
    };
    delete env.NODE_OPTIONS; // tsx/tap loader flags mean nothing to Deno
    const startedAt = performance.now();
    child = spawn(binary, DENO_ARGS, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('error', (error) => collect(Buffer.from(`spawn error: ${error.message}\n`)));

    await waitForHealth(baseUrl, child, STARTUP_TIMEOUT_MS);
    log(
      `ok  GET /healthz -> 200 (migrated and serving after ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`,
    );

    // Identity rows come from the Node side, after Deno has migrated the database.
    knex = createDb(appUrl, { poolMax: 2 });
    const slug = `deno${randomBytes(4).toString('hex')}`;
    const email = `deno-${randomBytes(4).toString('hex')}@example.test`;
    await createOrganization(knex, slug, 'Deno smoke');
    await createUser(knex, email);
    await addMember(knex, slug, email, 'owner');
    const { key } = await createApiKey(knex, email, slug, 'deno smoke');
    const auth = { authorization: `Bearer ${key}` };

    expectStatus('GET /api/auth/ok without a key', (await request(`${baseUrl}/api/auth/ok`)).status, 401);
    expectStatus('GET /api/auth/ok with a key', (await request(`${baseUrl}/api/auth/ok`, auth)).status, 200);
    const list = await request(`${baseUrl}/api/document-types`, auth);
    expectStatus('GET /api/document-types', list.status, 200);
    if (!Array.isArray((list.body as { data?: unknown })?.data)) {
      throw new Error(`GET /api/document-types answered without a data array: ${JSON.stringify(list.body)}`);
    }
    ok = true;
  } catch (error) {
    log(`FAILED: ${(error as Error).message}`);
    if (output) process.stdout.write(`--- Deno output ---\n${output.trimEnd()}\n--- end of Deno output ---\n`);
  }

  // Cleanup never throws and is bounded, so the gate neither hangs nor leaves a database behind.
  if (child) {
    await stopProcess(child, STOP_TIMEOUT_MS).then(
      (how) => log(`Deno ${how} (exit code ${child?.exitCode}, signal ${child?.signalCode})`),
      (error) => log(`stopping Deno: ${error}`),
    );
  }
  process.removeListener('exit', killOnExit);
  if (knex) await knex.destroy().catch((error) => log(`closing the pool: ${error}`));
  if (databaseCreated) {
    await withAdminClient(databaseUrl, (client) => client.query(`drop database if exists ${databaseName} with (force)`))
      .then(() => log(`dropped ${databaseName}`))
      .catch((error) => log(`could not drop ${databaseName}: ${error}`));
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true }).catch(() => {});
  return ok;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  process.exit((await smokeTestUnderDeno(url)) ? 0 : 1);
}
