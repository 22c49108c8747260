/** Thrown for a bad command line; the CLI prints the message and exits 2. */
export class UsageError extends Error {}

export interface ParsedArgs {
  readonly positionals: string[];
  readonly options: Record<string, string | true>;
}

/** `a b --x 1 --flag --y=2` -> positionals [a, b], options {x: '1', flag: true, y: '2'}. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) options[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      options[name] = next;
      i++;
    } else options[name] = true;
  }
  return { positionals, options };
}

export function requiredOption(args: ParsedArgs, name: string): string {
  const value = args.options[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} <value> is required`);
  return value;
}

export function optionalOption(args: ParsedArgs, name: string): string | null {
  const value = args.options[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value ?? null;
}
