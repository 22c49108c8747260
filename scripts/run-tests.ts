// `npm test`: the one gate. Lint, type check, contract lint, generated-code drift, then the tap
// suite on DATABASE_URL (or on an embedded PostgreSQL started for the run). Ends with the line
// `N passed, N failed`, where N counts tap's tests plus each gate step.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { smokeTestUnderDeno } from './deno-smoke.js';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface StepResult {
  ok: boolean;
  output: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<StepResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

let passed = 0;
let failed = 0;

async function gate(name: string, step: () => Promise<StepResult | boolean>): Promise<void> {
  process.stdout.write(`\n== ${name}\n`);
  const result = await step();
  const ok = typeof result === 'boolean' ? result : result.ok;
  if (ok) passed++;
  else failed++;
  process.stdout.write(`== ${name}: ${ok ? 'ok' : 'FAILED'}\n`);
}

const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
await gate('lint (biome)', () => run(bin('biome'), ['check', '.']));
await gate('type check (tsc --noEmit)', () => run(bin('tsc'), ['--noEmit']));
await gate('OpenAPI lint (redocly)', () => run(bin('redocly'), ['lint', 'openapi/openapi.yaml'], quiet));
await gate('generated types match the contract', () => run(bin('tsx'), ['scripts/check-generated.ts']));

let databaseUrl = process.env.DATABASE_URL;
let stopEmbedded = async () => {};
let embeddedDir: string | undefined;
if (!databaseUrl) {
  process.stdout.write('\nDATABASE_URL is not set: starting an embedded PostgreSQL for the tests\n');
  embeddedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-test-pg-'));
  await fs.chmod(embeddedDir, 0o755); // the postgres user must reach it when running as root
  const embedded = await startEmbeddedPostgres(embeddedDir);
  databaseUrl = embedded.url;
  stopEmbedded = embedded.stop;
}

try {
  process.stdout.write('\n== tests (tap)\n');
  const tap = await run(bin('tap'), ['--reporter=tap', ...process.argv.slice(2)], {
    ...process.env,
    DATABASE_URL: databaseUrl,
  });
  const summary = /# \{ total: (\d+)(?:, pass: (\d+))?(?:, fail: (\d+))?/.exec(tap.output);
  if (summary) {
    passed += Number(summary[2] ?? 0);
    failed += Number(summary[3] ?? 0);
  }
  if (!tap.ok && !summary?.[3]) failed++; // tap failed without counting a failed test (crash, timeout)

  await gate('serves under Deno', () => smokeTestUnderDeno(databaseUrl as string));
} finally {
  await stopEmbedded();
  if (embeddedDir) await fs.rm(embeddedDir, { recursive: true, force: true });
}

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
