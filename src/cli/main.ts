import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import type { Role } from '../modules/identity/principal.js';
import * as identity from '../modules/identity/service.js';
import { getRetentionPolicy, setRetentionPolicy } from '../modules/retention/policy.js';
import { configureStepIdentification, type OperatorIdentificationChange } from '../modules/steps/configure.js';
import { setEndpointForOrganization } from '../modules/webhooks/endpoint-service.js';
import { optionalOption, type ParsedArgs, parseArgs, requiredOption, UsageError } from './args.js';

const USAGE = `usage: quire <command>
  migrate
  serve
  worker
  org create --slug <slug> --name <name>
  user create --email <email> [--platform-admin]
  member add --org <slug> --email <email> --role owner|admin|member
  member remove --org <slug> --email <email>
  key create --email <email> [--org <slug>] [--name <name>]
  key revoke --id <keyId>
  step configure --id <stepId> (--fixed-type <codeType> | --auto-identify on|off)
  webhook set --org <slug> --url <url>
  retention show --org <slug>
  retention set --org <slug> [--document-days <days>|keep] [--result-days <days>|keep]`;

/** `--<name> <days>` or `keep` (null: kept for good); left out: null too, as in PUT /api/retention. */
function retentionDays(args: ParsedArgs, name: string): number | null {
  const value = optionalOption(args, name);
  if (value === null || value === 'keep') return null;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a number of days or keep`);
  return Number(value);
}

/** `--fixed-type <code>` or `--auto-identify on|off`, exactly one. */
function identificationChange(args: ParsedArgs): OperatorIdentificationChange {
  const fixedType = optionalOption(args, 'fixed-type');
  const autoIdentify = optionalOption(args, 'auto-identify');
  if ((fixedType === null) === (autoIdentify === null)) {
    throw new UsageError('step configure needs exactly one of --fixed-type <codeType> or --auto-identify on|off');
  }
  if (fixedType !== null) return { fixedDocumentTypeCode: fixedType };
  if (autoIdentify !== 'on' && autoIdentify !== 'off') throw new UsageError('--auto-identify must be on or off');
  return { autoIdentify: autoIdentify === 'on' };
}

type Command = (db: import('../db/knex.js').Knex, args: ParsedArgs) => Promise<unknown>;

/** Database commands, keyed by "<noun> <verb>"; each prints its result as JSON. */
const COMMANDS: Record<string, Command> = {
  migrate: async (db) => ({ applied: await migrateToLatest(db) }),
  'org create': (db, args) =>
    identity.createOrganization(db, requiredOption(args, 'slug'), requiredOption(args, 'name')),
  'user create': (db, args) =>
    identity.createUser(db, requiredOption(args, 'email'), args.options['platform-admin'] === true),
  'member add': (db, args) =>
    identity.addMember(
      db,
      requiredOption(args, 'org'),
      requiredOption(args, 'email'),
      requiredOption(args, 'role') as Role,
    ),
  'member remove': (db, args) => identity.removeMember(db, requiredOption(args, 'org'), requiredOption(args, 'email')),
  'key create': (db, args) =>
    identity.createApiKey(db, requiredOption(args, 'email'), optionalOption(args, 'org'), optionalOption(args, 'name')),
  'key revoke': (db, args) => identity.revokeApiKey(db, requiredOption(args, 'id')),
  'step configure': (db, args) =>
    configureStepIdentification(db, requiredOption(args, 'id'), identificationChange(args)),
  'webhook set': async (db, args) => {
    const organization = await identity.findOrganizationBySlug(db, requiredOption(args, 'org'));
    return setEndpointForOrganization(db, organization.id, requiredOption(args, 'url'));
  },
  'retention show': async (db, args) => {
    const organization = await identity.findOrganizationBySlug(db, requiredOption(args, 'org'));
    return getRetentionPolicy(db, organization.id);
  },
  'retention set': async (db, args) => {
    const organization = await identity.findOrganizationBySlug(db, requiredOption(args, 'org'));
    return setRetentionPolicy(db, organization.id, {
      documentRetentionDays: retentionDays(args, 'document-days'),
      resultRetentionDays: retentionDays(args, 'result-days'),
    });
  },
};

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const [noun, verb] = args.positionals;
  if (noun === undefined || noun === 'help' || args.options.help) {
    // Asked for: usage on stdout, exit 0. No command at all is a usage error: stderr, exit 2.
    (noun === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`);
    return noun === undefined ? 2 : 0;
  }
  const config = loadConfig();
  // CLI logs go to stderr at warn so stdout carries only the JSON result.
  const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', 'stderr');
  if (noun === 'serve' || noun === 'worker') {
    // Loaded only here: the HTTP stack takes most of a second to import, which every other
    // command would pay for nothing. `worker` runs the job workers alone (no HTTP).
    const { runService } = await import('../service.js');
    await runService(noun === 'worker' ? { ...config, role: 'worker' } : config, createLogger(config.logLevel));
    return -1; // keeps running until a signal
  }
  const command = COMMANDS[noun === 'migrate' ? noun : `${noun} ${verb ?? ''}`];
  if (!command) throw new UsageError(`unknown command "${args.positionals.join(' ')}"\n${USAGE}`);
  const database = await openDatabase(config, logger);
  try {
    if (noun !== 'migrate') await migrateToLatest(database.knex);
    const result = await command(database.knex, args);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
      // A validation error's message is generic; what was wrong is in its `errors`.
      const errors = error instanceof AppError ? error.extra.errors : undefined;
      const details = Array.isArray(errors) ? `: ${errors.join('; ')}` : '';
      process.stderr.write(`quire: ${error.message}${details}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    process.stderr.write(`quire: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
