import { defineConfig } from 'tsdown';

/** One entry per public subpath; see `exports` in package.json. */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    contract: 'src/contract/index.ts',
    model: 'src/model/index.ts',
    server: 'src/server/index.ts',
    suggest: 'src/suggest/index.ts',
    turn: 'src/turn/index.ts',
  },
  format: 'esm',
  dts: true,
  platform: 'node',
  target: 'node20',
  clean: true,
});
