import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/package-root.js';

/**
 * Dependencies in `src/` go one way. A module that imports, directly or through others, a module
 * importing it back (type imports count: they tie the two files' meanings together just the
 * same) is a circle; so is a layer folder importing one that imports it. Dynamic `import()` is
 * how the composition root (the CLI's command registry, `built-in-replayers.ts`) reaches layers
 * without depending on them, and is not counted.
 */

const src = join(packageRoot(), 'src');

function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, { tests });
    return /\.ts$/.test(entry.name) && /\.test\.ts$/.test(entry.name) === tests ? [path] : [];
  });
}

/** Each module's static relative imports and re-exports (`import … from`, `export … from`), as files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"](\.[^'"]+)['"]/gms)]
      .map((m) => resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one member (Tarjan). */
function circles<T>(graph: ReadonlyMap<T, readonly T[]>): T[][] {
  let next = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (v: T): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A module's layer: its folder under `src/`, or the file itself for the files at the top. */
const layerOf = (file: string) => relative(src, file).split('/')[0]!;

describe('one-way dependencies in src/', () => {
  const graph = importGraph(sourceFiles(src));

  it('no module imports itself back through others', () => {
    expect(circles(graph).map((c) => c.map((f) => relative(src, f)).sort())).toEqual([]);
  });

  it('no layer imports a layer that imports it', () => {
    const layers = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      const to = targets.map(layerOf).filter((l) => l !== from);
      layers.set(from, [...new Set([...(layers.get(from) ?? []), ...to])]);
    }
    expect(circles(layers)).toEqual([]);
  });

  it('the check sees a circle where there is one', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['c', 'b', 'a']]);
  });
});

/**
 * Every module a file names: static imports and re-exports, side-effect imports and dynamic
 * `import()` alike (a dynamic import is not an edge of the dependency graph above, but it is still
 * code the file loads). Relative specifiers are resolved to `.ts` files under `src/`.
 */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const named = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return [...new Set(named.map((s) => (s.startsWith('.') ? relative(src, resolve(dirname(file), s)).replace(/\.js$/, '.ts') : s)))];
}

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);

/** The root modules every layer shares; each imports no layer, only one another, zod and Node. */
const FOUNDATION = ['errors.ts', 'wire-string.ts', 'zod-on-demand.ts', 'package-root.ts'];

/**
 * What a module of the contract layer may import: the layer itself, zod, and the foundation.
 * `disguise-corpus.ts` also reads `corpora/` from the checkout for the aims test and the
 * `contract-disguise` bench; `warrant/contract` does not export it (checked below).
 */
function contractImportAllowed(file: string, specifier: string): boolean {
  if (specifier.startsWith('contract/') || specifier === 'zod' || FOUNDATION.includes(specifier)) return true;
  return file === 'contract/disguise-corpus.ts' && isBuiltin(specifier);
}

/**
 * What a test of the contract layer may add: its test tools, the Traditional-to-Simplified
 * reference, the script that builds the WebAssembly scan (its test rebuilds the committed bytes),
 * the one that writes the generated tables (its test reads back what it writes), and Node.
 */
const CONTRACT_TEST_TOOLS = ['vitest', 'fast-check', 'opencc-js', '../scripts/build-scan-wasm.mjs', '../scripts/code-point-table.mjs'];

describe('the contract layer is the pure core: it imports only itself, zod and the foundation', () => {
  const contract = join(src, 'contract');

  it('its modules import nothing else: no model, probe, replay runner, AI SDK or ai/test', () => {
    const outside = sourceFiles(contract).flatMap((file) => {
      const from = relative(src, file);
      return specifiersOf(file)
        .filter((s) => !contractImportAllowed(from, s))
        .map((s) => `${from} → ${s}`);
    });
    expect(outside).toEqual([]);
  });

  it('its tests add only test tools and Node to that', () => {
    const outside = sourceFiles(contract, { tests: true }).flatMap((file) => {
      const from = relative(src, file);
      return specifiersOf(file)
        .filter((s) => !contractImportAllowed(from, s) && !CONTRACT_TEST_TOOLS.includes(s) && !isBuiltin(s))
        .map((s) => `${from} → ${s}`);
    });
    expect(outside).toEqual([]);
  });

  it('the foundation it imports imports no layer, and warrant/contract never reaches the file system', () => {
    for (const file of FOUNDATION) {
      expect(
        specifiersOf(join(src, file)).filter((s) => !FOUNDATION.includes(s) && s !== 'zod' && !isBuiltin(s)),
        file,
      ).toEqual([]);
    }
    const graph = importGraph(sourceFiles(src));
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file) ?? []) visit(next);
    };
    visit(join(contract, 'index.ts'));
    expect(
      [...reached]
        .map((f) => relative(src, f))
        .filter((f) => !f.startsWith('contract/') && f !== 'errors.ts' && f !== 'wire-string.ts' && f !== 'zod-on-demand.ts'),
    ).toEqual([]);
    expect([...reached].map((f) => relative(src, f))).not.toContain('contract/disguise-corpus.ts');
  });

  it('the check sees an import from outside where there is one', () => {
    expect(contractImportAllowed('contract/probe-contract.ts', 'model/run-task.ts')).toBe(false);
    expect(contractImportAllowed('contract/replay-probe-fixture.ts', 'ai/test')).toBe(false);
    expect(contractImportAllowed('contract/govern-reply.ts', 'node:fs')).toBe(false);
    expect(contractImportAllowed('contract/govern-reply.ts', 'contract/reply-effect.ts')).toBe(true);
    expect(specifiersOf(join(src, 'built-in-replayers.ts'))).toContain('testing/replay-probe-fixture.ts');
  });
});
