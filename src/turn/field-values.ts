import type { z } from 'zod';
import { pick, type WorkflowDefinition } from './workflow.js';

/** The values one field may take, as the workflow's schema enumerates them. */
export interface FieldValues {
  /** The field's key, as the operations' inputs name it. */
  readonly field: string;
  /** The field's name in the turn's language (the operation's `fields`, else the key). */
  readonly label: string;
  /** Each value the schema allows, with its name in the turn's language (the operation's `choices`, else the value). */
  readonly values: readonly { readonly value: string; readonly label: string }[];
}

/**
 * The values `field` may take in `workflow`: read from the first operation whose input schema
 * enumerates them (a `z.enum`, literals, or a union of them, through optional, nullable and
 * default). `null` when no operation's input enumerates the field: an open text or number has no
 * list to propose, and code then has no answer of its own.
 */
export function fieldValuesOf(workflow: WorkflowDefinition, field: string, locale: string): FieldValues | null {
  for (const operation of Object.values(workflow.operations)) {
    const shape = objectShape(operation.input);
    const schema = shape?.[field];
    const options = schema ? enumerated(schema) : null;
    if (!options || options.length === 0) continue;
    const names = operation.fields?.[field];
    const choices = operation.choices?.[field];
    return {
      field,
      label: (names && pick(names, locale)) ?? field,
      values: options.map((value) => {
        const named = choices?.[value];
        return { value, label: (named && pick(named, locale)) ?? value };
      }),
    };
  }
  return null;
}

/** Zod's internal definition, which is how a schema is read without parsing anything. */
type Def = { readonly type: string } & Readonly<Record<string, unknown>>;
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Wrappers that do not change which values are allowed. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function unwrap(schema: unknown): Def | undefined {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 16; depth++) {
    if (WRAPPERS.has(def.type)) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else return def;
  }
  return def;
}

function objectShape(schema: z.ZodType): Readonly<Record<string, unknown>> | undefined {
  const def = unwrap(schema);
  return def?.type === 'object' ? (def.shape as Readonly<Record<string, unknown>>) : undefined;
}

/** The string or number values a schema enumerates, or `null` when it allows any value. */
function enumerated(schema: unknown): string[] | null {
  const def = unwrap(schema);
  if (!def) return null;
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string | number>).map(String);
  if (def.type === 'literal') return (def.values as unknown[]).filter((v) => v !== null && v !== undefined).map(String);
  if (def.type === 'union') {
    const parts = (def.options as unknown[]).map(enumerated);
    if (parts.some((p) => p === null)) return null;
    return [...new Set(parts.flatMap((p) => p ?? []))];
  }
  return null;
}
