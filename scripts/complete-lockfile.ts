// Adds lockfile entries for other platforms' optional binary packages (biome, deno).
//
// Why: the registry mirror on quire's build machines serves only this platform's binary
// packages, so `npm install` here leaves e.g. @biomejs/cli-darwin-arm64 out of
// package-lock.json, and `npm ci` then refuses the lockfile ("Missing: … from lock file").
// An entry with `os`/`cpu`/`libc` lets `npm ci` see the dependency as satisfied and skip it on
// every other platform. Run after changing dependencies: `npx tsx scripts/complete-lockfile.ts`.
import fs from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const OSES = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'sunos', 'aix'];

/** `@biomejs/cli-linux-x64-musl` -> os linux, cpu x64, libc musl. */
function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const parts = (name.split('/').pop() ?? '').replace(/^cli-/, '').split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => /^(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64)$/.test(part));
  if (!os) return null;
  const libc = parts.find((part) => part === 'musl' || part === 'glibc');
  return { os: [os], ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

const added: string[] = [];
for (const entry of Object.values(lock.packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dependency}`;
    const platform = platformOf(dependency);
    if (key in lock.packages || platform === null) continue;
    lock.packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added.push(dependency);
  }
}
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} platform entries: ${added.join(', ')}` : 'lockfile already complete');
