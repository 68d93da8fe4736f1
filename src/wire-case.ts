import type { z } from 'zod';

/*
 * Every stored and returned form is snake_case on the wire and camelCase in code. A wire format is
 * written once, as its snake_case zod schema; its camelCase type and both directions of the
 * conversion derive from that schema, so the three cannot drift apart:
 * - `Camelized<z.output<typeof schema>>` is the type code works with;
 * - `renameBySchema(schema, value, 'decode' | 'encode')` renames exactly the keys the schema
 *   declares, and leaves a record's own keys (a host's `values`) as they are.
 */

/** `prompt_hash` → `promptHash`, as a type. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelKey<Tail>>}` : S;

/** A wire type with its keys in camelCase and every member read-only; a record's keys are kept. */
export type Camelized<T> = T extends readonly (infer E)[]
  ? readonly Camelized<E>[]
  : T extends object
    ? { readonly [K in keyof T as K extends string ? CamelKey<K> : K]: Camelized<T[K]> }
    : T;

const toCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Converts `value` between its wire form and its code form, walking `schema` (the wire form's
 * schema) beside it: `decode` reads each declared snake_case key and writes its camelCase name,
 * `encode` the reverse. A record's keys are data, not names, and pass unchanged; members the
 * schema does not declare are dropped. It does not validate: decode through the schema first.
 */
export function renameBySchema(schema: z.core.$ZodType, value: unknown, direction: 'decode' | 'encode'): unknown {
  if (value === null || value === undefined) return value;
  const def = schema._zod.def as unknown as WalkedDef;
  switch (def.type) {
    case 'object':
      return renameObject(def.shape!, value as Record<string, unknown>, direction);
    case 'array':
      return (value as unknown[]).map((item) => renameBySchema(def.element!, item, direction));
    case 'record':
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, renameBySchema(def.valueType!, v, direction)]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return renameBySchema(def.innerType!, value, direction);
    case 'pipe':
      return renameBySchema(def.in!, value, direction);
    case 'union':
      return renameBySchema(unionOption(def, value as Record<string, unknown>), value, direction);
    default:
      return value;
  }
}

/** The parts of a zod definition the walk reads. */
interface WalkedDef {
  readonly type: string;
  readonly shape?: Record<string, z.core.$ZodType>;
  readonly element?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
  readonly innerType?: z.core.$ZodType;
  readonly in?: z.core.$ZodType;
  readonly options?: readonly z.core.$ZodType[];
  readonly discriminator?: string;
}

function renameObject(shape: Record<string, z.core.$ZodType>, value: Record<string, unknown>, direction: 'decode' | 'encode'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [wireKey, member] of Object.entries(shape)) {
    const [from, to] = direction === 'decode' ? [wireKey, toCamel(wireKey)] : [toCamel(wireKey), wireKey];
    if (!Object.hasOwn(value, from)) continue;
    const v = value[from];
    if (v !== undefined) out[to] = renameBySchema(member, v, direction);
  }
  return out;
}

/** The option of a discriminated union a value belongs to (its discriminator's literal), or the first one. */
function unionOption(def: WalkedDef, value: Record<string, unknown>): z.core.$ZodType {
  const options = def.options!;
  const key = def.discriminator;
  if (key === undefined) return options[0]!;
  const found = options.find((option) => {
    const literal = ((option._zod.def as unknown as WalkedDef).shape?.[key]?._zod.def as { values?: readonly unknown[] } | undefined)?.values;
    return literal?.includes(value[key]) ?? false;
  });
  return found ?? options[0]!;
}
