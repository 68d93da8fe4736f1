/**
 * The vitest projects, named by what their tests start (see vitest.config.ts and the README's
 * development section): `browser` launches Chromium, `process` spawns Node processes (the CLI's
 * bin, a server, npm), `store` opens a database (PGlite, and PostgreSQL when DATABASE_URL is
 * set), and `unit` starts nothing, so `npx vitest run --project unit` runs the fast tests alone.
 * A test file belongs to the first project whose list names it; every other one is a unit test.
 * `test/test-projects.test.ts` fails when a file outside these lists starts one of those things.
 */

/** Launch Chromium through playwright-core. */
export const browserTests = ['src/server/inspector/inspector.browser.test.ts', 'src/server/inspector/launch-test-browser.test.ts'];

/** Spawn processes: the `warrant` bin, a served sidecar, npm, Python, another Node. */
export const processTests = [
  'examples/python/python-host.test.ts',
  'src/cli/commands/serve-demo.test.ts',
  'src/cli/commands/serve-faults.test.ts',
  'src/cli/commands/serve.test.ts',
  'src/cli/commands/suggest-stdout.test.ts',
  'src/cli/commands/verify.test.ts',
  'src/cli/conventions.test.ts',
  'src/cli/program.test.ts',
  'src/server/openapi-document.test.ts',
  'src/server/replicas.test.ts',
  'src/store/data-dir-lock.test.ts',
  'src/zod-on-demand.test.ts',
  'test/export-surface.test.ts',
  'test/faults/pglite-disk-full.test.ts',
  'test/faults/replica-killed-mid-turn.test.ts',
  'test/generated-client.test.ts',
  'test/optional-peers.test.ts',
  'test/package-exports.test.ts',
  'test/packed-tarball.test.ts',
  'test/readme-background-server.test.ts',
  'test/side-by-side.test.ts',
];

/** Open a store in this process: PGlite, and PostgreSQL too when DATABASE_URL is set. */
export const storeTests = [
  'src/cli/cli-deployment.test.ts',
  'src/cli/commands/evidence.test.ts',
  'src/cli/commands/serve-keys.test.ts',
  'src/cli/commands/suggest.test.ts',
  'src/cli/commands/turn-message.test.ts',
  'src/cli/commands/turn.test.ts',
  'src/cli/exit-codes.test.ts',
  'src/evidence/effect-store.test.ts',
  'src/evidence/erase-conversation.test.ts',
  'src/evidence/prune-evidence.test.ts',
  'src/evidence/retention.test.ts',
  'src/evidence/verify-evidence.test.ts',
  'src/server/api-keys.test.ts',
  'src/server/bad-requests.test.ts',
  'src/server/create-server.test.ts',
  'src/server/evidence-export.test.ts',
  'src/server/idempotency.test.ts',
  'src/server/listen.test.ts',
  'src/server/metrics.test.ts',
  'src/server/openapi-examples.test.ts',
  'src/server/problem-responses.test.ts',
  'src/server/route-schemas.test.ts',
  'src/server/routes/evidence.test.ts',
  'src/server/routes/reply-contracts-probe.test.ts',
  'src/server/routes/reply-contracts.test.ts',
  'src/server/routes/suggestions.test.ts',
  'src/server/routes/turn-filters.test.ts',
  'src/server/routes/turns.test.ts',
  'src/server/seam-bounds.test.ts',
  'src/server/security-headers.test.ts',
  'src/server/store-failure.test.ts',
  'src/server/store-outage.test.ts',
  'src/server/suggestion-queries.test.ts',
  'src/server/tenant-isolation.test.ts',
  'src/server/trace-continuation.test.ts',
  'src/server/trace-ids.test.ts',
  'src/server/turn-ids.test.ts',
  'src/store/abortable.test.ts',
  'src/store/database.test.ts',
  'src/store/driver-errors.test.ts',
  'src/store/migrations/090-evidence-partitions.test.ts',
  'src/store/pglite-snapshot.test.ts',
  'src/store/pglite-template.test.ts',
  'src/store/tenant-schema.test.ts',
  'src/turn/ask.test.ts',
  'src/turn/bounded-seams.test.ts',
  'src/turn/model/model-turn-cancel.test.ts',
  'src/turn/model/model-turn-replayer.test.ts',
  'src/turn/model/model-turn.test.ts',
  'src/turn/model/prompts-by-locale.test.ts',
  'src/turn/phases/commit-turn.test.ts',
  'src/turn/replay-turn-fixture.test.ts',
  'src/turn/safety-nets.test.ts',
  'src/turn/said-once.test.ts',
  'src/turn/turn-errors.test.ts',
  'src/turn/turn-queries.test.ts',
  'src/turn/turn-result.test.ts',
  'src/turn/turn-runtime.test.ts',
  'src/turn/turn-store.test.ts',
  'src/turn/workflow-events.test.ts',
  'test/faults/postgres-restart.test.ts',
];

/** Where test files are found, for every project. */
export const testFiles = ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'];
