import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from './database.js';
import { storeTargets } from './testing.js';

/**
 * Tables that are not a tenant's data and so are not distributed by tenant (on Citus they are
 * reference tables, copied to every node): the schema's own bookkeeping, and the API keys, which
 * are looked up by their digest before anyone knows the tenant.
 */
const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  warrant_migrations: 'schema bookkeeping, no tenant data',
  api_keys: 'read by key digest before the tenant is known: a reference table on Citus',
};

type Constraint = { table_name: string; name: string; type: 'p' | 'u' | 'f'; columns: string[]; ref_table: string | null; ref_columns: string[] | null };

describe.each(storeTargets())('tenant-ready schema on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("every tenant table's primary key and unique constraints include tenant_id, and no foreign key crosses tenants (Citus-ready)", async () => {
    expect(await violations(db)).toEqual([]);
  });

  it('the check itself: a table keyed without its tenant, a unique index without it and a foreign key on an id alone are each named', async () => {
    await db.transaction(async (tx) => {
      await tx.query('create table bad_parent (tenant_id text not null, id text primary key)');
      await tx.query('create table bad_child (tenant_id text not null, id text not null, parent text references bad_parent (id), primary key (tenant_id, id))');
      await tx.query('create unique index bad_child_parent on bad_child (parent)');
      try {
        expect(await violations(tx)).toEqual([
          'bad_child.bad_child_parent (parent) leaves out tenant_id',
          'bad_child.bad_child_parent_fkey may cross tenants',
          'bad_parent.bad_parent_pkey (id) leaves out tenant_id',
        ]);
      } finally {
        await tx.query('drop table bad_child, bad_parent');
      }
    });
  });
});

/** What keeps the schema from being distributed by tenant, one sentence per constraint. */
async function violations(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ table_name: string }>(
      `select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).map((t) => t.table_name);
  const constraints = await db.query<Constraint>(
    `select cl.relname as table_name, co.conname as name, co.contype::text as type,
            array(select a.attname::text from unnest(co.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.n order by k.i) as columns,
            rc.relname as ref_table,
            case when co.confrelid = 0 then null else array(select a.attname::text from unnest(co.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k.n order by k.i) end as ref_columns
       from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
       left join pg_class rc on rc.oid = co.confrelid
      where n.nspname = current_schema() and co.contype in ('p', 'u', 'f')`,
  );
  // Unique indexes made without a constraint count too.
  const uniqueIndexes = await db.query<{ table_name: string; name: string; columns: string[] }>(
    `select t.relname as table_name, i.relname as name,
            array(select a.attname::text from unnest(x.indkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n order by k.o) as columns
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and x.indisunique and not x.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
  );
  expect(tables).toEqual(
    expect.arrayContaining(['effects', 'turns', 'turn_events', 'turn_records', 'suggestions', 'evidence_seals', 'evidence_erasures', 'evidence_checkpoints']),
  );
  const wrong: string[] = [];
  for (const table of tables.filter((t) => !(t in REFERENCE_TABLES))) {
    const own = constraints.filter((c) => c.table_name === table);
    const pk = own.find((c) => c.type === 'p');
    if (!pk) wrong.push(`${table}: no primary key`);
    for (const c of [...own.filter((c) => c.type !== 'f'), ...uniqueIndexes.filter((i) => i.table_name === table)]) {
      if (!c.columns.includes('tenant_id')) wrong.push(`${table}.${c.name} (${c.columns.join(', ')}) leaves out tenant_id`);
    }
    for (const fk of own.filter((c) => c.type === 'f')) {
      const at = fk.columns.indexOf('tenant_id');
      if (at < 0 || fk.ref_columns?.[at] !== 'tenant_id' || fk.ref_table! in REFERENCE_TABLES) wrong.push(`${table}.${fk.name} may cross tenants`);
    }
  }
  return wrong.sort();
}
