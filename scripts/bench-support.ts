// What the benchmark scripts (bench-http, bench-kb) share: settings, the admin connection,
// a quire server process on its own database, and an owner's API key.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../src/db/knex.js';
import { addMember, createApiKey, createOrganization, createUser } from '../src/modules/identity/service.js';
import { stopProcess } from './server-process.js';

const root = path.resolve(import.meta.dirname, '..');

export const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export function urlForDatabase(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the admin connection (create or drop the benchmark's database). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 15_000, query_timeout: 15_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** "2 CPUs, load average 0.52 0.61 0.70": figures only compare on a machine as busy. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return `${os.cpus().length} CPUs, load average ${load}`;
}

/**
 * The arguments `npm start` gives node (package.json's `start` script after `node`), so a
 * benchmark runs the server with the same flags as users do and cannot drift from them.
 */
function startNodeArguments(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error('package.json: the start script does not run node');
  return words.slice(node + 1);
}

/** Starts `src/main.ts` as its own process, as `npm start` does, on `databaseUrl`, its output written to `logFile`. */
export async function spawnServer(options: {
  databaseUrl: string;
  port: number;
  logFile: string;
  logLevel: string;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const log = await fs.open(options.logFile, 'w');
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (node --cpu-prof).
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [];
  const child = spawn(process.execPath, [...profile, ...startNodeArguments()], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel,
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', log.fd, log.fd],
  });
  await log.close();
  return child;
}

/** An organization `bench` with an owner; answers the owner's API key. */
export async function createBenchOwnerKey(databaseUrl: string): Promise<string> {
  const knex = createDb(databaseUrl, { poolMax: 2 });
  try {
    const slug = 'bench';
    const email = 'bench@example.test';
    await createOrganization(knex, slug, 'Benchmark');
    await createUser(knex, email);
    await addMember(knex, slug, email, 'owner');
    return (await createApiKey(knex, email, slug, 'bench')).key;
  } finally {
    await knex.destroy();
  }
}

/**
 * Ends a run: stops the server, drops its database, and keeps the server log only when the run
 * failed (saying where). Answers `ok` for the exit code.
 */
export async function finishRun(
  server: ChildProcess | undefined,
  databaseName: string,
  logFile: string,
  ok: boolean,
): Promise<boolean> {
  if (server) await stopProcess(server, 10_000);
  // BENCH_KEEP_DATABASE=1 keeps the seeded database for profiling its queries afterwards.
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    process.stdout.write(`database kept: ${urlForDatabase(databaseName)}\n`);
    return ok;
  }
  await admin(`drop database if exists ${databaseName} with (force)`).catch((error) =>
    process.stderr.write(`bench: could not drop ${databaseName}: ${error}\n`),
  );
  if (ok) await fs.rm(logFile, { force: true });
  else process.stdout.write(`server log kept at ${logFile}\n`);
  return ok;
}

/** The p-th percentile of ascending `sorted` values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Starts a process's peak resident memory (VmHWM) afresh from its current size (Linux: clear_refs 5). */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A process's resident memory now (VmRSS) in MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/**
 * CPU time a process has used so far, in milliseconds (user + system, /proc ticks of 10 ms): on
 * a shared machine it moves far less with the load than wall-clock latency does.
 */
export function cpuMs(pid: number): number {
  return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** Ticks of `/proc/.../stat` text as milliseconds of user + system time. */
function statCpuMs(stat: string): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * A process's CPU time so far split by thread: `main` is its main thread (HTTP, the job loop,
 * the database driver), `other` every other thread alive now (the document and OCR threads,
 * and V8's and libuv's helpers). A thread that ended since an earlier reading takes its time
 * with it, so compare readings taken while the same threads live (the document threads end
 * only after PIPELINE_THREAD_IDLE_MS idle).
 */
export function threadCpuMs(pid: number): { main: number; other: number } {
  let main = 0;
  let other = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // ended while listed
    }
    if (tid === String(pid)) main += statCpuMs(stat);
    else other += statCpuMs(stat);
  }
  return { main, other };
}

/** CPU time (user + system) so far of the PostgreSQL backends connected to `database`, by backend pid. */
export async function backendCpuMs(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      database,
    ]);
    const times = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        times.set(pid, statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')));
      } catch {
        // ended meanwhile, or PostgreSQL runs on another machine
      }
    }
    return times;
  } finally {
    await client.end();
  }
}

/** CPU time the backends used between two readings (one started meanwhile counts whole; one that ended, not at all). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A process's peak resident memory (VmHWM) in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
  return kib / 1024;
}
