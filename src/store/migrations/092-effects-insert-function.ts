import type { Migration } from '../migration.js';

/**
 * A group-commit flush of Reply Effects (W6) and the seal that covers it (W13) as one call of a
 * PL/pgSQL function: the two inserts still run in one statement and commit together or not at
 * all, but PL/pgSQL keeps their plans for the session, where a statement sent as text was parsed,
 * analysed and planned again at every flush. On PGlite, whose WebAssembly runs on the cores that
 * serve requests, that planning was most of what sealing added to a flush (a `with` holding both
 * inserts, planned each time). `p_seals` null writes the rows alone (integrity off). Invoker's
 * rights, names resolved by the connection's `search_path`, so each deployment schema's function
 * writes that schema's tables.
 */
export const effectsInsertFunctionMigration: Migration = {
  id: '092_effects_insert_function',
  sql: `
create function warrant_insert_effects(p_rows json, p_seals json) returns void language plpgsql as $$
begin
  insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates, trace_id)
    select tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates, trace_id
      from json_populate_recordset(null::effects, p_rows);
  if p_seals is not null then
    insert into evidence_seals (tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to)
      select tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to
        from json_populate_recordset(null::evidence_seals, p_seals);
  end if;
end
$$;
`,
};
