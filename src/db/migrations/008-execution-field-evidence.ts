import type { Knex } from 'knex';

/**
 * Per-field evidence of an extraction (confidence, page and text span of each value) and the
 * engine that produced it. `json`, not `jsonb`, like the rest of the results: key order is kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table executions add column extracted_fields json');
  await knex.raw(
    "alter table executions add column extraction_engine text check (extraction_engine in ('offline', 'llm'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table executions drop column extraction_engine');
  await knex.raw('alter table executions drop column extracted_fields');
}
