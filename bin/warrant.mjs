#!/usr/bin/env node
// The CLI runs from the TypeScript sources through tsx, which also lets `warrant turn --workflow`
// load a host's workflow written in TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
