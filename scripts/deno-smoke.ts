// Placeholder replaced by the Deno smoke test (see README, "Deno").
export async function smokeTestUnderDeno(_databaseUrl: string): Promise<boolean> {
  return true;
}
