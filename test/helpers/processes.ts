import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export { freePort } from '../../src/free-port.js';

/** The repository root: children run from here so `--import tsx` and relative paths resolve. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment for a child quire process: this process's environment without tap's own
 * variables and loader hooks (NODE_OPTIONS) and without LOG_LEVEL, plus `overrides`, where
 * `undefined` removes a variable.
 */
export function childEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name === 'NODE_OPTIONS' || name === 'LOG_LEVEL' || /^(TAP|_TAPJS_)/.test(name)) continue;
    env[name] = value;
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** A started child whose output is collected and whose exit can be awaited. */
export interface Child {
  readonly process: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly hasExited: () => boolean;
}

/** `node …args` from the repository root. */
export function start(args: readonly string[], env: NodeJS.ProcessEnv): Child {
  return startCommand(process.execPath, args, env);
}

/**
 * Any command from the repository root. `detached` gives it its own process group, so a signal
 * can be sent to the group as a terminal sends Ctrl-C (`process.kill(-pid, 'SIGINT')`).
 */
export function startCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: { detached?: boolean } = {},
): Child {
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let stdout = '';
  let stderr = '';
  let done = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', (error) => {
      stderr += `spawn error: ${error.message}\n`;
      done = true;
      resolve({ code: null, signal: null });
    });
    child.on('close', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return { process: child, stdout: () => stdout, stderr: () => stderr, exited, hasExited: () => done };
}

/** Waits for a child to exit; after `timeoutMs` kills it and answers code null. */
export async function waitForExit(child: Child, timeoutMs: number): Promise<RunResult> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([child.exited, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    child.process.kill('SIGKILL');
    await child.exited;
    return { code: null, signal: 'SIGKILL', stdout: child.stdout(), stderr: `${child.stderr()}\n[timed out]` };
  }
  return { ...outcome, stdout: child.stdout(), stderr: child.stderr() };
}

/** Runs `node bin/quire.js …` to completion (bounded by `timeoutMs`). */
export function runQuire(args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<RunResult> {
  return waitForExit(start(['bin/quire.js', ...args], env), timeoutMs);
}

/** The JSON document a successful CLI command printed: stdout must hold exactly one. */
export function parseJson(result: RunResult): any {
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(`stdout is not one JSON document (exit ${result.code}): ${result.stdout}\n${result.stderr}`);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
