import type { z } from 'zod';

/**
 * JSON text that is already serialised (a `json` column read as text), written into an encoded
 * value verbatim: the export copies a stored document's text instead of parsing and re-writing it.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value of type `T` to encode, where any object or array may be given as {@link RawJson} text. */
export type Encodable<T> = T extends readonly (infer E)[]
  ? readonly Encodable<E>[] | RawJson
  : T extends object
    ? { readonly [K in keyof T]: Encodable<T[K]> } | RawJson
    : T;

type Encode = (value: unknown) => string;

interface Def {
  readonly type: string;
  readonly shape?: Record<string, z.core.$ZodType>;
  readonly element?: z.core.$ZodType;
  readonly innerType?: z.core.$ZodType;
  readonly values?: readonly unknown[];
  readonly options?: readonly z.core.$ZodType[];
  readonly discriminator?: string;
  readonly catchall?: z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** Any JSON value: stored text as it is, anything else as `JSON.stringify` writes it. */
const anyJson: Encode = (v) => (v instanceof RawJson ? v.text : (JSON.stringify(v) ?? 'null'));

/**
 * A serialiser compiled from `schema` (once, at load): it writes an object's members in the order
 * the schema declares them (then, for an object that takes other keys, its other own keys), skipping
 * optional ones left undefined, with each key's
 * `"key":` text built once; a literal's text is built once too; a discriminated union dispatches on
 * its key to its option's encoder. What it writes is what `JSON.stringify` would write for the same
 * members in the same order. It does not validate (the types do, where the value is built, and the
 * tests parse what it writes through `schema`), so a line costs what writing it by hand did.
 * Throws, at compile time, for a kind of schema it was not written for.
 */
export function compileJsonEncoder<S extends z.core.$ZodType>(schema: S): (value: Exclude<Encodable<z.output<S>>, RawJson>) => string {
  return compile(schema);
}

function compile(schema: z.core.$ZodType): Encode {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return compileObject(def.shape!, def.catchall === undefined || defOf(def.catchall).type === 'never' ? undefined : compile(def.catchall));
    case 'array': {
      const item = compile(def.element!);
      return (v) => (v instanceof RawJson ? v.text : `[${(v as unknown[]).map(item).join(',')}]`);
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional':
      return compile(def.innerType!);
    case 'literal': {
      if (def.values!.length !== 1) throw new Error('compileJsonEncoder: a literal of several values');
      const text = JSON.stringify(def.values![0]);
      return () => text;
    }
    case 'union':
      if (def.discriminator !== undefined) return compileDiscriminated(def.discriminator, def.options!);
      return anyJson;
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
      return (v) => JSON.stringify(v);
    case 'lazy':
    case 'unknown':
      return anyJson;
    default:
      throw new Error(`compileJsonEncoder: no encoder for a ${def.type} schema`);
  }
}

/** An object's declared members in order, then, when it takes others (`catchall`), its own other keys. */
function compileObject(shape: Record<string, z.core.$ZodType>, rest: Encode | undefined): Encode {
  const members = Object.entries(shape).map(([key, member]) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    optional: defOf(member).type === 'optional',
    encode: compile(member),
  }));
  return (v) => {
    if (v instanceof RawJson) return v.text;
    const value = v as Record<string, unknown>;
    let out = '{';
    for (const m of members) {
      const member = value[m.key];
      if (member === undefined && m.optional) continue;
      out += `${out.length === 1 ? '' : ','}${m.prefix}${m.encode(member)}`;
    }
    if (rest !== undefined) {
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(shape, key) || value[key] === undefined) continue;
        out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${rest(value[key])}`;
      }
    }
    return `${out}}`;
  };
}

function compileDiscriminated(key: string, options: readonly z.core.$ZodType[]): Encode {
  const byValue = new Map<unknown, Encode>();
  for (const option of options) {
    const literal = defOf(defOf(option).shape![key]!);
    for (const value of literal.values!) byValue.set(value, compile(option));
  }
  return (v) => {
    const encode = byValue.get((v as Record<string, unknown>)[key]);
    if (encode === undefined) throw new Error(`compileJsonEncoder: no option for ${key} ${JSON.stringify((v as Record<string, unknown>)[key])}`);
    return encode(v);
  };
}
