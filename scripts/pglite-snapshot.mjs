// `npm install` (prepare) runs this: it makes the PGlite initdb snapshots (src/store/pglite-snapshot.mjs)
// once per PGlite version, so the first `npm start` on a fresh folder starts in seconds instead
// of running initdb. Safe to run again: it makes only what is missing.
import { ensureSnapshots } from '../src/store/pglite-snapshot.mjs';

const t0 = performance.now();
const { folder } = await ensureSnapshots();
process.stderr.write(`warrant: PGlite snapshot ready in ${Math.round(performance.now() - t0)} ms: ${folder}\n`);
