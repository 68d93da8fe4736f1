import { processIo } from './io.js';
import { runCli } from './program.js';

await runCli(process.argv.slice(2), processIo());
