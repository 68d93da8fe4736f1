// Loaded with `node --import`: records the URL of every module the process loads, one a line, in
// the file named by WARRANT_RECORD_LOADS, so a test can say which layers a command loaded.
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url, { data: { file: process.env.WARRANT_RECORD_LOADS } });
