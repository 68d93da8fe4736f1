import { readdirSync, readFileSync } from 'node:fs';
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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
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
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['c', 'b', 'a']]);
  });
});
