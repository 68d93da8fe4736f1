import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { hasEffects } from '../../evidence/effect-store.js';
import { packageRoot } from '../../package-root.js';
import { createTurnRuntime } from '../../turn/index.js';
import type { CliIo } from '../io.js';
import { shutdownSignal, startSidecar, suggestionSkillsFromEnv } from './serve.js';

/** The demo's own embedded data folder, under the working folder. */
export const DEMO_DATA_DIR = join('.warrant', 'demo');

/**
 * What `npm start` ends with: the sidecar on the embedded defaults with the trip example's
 * workflows mounted for `/v0/turns`, the recorded reply-contract scenarios verified into its
 * store and the trip example's conversations run, so the inspector has something to show on a
 * fresh clone. Both are loaded once per store: a turn id commits once, and recorded contracts
 * are verified only while the tenant has no effects yet. Runs until SIGTERM or SIGINT.
 *
 * The embedded store is {@link DEMO_DATA_DIR}, not the one `warrant turn` and `warrant serve` use
 * (`WARRANT_DATA_DIR`, default `.warrant/pgdata`): the demo's trip records would otherwise be
 * there already, and the README's `warrant turn` run afterwards would meet them as a concurrent
 * change instead of starting its own trip. A `DATABASE_URL` is used as given.
 */
export async function serveDemo(io: CliIo, { port }: { port?: number } = {}): Promise<void> {
  const stopped = shutdownSignal();
  const trip = await import('../../../examples/trip/index.js');
  const demoIo: CliIo = { ...io, env: { ...io.env, WARRANT_DATA_DIR: resolve(io.cwd, DEMO_DATA_DIR) } };
  const sidecar = await startSidecar(demoIo, {
    ...(port === undefined ? {} : { port }),
    server: {
      turns: { workflows: trip.workflows, locales: trip.locales },
      suggestions: { skills: suggestionSkillsFromEnv(io) },
    },
    prepare: async ({ store, server, tenantId }) => {
      if (!(await hasEffects(store, tenantId))) {
        const folder = join(packageRoot(), 'fixtures', 'reply-contracts');
        const files = (await readdir(folder)).filter((f) => f.endsWith('.json')).sort();
        for (const file of files) {
          const fixture = JSON.parse(await readFile(join(folder, file), 'utf8')) as { contract: unknown; candidates: unknown };
          await server.verify(tenantId, { contract: fixture.contract, candidates: fixture.candidates });
        }
        io.out(`warrant: verified ${files.length} recorded reply contracts into tenant "${tenantId}"`);
      }
      const runtime = createTurnRuntime({ db: store, workflows: trip.workflows, locales: trip.locales, tenantId });
      for (const turn of [...trip.englishConversation, ...trip.italianConversation]) await runtime.run(turn);
    },
  });
  io.out(`warrant: open ${sidecar.running.url}/inspector — Ctrl-C to stop`);
  const signal = await stopped;
  io.out(`warrant: ${signal}: draining requests in flight`);
  await sidecar.stop();
  io.out('warrant: stopped');
}
