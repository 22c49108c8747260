// `npm start`: parse the environment, then run the service (see src/service.ts).
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { runService } from './service.js';

try {
  const config = loadConfig();
  await runService(config, createLogger(config.logLevel));
} catch (error) {
  process.stderr.write(`quire: ${error instanceof ConfigError ? error.message : (error as Error).stack}\n`);
  process.exit(1);
}
