// Starting and stopping a quire server process from a script (bench-http, deno-smoke).
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export { freePort } from '../src/free-port.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /healthz until it answers 200; fails early if the process exits, and at the deadline. */
export async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before serving (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`/healthz did not answer 200 within ${timeoutMs / 1000} s`);
}

/** SIGTERM (quire drains and exits), then SIGKILL if it has not exited in time. Says which. */
export async function stopProcess(
  child: ChildProcess,
  timeoutMs: number,
): Promise<'already exited' | 'stopped' | 'killed'> {
  if (child.exitCode !== null || child.signalCode !== null) return 'already exited';
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)])) return 'stopped';
  child.kill('SIGKILL');
  await Promise.race([exited, sleep(timeoutMs)]);
  return 'killed';
}
