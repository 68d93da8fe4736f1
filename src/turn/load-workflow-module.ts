import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../errors.js';
import type { WorkflowDefinition } from './workflow.js';

/** What a workflow module exports: its workflows and, optionally, the locales it serves. */
export interface WorkflowModule {
  readonly workflows: readonly WorkflowDefinition[];
  /** Default `['en']`. */
  readonly locales: readonly string[];
}

/**
 * Loads a host's workflow module: a folder with an `index.ts` (or `index.js`), or a file, that
 * exports `workflows` (an array of workflow definitions) and optionally `locales`. A module in
 * TypeScript loads through tsx, which is registered only then and only when the process cannot
 * already import it (a test runner, a host under tsx), so plain-JavaScript hosts never load it.
 * A path that does not hold such a module is the caller's mistake and is refused as input.
 */
export async function loadWorkflowModule(path: string, cwd = process.cwd()): Promise<WorkflowModule> {
  const absolute = resolve(cwd, path);
  const file = !existsSync(absolute)
    ? undefined
    : statSync(absolute).isFile()
      ? absolute
      : ['index.ts', 'index.js', 'index.mjs'].map((f) => join(absolute, f)).find((f) => existsSync(f));
  if (!file) throw new InputError('workflow module', [{ path: '$', message: `${path}: no file, and no folder with an index.ts or index.js` }]);
  return workflowModuleOf(await importModule(pathToFileURL(file).href), path);
}

/**
 * Checks what a workflow module exported (`workflows`, a non-empty array of workflow
 * definitions; optionally `locales`, locale tags) and returns it as a `WorkflowModule`; `path`
 * names the module in the error.
 */
export function workflowModuleOf(exported: unknown, path: string): WorkflowModule {
  const loaded = exported as { workflows?: unknown; locales?: unknown };
  const workflows = loaded.workflows;
  if (
    !Array.isArray(workflows) ||
    workflows.length === 0 ||
    !workflows.every((w) => typeof (w as { key?: unknown })?.key === 'string' && typeof (w as { operations?: unknown }).operations === 'object')
  ) {
    throw new InputError('workflow module', [{ path: '$.workflows', message: `${path} must export a non-empty array of workflow definitions` }]);
  }
  const locales = loaded.locales;
  if (locales !== undefined && (!Array.isArray(locales) || !locales.every((l) => typeof l === 'string'))) {
    throw new InputError('workflow module', [{ path: '$.locales', message: 'must be an array of locale tags' }]);
  }
  return { workflows: workflows as WorkflowDefinition[], locales: (locales as string[] | undefined) ?? ['en'] };
}

const TYPESCRIPT = /\.[cm]?tsx?$/;

let typeScriptLoader: Promise<void> | undefined;

/**
 * Imports `url`; a TypeScript file this process cannot import yet is imported again once tsx's
 * loader is registered. The second import asks for a distinct URL, because the module map keeps
 * the failed first attempt.
 */
async function importModule(url: string): Promise<unknown> {
  try {
    return await import(url);
  } catch (error) {
    if (!TYPESCRIPT.test(new URL(url).pathname) || (error as { code?: unknown })?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    // tsx is an optional peer: Node ≥ 22.18 strips types itself, so only older Node needs it.
    typeScriptLoader ??= import('tsx/esm/api').then(
      ({ register }) => void register(),
      (missing: unknown) => {
        throw new InputError('workflow module', [
          {
            path: '$',
            message: `${new URL(url).pathname} is TypeScript, which this Node (${process.version}) cannot import: install tsx (npm install tsx), run Node ≥ 22.18, or compile the module to JavaScript (${String(missing)})`,
          },
        ]);
      },
    );
    await typeScriptLoader;
    return import(`${url}?typescript`);
  }
}
