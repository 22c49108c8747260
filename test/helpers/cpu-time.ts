/**
 * The CPU time (user + system, in milliseconds) this process spends running `work`. Unlike wall
 * time it does not grow when other processes share the machine, so a bound on it checks that an
 * algorithm stays linear without failing on a busy machine.
 */
export function cpuMillis<T>(work: () => T): { value: T; millis: number } {
  const before = process.cpuUsage();
  const value = work();
  const spent = process.cpuUsage(before);
  return { value, millis: (spent.user + spent.system) / 1000 };
}
