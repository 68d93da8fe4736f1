import type { NounSlots } from './noun-slots.js';

/**
 * One piece of a compiled sentence: literal text, a `{slot}`, or a `{name, select, …}` choosing
 * among cases by a parameter's value.
 */
type Piece = string | { readonly slot: string } | { readonly select: string; readonly cases: ReadonlyMap<string, readonly Piece[]> };

/** A template that does not parse, with where and why: a translator's mistake, found when the copy is read. */
export class SentenceSyntaxError extends Error {
  constructor(
    readonly template: string,
    readonly at: number,
    reason: string,
  ) {
    super(`${reason} at character ${at} of “${template}”`);
    this.name = 'SentenceSyntaxError';
  }
}

const NAME = /[A-Za-z_]\w*/y;

/**
 * Parses a template into pieces. `{name}` is a slot; `{name, select, key {…} … other {…}}`
 * chooses the case whose key is the parameter's value, else `other` (required), and each case is
 * a template of its own. Anything else in braces is a syntax error.
 */
function compile(template: string): readonly Piece[] {
  let at = 0;
  const fail = (reason: string): never => {
    throw new SentenceSyntaxError(template, at, reason);
  };
  const name = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(template);
    if (!match) return fail('expected a name');
    at = NAME.lastIndex;
    return match[0];
  };
  const spaces = () => {
    while (template[at] === ' ') at++;
  };
  const pieces = (inCase: boolean): Piece[] => {
    const out: Piece[] = [];
    let text = '';
    while (at < template.length) {
      const c = template[at]!;
      if (c === '}') {
        if (!inCase) fail('a “}” closes nothing');
        break;
      }
      if (c !== '{') {
        text += c;
        at++;
        continue;
      }
      if (text) out.push(text);
      text = '';
      at++;
      out.push(placeholder());
    }
    if (inCase && template[at] !== '}') fail('a case is not closed');
    if (text) out.push(text);
    return out;
  };
  const placeholder = (): Piece => {
    const slot = name();
    if (template[at] === '}') {
      at++;
      return { slot };
    }
    if (!template.startsWith(', select,', at)) return fail(`expected “}” or “, select,” after {${slot}`);
    at += ', select,'.length;
    const cases = new Map<string, readonly Piece[]>();
    for (spaces(); template[at] !== '}'; spaces()) {
      if (at >= template.length) fail(`the select on ${slot} is not closed`);
      const key = name();
      spaces();
      if (template[at] !== '{') fail(`expected “{” after the case ${key}`);
      if (cases.has(key)) fail(`the case ${key} is given twice`);
      at++;
      cases.set(key, pieces(true));
      at++;
    }
    at++;
    if (!cases.has('other')) fail(`the select on ${slot} has no “other” case`);
    return { select: slot, cases };
  };
  return pieces(false);
}

/** Compiled templates by their text. Copy holds a bounded set of sentences; the cap keeps a caller formatting ad-hoc templates from growing it without end. */
const compiled = new Map<string, readonly Piece[]>();
const COMPILED_LIMIT = 2048;

function compiledOf(template: string): readonly Piece[] {
  let pieces = compiled.get(template);
  if (pieces === undefined) {
    pieces = compile(template);
    if (compiled.size >= COMPILED_LIMIT) compiled.clear();
    compiled.set(template, pieces);
  }
  return pieces;
}

type Params = Readonly<Record<string, string | number>>;

/** A parameter's value: `params` first, then the noun's slots; `undefined` when neither has it. */
function slotValue(name: string, params: Params, noun: NounSlots | undefined): string | undefined {
  if (Object.hasOwn(params, name)) return String(params[name]);
  if (noun && Object.hasOwn(noun, name)) return noun[name as keyof NounSlots];
  return undefined;
}

function render(pieces: readonly Piece[], params: Params, noun: NounSlots | undefined): string {
  let out = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') out += piece;
    else if ('slot' in piece) out += slotValue(piece.slot, params, noun) ?? `{${piece.slot}}`;
    else out += render(piece.cases.get(slotValue(piece.select, params, noun) ?? 'other') ?? piece.cases.get('other')!, params, noun);
  }
  return out;
}

/**
 * Fills a sentence template from `params`. `{name}` is replaced by the parameter; a slot with no
 * value is left as written, so a missing parameter shows up in a test instead of silently reading
 * as an empty word. `{name, select, key {…} other {…}}` says the case whose key is the parameter's
 * value (else `other`): how a language makes a sentence agree with a noun's `gender` and `number`
 * («{gender, select, feminine {una nuova} other {un nuovo}} {noun}»). Templates are compiled once
 * and kept, so formatting costs a walk over the pieces. `noun`, for a sentence about a record,
 * gives the `noun`, `gender`, `number` and `initial` slots (see `nounSlots`); `params` wins over
 * it. Throws {@link SentenceSyntaxError} for a
 * template that does not parse; {@link sentenceProblem} finds that when copy is read.
 */
export function formatSentence(template: string, params: Params = {}, noun?: NounSlots): string {
  return render(compiledOf(template), params, noun);
}

/** Why `template` does not parse, or `null` when it does. */
export function sentenceProblem(template: string): string | null {
  try {
    compiledOf(template);
    return null;
  } catch (error) {
    if (error instanceof SentenceSyntaxError) return error.message;
    throw error;
  }
}

/** The parameters a template's selects read (`gender`, `number`), in the order they first appear. */
export function selectorsOf(template: string): string[] {
  const found = new Set<string>();
  const walk = (pieces: readonly Piece[]) => {
    for (const piece of pieces) {
      if (typeof piece === 'object' && 'select' in piece) {
        found.add(piece.select);
        for (const c of piece.cases.values()) walk(c);
      }
    }
  };
  walk(compiledOf(template));
  return [...found];
}
