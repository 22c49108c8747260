// For the knex CLI (`npx knex migrate:status` and friends); quire itself migrates on start.
import { migrationSource } from './src/db/migrations/index.js';

export default {
  client: 'pg',
  connection: process.env.DATABASE_URL,
  migrations: { migrationSource },
};
