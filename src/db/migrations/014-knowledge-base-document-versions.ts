import type { Knex } from 'knex';

/**
 * Each knowledge-base document carries the `content_version` of its base as of its last write,
 * so a process holding a base's search indexes at version C reads only the documents written
 * after C. Every document write first bumps the base's version in its own transaction (holding
 * the base's row lock to commit), so the trigger stamps the bumped number and versions become
 * visible in order. Deletions leave no row: readers notice them by count (see index-delta.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table knowledge_base_documents add column content_version bigint not null default 0;
    create index knowledge_base_documents_version_idx on knowledge_base_documents (knowledge_base_id, content_version);
    create function quire_stamp_document_version() returns trigger language plpgsql as $$
    begin
      select content_version into new.content_version from knowledge_bases where id = new.knowledge_base_id;
      return new;
    end $$;
    create trigger knowledge_base_documents_version
      before insert or update on knowledge_base_documents
      for each row execute function quire_stamp_document_version();`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger knowledge_base_documents_version on knowledge_base_documents;
    drop function quire_stamp_document_version();
    alter table knowledge_base_documents drop column content_version;`);
}
