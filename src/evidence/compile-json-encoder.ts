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
const anyJson = (v: unknown): string => (v instanceof RawJson ? v.text : (JSON.stringify(v) ?? 'null'));
/** An array, or its stored text, each item by `item`. */
const anyArray = (v: unknown, item: (value: unknown) => string): string => (v instanceof RawJson ? v.text : `[${(v as unknown[]).map(item).join(',')}]`);
/** An object's own keys that `shape` does not declare, each `,"key":value` by `rest`. */
const otherKeys = (v: Record<string, unknown>, shape: Record<string, unknown>, rest: (value: unknown) => string): string => {
  let out = '';
  for (const key of Object.keys(v)) if (!Object.hasOwn(shape, key) && v[key] !== undefined) out += `,${JSON.stringify(key)}:${rest(v[key])}`;
  return out;
};
/** A value a discriminated union has no option for: a bug of the caller, whose types should have refused it. */
const noOption = (key: string, v: Record<string, unknown>): never => {
  throw new Error(`compileJsonEncoder: no option for ${key} ${JSON.stringify(v[key])}`);
};

/**
 * A serialiser compiled from `schema` (once, at load, into straight-line JavaScript): it writes an
 * object's members in the order the schema declares them (then, for an object that takes other
 * keys, its other own keys), skipping optional ones left undefined, with every key and literal
 * written into the code as text; a discriminated union switches on its key to its option's
 * function. What it writes is what `JSON.stringify` would write for the same members in the same
 * order, and a {@link RawJson} anywhere an object, array or JSON value goes is copied as it is.
 * It does not validate: the types do, where the value is built, and the tests parse what it
 * writes through `schema` (parsing every line would cost the evidence export a good part of its
 * rate: docs/server.md has the figures). Throws, at compile time, for a kind of schema it was not
 * written for.
 */
export function compileJsonEncoder<S extends z.core.$ZodType>(schema: S): (value: Exclude<Encodable<z.output<S>>, RawJson>) => string {
  const functions: string[] = [];
  const shapes: Record<string, unknown>[] = [];
  const root = functionOf(schema, functions, shapes);
  const source = `"use strict";\n${functions.join('\n')}\nreturn ${root};`;
  // Generated from the schema alone (its keys and literals written as JSON string literals), never from data.
  return new Function('R', 'S', 'J', 'A', 'K', 'N', 'shapes', source)(RawJson, JSON.stringify, anyJson, anyArray, otherKeys, noOption, shapes);
}

/** The name of a generated function encoding a value of `schema`, its source added to `functions`. */
function functionOf(schema: z.core.$ZodType, functions: string[], shapes: Record<string, unknown>[]): string {
  const def = defOf(schema);
  const name = `f${functions.length}`;
  if (def.type === 'object') {
    functions.push('');
    const members = Object.entries(def.shape!);
    const rest = def.catchall !== undefined && defOf(def.catchall).type !== 'never' ? def.catchall : undefined;
    const body =
      rest === undefined && members.every(([, member]) => defOf(member).type !== 'optional')
        ? `return ${wholeObject(members, functions, shapes)};`
        : `${memberByMember(members, functions, shapes)}${rest === undefined ? '' : otherMembers(def.shape!, rest, functions, shapes)}return o + '}';`;
    functions[Number(name.slice(1))] = `function ${name}(v) {\nif (v instanceof R) return v.text;\n${body}\n}`;
    return name;
  }
  if (def.type === 'union' && def.discriminator !== undefined) {
    functions.push('');
    const key = JSON.stringify(def.discriminator);
    const cases = def.options!.flatMap((option) => {
      const target = functionOf(option, functions, shapes);
      return defOf(defOf(option).shape![def.discriminator!]!).values!.map((value) => `case ${JSON.stringify(value)}: return ${target}(v);`);
    });
    functions[Number(name.slice(1))] = `function ${name}(v) {\nswitch (v[${key}]) {\n${cases.join('\n')}\ndefault: return N(${key}, v);\n}\n}`;
    return name;
  }
  functions.push('');
  functions[Number(name.slice(1))] = `function ${name}(v) { return ${expressionOf(schema, 'v', functions, shapes)}; }`;
  return name;
}

/**
 * Statements writing an object's members one by one into `o`: an optional member only when it is
 * not undefined, each after a comma unless nothing can have been written before it (`c` says, at
 * run time, whether an optional member before it was).
 */
function memberByMember(members: [string, z.core.$ZodType][], functions: string[], shapes: Record<string, unknown>[]): string {
  let body = "let o = '{';\nlet c = false;\n";
  let written = false; // whether a required member always comes before this one
  for (const [key, member] of members) {
    const optional = defOf(member).type === 'optional';
    const access = `v[${JSON.stringify(key)}]`;
    const text = expressionOf(optional ? defOf(member).innerType! : member, access, functions, shapes);
    const append = `o += ${written ? "','" : "(c ? ',' : '')"} + ${JSON.stringify(`${JSON.stringify(key)}:`)} + ${text}; c = true;`;
    body += optional ? `if (${access} !== undefined) { ${append} }\n` : `${append}\n`;
    written ||= !optional;
  }
  return body;
}

/** A statement writing the own keys of an object that `shape` does not declare, each by `rest`'s encoder. */
function otherMembers(shape: Record<string, z.core.$ZodType>, rest: z.core.$ZodType, functions: string[], shapes: Record<string, unknown>[]): string {
  shapes.push(shape);
  const encode = functionOf(rest, functions, shapes);
  return `{ const k = K(v, shapes[${shapes.length - 1}], ${encode}); o += c ? k : k.slice(1); }\n`;
}

/** An object of required members only, as one concatenation (one expression, no intermediate `o`). */
function wholeObject(members: [string, z.core.$ZodType][], functions: string[], shapes: Record<string, unknown>[]): string {
  const parts = members.map(
    ([key, member], i) =>
      `${JSON.stringify(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`)} + ${expressionOf(member, `v[${JSON.stringify(key)}]`, functions, shapes)}`,
  );
  return `${parts.length === 0 ? "'{'" : parts.join(' + ')} + '}'`;
}

/** A JavaScript expression encoding `access`, a value of `schema`. */
function expressionOf(schema: z.core.$ZodType, access: string, functions: string[], shapes: Record<string, unknown>[]): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
      return `S(${access})`;
    case 'literal':
      if (def.values!.length !== 1) throw new Error('compileJsonEncoder: a literal of several values');
      return JSON.stringify(JSON.stringify(def.values![0]));
    case 'nullable':
      return `(${access} === null ? 'null' : ${expressionOf(def.innerType!, access, functions, shapes)})`;
    case 'array':
      return `A(${access}, ${functionOf(def.element!, functions, shapes)})`;
    case 'object':
      return `${functionOf(schema, functions, shapes)}(${access})`;
    case 'union':
      return def.discriminator === undefined ? `J(${access})` : `${functionOf(schema, functions, shapes)}(${access})`;
    case 'lazy':
    case 'unknown':
    case 'tuple':
      return `J(${access})`;
    default:
      throw new Error(`compileJsonEncoder: no encoder for a ${def.type} schema`);
  }
}
