/**
 * What opening a fresh, migrated, empty store costs, as the tests open hundreds of them; one JSON
 * line, median ms per open (open, one statement, close), the variants alternating round by round
 * so the load of a shared machine falls on each alike:
 * - `pglite_bare_ms`: PGlite alone from the initdb snapshot (`openPgliteDatabase`), no migration;
 * - `pglite_migrated_ms`: `openStore({ dataDir: ':memory:' })`: the initdb snapshot, then every
 *   migration;
 * - `pglite_template_ms`: `openStoreFromTemplate`: the tests' migrated template (made first if
 *   missing), the migrations run and find nothing;
 * - `postgres_ms`: `openStore` on a new schema of `DATABASE_URL` (default the local server),
 *   every migration; left out, with a note on stderr, when it cannot be reached.
 * `speedup` is `pglite_migrated_ms / pglite_template_ms`. `BENCH_ROUNDS` (default 5) rounds;
 * `load` is the load average before and after.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { openPgliteDatabase, openPostgresDatabase, openStore, type Database } from '../src/store/index.js';
import { openStoreFromTemplate } from '../src/store/open-store.js';
import { makeMigratedTemplate, migratedTemplatePath } from '../src/store/pglite-template.js';
import { median, report, round } from './measure.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const loadBefore = loadavg()[0]!;
const template = migratedTemplatePath();
await makeMigratedTemplate(template);

const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
let postgres = true;
try {
  const probe = await openPostgresDatabase({ url });
  await probe.close();
} catch (error) {
  process.stderr.write(`bench store-open: PostgreSQL at ${url} unavailable: ${(error as Error).message}\n`);
  postgres = false;
}

/** ms to open a store with `open`, run one statement on it, and close it. */
async function timeOpen(open: () => Promise<Database>, after?: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  const db = await open();
  await db.query('select 1');
  await db.close();
  const ms = performance.now() - t0;
  await after?.();
  return ms;
}

const samples: Record<string, number[]> = { bare: [], migrated: [], template: [], postgres: [] };
for (let r = 0; r < rounds; r++) {
  samples.bare!.push(await timeOpen(() => openPgliteDatabase({ settings: { shared_buffers: '16MB' } })));
  samples.migrated!.push(await timeOpen(() => openStore({ dataDir: ':memory:' })));
  samples.template!.push(await timeOpen(() => openStoreFromTemplate(template)));
  if (postgres) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    samples.postgres!.push(
      await timeOpen(
        () => openStore({ databaseUrl: url, schema }),
        async () => {
          const admin = await openPostgresDatabase({ url });
          await admin.query(`drop schema ${schema} cascade`);
          await admin.close();
        },
      ),
    );
  }
}

const ms = (name: string) => round(median(samples[name]!), 1);
report('store-open', {
  rounds,
  pglite_bare_ms: ms('bare'),
  pglite_migrated_ms: ms('migrated'),
  pglite_template_ms: ms('template'),
  ...(postgres ? { postgres_ms: ms('postgres') } : {}),
  speedup: round(median(samples.migrated!) / median(samples.template!), 2),
  load: [round(loadBefore, 2), round(loadavg()[0]!, 2)],
});
