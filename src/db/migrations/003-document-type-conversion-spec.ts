import type { Knex } from 'knex';

/** `conversionSpec`: the spreadsheet layout the hosted service's SDKs send with a document type. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table document_types add column conversion_spec jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table document_types drop column conversion_spec');
}
