import { defineConfig } from 'tsdown';

/**
 * One entry per public subpath (see `exports` in package.json), and `cli`: the `warrant` command
 * that bin/warrant.mjs runs, whose commands load their layers through dynamic imports (split
 * into chunks of their own here).
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    contract: 'src/contract/index.ts',
    model: 'src/model/index.ts',
    server: 'src/server/index.ts',
    suggest: 'src/suggest/index.ts',
    turn: 'src/turn/index.ts',
    testing: 'src/testing/index.ts',
    'ai-sdk': 'src/adapters/ai-sdk/index.ts',
    agents: 'src/adapters/agents/index.ts',
    langchain: 'src/adapters/langchain/index.ts',
  },
  format: 'esm',
  dts: true,
  platform: 'node',
  target: 'node20',
  clean: true,
});
