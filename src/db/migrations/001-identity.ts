import type { Knex } from 'knex';

/** Organizations, users, memberships and API keys (stored as SHA-256 hashes only). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table organizations (
      id uuid primary key default gen_random_uuid(),
      slug text not null,
      name text not null,
      created_at timestamptz not null default now(),
      constraint organizations_slug_unique unique (slug),
      constraint organizations_slug_format check (slug ~ '^[a-z0-9][a-z0-9_-]{0,62}$')
    );

    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      is_platform_admin boolean not null default false,
      created_at timestamptz not null default now()
    );
    create unique index users_email_unique on users (lower(email));

    create table memberships (
      organization_id uuid not null references organizations (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      role text not null check (role in ('owner', 'admin', 'member')),
      created_at timestamptz not null default now(),
      primary key (organization_id, user_id)
    );
    create index memberships_user_idx on memberships (user_id);

    -- A key is "qk_" + lookup_id + secret. Only the SHA-256 of the whole token is kept;
    -- lookup_id finds the row, the hash is then compared in constant time.
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      lookup_id text not null,
      token_hash bytea not null,
      user_id uuid not null references users (id) on delete cascade,
      organization_id uuid references organizations (id) on delete cascade,
      name text,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      constraint api_keys_lookup_id_unique unique (lookup_id)
    );
    create index api_keys_user_idx on api_keys (user_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table api_keys; drop table memberships; drop table users; drop table organizations;');
}
