import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Zod from 'zod';

/**
 * zod, loaded when a schema is first built rather than when a module naming it is imported.
 *
 * Every entry of zod 4 (`zod`, `zod/mini`, `zod/v4/core`, and the core module the others build
 * on) re-exports its 64 locales, so importing zod at all costs more than the rest of the contract
 * layer together; a host that only reads well-formed contracts and governs replies never needs a
 * schema (`acceptContractJson` reads those without one). The schemas of the contract layer and
 * the wire-string helpers take zod from here instead of a static import, so `warrant/contract`
 * loads zod only when a contract goes through its schema or a host touches an exported schema.
 *
 * It is the host's own zod, the one module instance its `import 'zod'` gets: `import.meta.resolve`
 * names the file an `import` of zod from here would load (zod's ES build, through its `import`
 * condition), and `require` of that file loads it synchronously into Node's one ES module cache
 * (Node ≥ 20.19 and ≥ 22.12 `require` ES modules without a top-level await, which zod has none of).
 * A plain `require('zod')` would take zod's CommonJS build, a second copy. A bundler does not see
 * this load, so a bundle of the contract layer needs zod beside it at run time (left external).
 */
let loaded: typeof Zod.z | undefined;

/** zod's `z`, loaded at the first call. */
export function zod(): typeof Zod.z {
  if (loaded === undefined) {
    // Without `import.meta.resolve` (this module compiled to CommonJS, as tsx does when a
    // CommonJS file requires the sources) a static import would have been `require('zod')` too.
    const entry = typeof import.meta.resolve === 'function' ? fileURLToPath(import.meta.resolve('zod')) : 'zod';
    loaded = (createRequire(import.meta.url)(entry) as typeof Zod).z;
  }
  return loaded;
}

/** True once {@link zod} has loaded zod (its tests check what does and does not load it). */
export function zodLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * A schema built by `build` the first time anything touches it, standing in for it meanwhile: a
 * module can export it as a value (`export const replyContractSchema = onDemand((z) => z…)`)
 * without loading zod. Every operation on it (`parse`, `safeParse`, `.optional()`, `instanceof`,
 * a spy on a method) reaches the built schema; the schema's metadata in zod's global registry (its
 * `id` and description, which `toJSONSchema` and the OpenAPI document read) is registered under
 * the stand-in too, so a schema composed from it is described as one composed from the original.
 */
export function onDemand<T extends object>(build: (z: typeof Zod.z) => T): T {
  let built: T | undefined;
  // The proxy's target gets the built schema's own properties and prototype, so what the proxy
  // reports about a property the schema cannot reconfigure (`_zod`) matches its target, as a
  // Proxy must.
  const target = {} as T;
  const schema = (): T => {
    if (built === undefined) {
      built = build(zod());
      Object.defineProperties(target, Object.getOwnPropertyDescriptors(built));
      Object.setPrototypeOf(target, Object.getPrototypeOf(built));
      const registry = zod().globalRegistry;
      const meta = registry.get(built as never);
      if (meta !== undefined) registry.add(standIn as never, meta);
    }
    return built;
  };
  const standIn: T = new Proxy(target, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(schema(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  return standIn;
}
