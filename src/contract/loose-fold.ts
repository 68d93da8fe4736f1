import { isNormalizationInert, skeleton } from './disguise-classes.js';
import { disguisesBetween, foldSegment, foldTerm, foldTermText, type DisguiseClass, DISGUISE_CLASSES, type FoldedText } from './fold-text.js';
import { HAN_VARIANTS } from './han-variants-data.js';
import { decodeCodePointTable } from './code-point-table.js';
import { caseFold, removeIgnorables } from './reference-fold.js';

/**
 * `loose` matching (Reply Contract v1, forbidden terms only) goes past what `folded` promises:
 * it compares the *letters* of a term and a candidate, after `folded`'s folding and then
 *
 * - markup removed: HTML tags and named entities (`<b>`, `&nbsp;`) are nothing, a numeric
 *   entity (`&#114;`) is its character;
 * - styled letters with no NFKC mapping read as the letter (negative circled and squared
 *   letters `🅦`, regional indicators `🇼`, small capitals `ʀᴇꜰᴜɴᴅ`);
 * - combining marks removed, so added marks (`álready`, strike-through `保̶證̶`) and stripped
 *   diacritics (`grazinimas` for `grąžinimas`) both match;
 * - Traditional, variant and Simplified Han characters folded to one Simplified form (OpenCC's
 *   data: `已经帮您预约` ≡ `已經幫您預約`, `保証` ≡ `保證`);
 * - leet: `4 @` → a, `3` → e, `$ 5` → s, `7` → t, `8` → b, `9` → g, `!` → l (as `i`, see
 *   `caselessSkeleton`), and the pairs `vv` → w, `cl` → d (`0` → o, `1 |` → l already fold);
 * - everything that is not a letter or a digit (spaces, punctuation, line breaks, emoji) left
 *   out, so spaced (`r e f u n d`, `re.fund`) and joined (`moneyisonitsway`) spellings match;
 * - a run of one letter read as one (`weee guuuarantee`);
 * - and, in a second pass, a mask character between letters (`* # _ • · ? .`) standing for any
 *   one letter of the term (`alr*ady`), at most one letter in four of a term of four or more.
 *
 * Each loose unit keeps the original range it came from, so occurrences are reported at the
 * candidate's own offsets. Both sides fold the same way, which is what the looseness costs:
 * honest text can fold into a term (see docs/contract.md for the measured false positives).
 */

/** A candidate or term folded loosely, with each unit's original range. */
export interface LooseText {
  /** The loose units as a string; {@link WILDCARD} marks a masked letter (second pass only). */
  readonly text: string;
  /** Original offset (inclusive) of unit `k`. */
  readonly starts: Int32Array;
  /** Original offset (exclusive) of unit `k`. */
  readonly ends: Int32Array;
  /** Positions of {@link WILDCARD} units, ascending. */
  readonly wildcards: readonly number[];
}

/** What {@link looseFold} makes of a candidate: the plain pass and, when masks occur, the masked one. */
export interface LooseFold {
  readonly plain: LooseText;
  /** Present when some mask character stands between two letters. */
  readonly masked?: LooseText;
}

/** The unit standing for a masked letter; no text folds to it (U+FFFF is a noncharacter). */
export const WILDCARD = '\uffff';

const MASK_CHARS = new Set(['*', '#', '_', '•', '·', '?', '.', '‧', '∙']);
/** The mask marker inside tokens (before emission decides whether a mask stands for a letter). */
export const MASK = -1;

const LEET: Record<string, string> = { '4': 'a', '@': 'a', '3': 'e', $: 's', '5': 's', '7': 't', '8': 'b', '9': 'g', '!': 'l' };

/** Styled letters NFKC leaves alone, by code point: each → its lower-case Latin letter. */
function styledLetter(cp: number): string | undefined {
  // NEGATIVE CIRCLED, NEGATIVE SQUARED, SQUARED capital letters, REGIONAL INDICATOR SYMBOLs.
  for (const base of [0x1f150, 0x1f170, 0x1f130, 0x1f1e6]) {
    if (cp >= base && cp < base + 26) return String.fromCharCode(0x61 + cp - base);
  }
  return smallCapitals().get(cp);
}

let smallCapitalsFolded: Map<number, string> | undefined;

/**
 * {@link SMALL_CAPITALS}, and what `folded` makes of each: the loose pass reads folded text, and
 * the confusable skeleton turns some small capitals into other letters (`ᴍ` → `ʍ`).
 */
function smallCapitals(): Map<number, string> {
  if (smallCapitalsFolded) return smallCapitalsFolded;
  const map = new Map(SMALL_CAPITALS);
  for (const [cp, letter] of SMALL_CAPITALS) {
    const folded = foldSegment(String.fromCodePoint(cp));
    const f = folded.codePointAt(0)!;
    if ([...folded].length === 1 && !/[a-z]/.test(folded) && !map.has(f)) map.set(f, letter);
  }
  return (smallCapitalsFolded = map);
}

/** Latin small capitals and the like with no compatibility decomposition. */
const SMALL_CAPITALS = new Map<number, string>(
  (
    [
      [0x1d00, 'a'],
      [0x0299, 'b'],
      [0x1d04, 'c'],
      [0x1d05, 'd'],
      [0x1d07, 'e'],
      [0xa730, 'f'],
      [0x0262, 'g'],
      [0x029c, 'h'],
      [0x026a, 'l'],
      [0x1d0a, 'j'],
      [0x1d0b, 'k'],
      [0x029f, 'l'],
      [0x1d0d, 'm'],
      [0x0274, 'n'],
      [0x1d0f, 'o'],
      [0x1d18, 'p'],
      [0xa7af, 'q'],
      [0x0280, 'r'],
      [0xa731, 's'],
      [0x1d1b, 't'],
      [0x1d1c, 'u'],
      [0x1d20, 'v'],
      [0x1d21, 'w'],
      [0x028f, 'y'],
      [0x1d22, 'z'],
      [0x0276, 'oe'],
      [0x1d01, 'ae'],
    ] as const
  ).map(([cp, letter]) => [cp, letter]),
);

let hanTable: Map<number, string> | undefined;

/** Han character → its Simplified fold (OpenCC's data, see han-variants-data.ts). */
function hanVariants(): Map<number, string> {
  return (hanTable ??= decodeCodePointTable(HAN_VARIANTS));
}

/** The Simplified fold of one Han character (itself when OpenCC has none). */
export function hanFold(text: string): string {
  const table = hanVariants();
  let out = '';
  for (const ch of text) out += table.get(ch.codePointAt(0)!) ?? ch;
  return out;
}

const MARKS = /\p{M}/gu;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Strips combining marks (on NFD): `ą` → `a`, `保̶` → `保`. */
export function stripMarks(text: string): string {
  if (isNormalizationInert(text)) return text;
  return text.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

/**
 * The loose tokens of one folded code point: letters and digits (one code point each), and
 * {@link MASK} for a mask character. Cached: text repeats its characters.
 */
const tokenCache = new Map<number, readonly (string | number)[]>();

export function tokensOf(cp: number): readonly (string | number)[] {
  let tokens = tokenCache.get(cp);
  if (tokens) return tokens;
  const ch = String.fromCodePoint(cp);
  const out: (string | number)[] = [];
  if (MASK_CHARS.has(ch)) out.push(MASK);
  else {
    let letters = stripMarks(styledLetter(cp) ?? ch);
    // A styled or stripped letter folds as the letter itself would (`ᴍ` → `m` → `rn`, like `m`).
    // `foldSegment`, not `foldText`: the candidate's fold lives in foldText's scratch arrays.
    if (letters !== ch) letters = [...letters].map((c) => foldSegment(c)).join('');
    for (const c of hanFold(letters)) {
      // `i` as folding reads it (the closure of `I` ≡ `l`): a styled `🅘` or a stripped `í` too.
      const letter = c === 'i' ? 'l' : (LEET[c] ?? c);
      if (LETTER_OR_DIGIT.test(letter)) out.push(letter);
    }
  }
  tokens = out;
  if (tokenCache.size < 65536) tokenCache.set(cp, tokens);
  return tokens;
}

/** An original range whose markup reads as `replacement` (`''` for a tag). */
export interface MarkupRange {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

const MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]{0,200})?\/?>|&(?:#x([0-9a-f]{1,6})|#([0-9]{1,7})|[a-z][a-z0-9]{1,31});/gi;

/** HTML tags and entities in `text`, in order; a numeric entity reads as its character. */
export function markupRanges(text: string): MarkupRange[] {
  if (!text.includes('<') && !text.includes('&')) return [];
  const ranges: MarkupRange[] = [];
  for (const m of text.matchAll(MARKUP)) {
    const code = m[1] !== undefined ? Number.parseInt(m[1], 16) : m[2] !== undefined ? Number.parseInt(m[2], 10) : undefined;
    const valid = code !== undefined && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    ranges.push({ start: m.index, end: m.index + m[0].length, replacement: valid ? String.fromCodePoint(code) : '' });
  }
  return ranges;
}

/** Removes markup (see {@link markupRanges}) from a string. */
export function stripMarkup(text: string): string {
  let out = '';
  let at = 0;
  for (const r of markupRanges(text)) {
    out += text.slice(at, r.start) + r.replacement;
    at = r.end;
  }
  return out + text.slice(at);
}

/** Tokens as parallel arrays (no object per token): value (a letter or {@link MASK}), original range. */
interface Tokens {
  readonly values: (string | number)[];
  readonly starts: number[];
  readonly ends: number[];
  /** True when some token is a {@link MASK}. */
  masks: boolean;
}

/** The tokens of a folded text, markup of the original read as its replacement. */
function tokenize(original: string, folded: FoldedText): Tokens {
  const markup = markupRanges(original);
  const tokens: Tokens = { values: [], starts: [], ends: [], masks: false };
  const { values, starts, ends } = tokens;
  const f = folded.text();
  let r = 0;
  const push = (value: string | number, start: number, end: number) => {
    if (value === MASK) tokens.masks = true;
    values.push(value);
    starts.push(start);
    ends.push(end);
  };
  for (let k = 0; k < f.length; ) {
    const cp = f.codePointAt(k)!;
    const width = cp > 0xffff ? 2 : 1;
    const list = tokensOf(cp);
    // Offsets only for what yields a token, or where markup may begin.
    if (list.length === 0 && markup.length === 0) {
      k += width;
      continue;
    }
    const start = folded.startOf(k);
    while (r < markup.length && markup[r]!.end <= start) r++;
    const range = markup[r];
    if (range && range.start <= start) {
      // Inside markup: its replacement stands for the whole range, once, at its first unit.
      if (range.replacement !== '' && (starts.length === 0 || starts[starts.length - 1]! < range.start)) {
        // `foldSegment`, not `foldText`: the candidate's fold lives in foldText's scratch arrays.
        for (const c of foldSegment(range.replacement)) for (const value of tokensOf(c.codePointAt(0)!)) push(value, range.start, range.end);
      }
    } else if (list.length > 0) {
      const end = folded.endOf(k + width - 1);
      for (const value of list) push(value, start, end);
    }
    k += width;
  }
  return tokens;
}

/**
 * Emits tokens as loose units: `vv` → `w`, `cl` → `d`, a run of one letter as one, and (when
 * `keepMasks`) a mask between two letters as {@link WILDCARD}; other masks are left out.
 */
function emit({ values, starts: tokenStarts, ends: tokenEnds }: Tokens, keepMasks: boolean): LooseText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const wildcards: number[] = [];
  let last = '';
  const isLetter = (i: number) => i >= 0 && i < values.length && values[i] !== MASK;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value === MASK) {
      if (!keepMasks || !isLetter(i - 1)) continue;
      let next = i + 1;
      while (next < values.length && values[next] === MASK) next++;
      if (!isLetter(next)) continue;
      wildcards.push(starts.length);
      text += WILDCARD;
      starts.push(tokenStarts[i]!);
      ends.push(tokenEnds[i]!);
      last = WILDCARD;
      continue;
    }
    const c = value as string;
    if (last !== '' && last !== WILDCARD) {
      const pair = last === 'v' && c === 'v' ? 'w' : last === 'c' && c === 'l' ? 'd' : undefined;
      if (pair !== undefined || c === last) {
        // A pair replaces one unit by one unit: `last` and `pair` are both single units.
        if (pair !== undefined) {
          text = text.slice(0, -1) + pair;
          last = pair;
        }
        ends[ends.length - 1] = tokenEnds[i]!;
        continue;
      }
    }
    text += c;
    for (let u = 0; u < c.length; u++) {
      starts.push(tokenStarts[i]!);
      ends.push(tokenEnds[i]!);
    }
    last = c;
  }
  return { text, starts: Int32Array.from(starts), ends: Int32Array.from(ends), wildcards };
}

/**
 * Folds a candidate loosely (see the module comment), from its `folded` fold: the reference,
 * in strings and arrays, that the typed-array fold of `fast-loose-fold.ts` (which verifiers use)
 * is tested against.
 */
export function looseFold(original: string, folded: FoldedText): LooseFold {
  const tokens = tokenize(original, folded);
  const plain = emit(tokens, false);
  if (!tokens.masks) return { plain };
  const masked = emit(tokens, true);
  return masked.wildcards.length > 0 ? { plain, masked } : { plain };
}

/** The loose key of a term: what a candidate's loose fold must contain for the term to occur. */
export function looseTerm(term: string): string {
  return emit(tokenize(term, foldTermText(term)), false).text;
}

/** A term of at least this many loose units may be found with masked letters. */
export const MASKED_MIN_UNITS = 4;

/** How many of a term's `length` loose units may be masked: one in four. */
export function maskedAllowance(length: number): number {
  return length < MASKED_MIN_UNITS ? 0 : Math.max(1, length >> 2);
}

/**
 * Occurrences of `keys` in a masked loose text, each with at least one wildcard (the others are
 * the plain pass's): pushes key index and start unit onto `matches`. Cost: wildcards × the
 * keys' total length × a key's length, paid only by candidates that mask letters.
 */
export function findMasked(text: LooseText, keys: readonly string[], matches: number[]): void {
  const s = text.text;
  const seen = new Set<number>();
  for (let key = 0; key < keys.length; key++) {
    const k = keys[key]!;
    const allowed = maskedAllowance(k.length);
    if (allowed === 0) continue;
    seen.clear();
    for (const p of text.wildcards) {
      for (let j = 0; j < k.length; j++) {
        const start = p - j;
        if (start < 0 || start + k.length > s.length || seen.has(start)) continue;
        let masks = 0;
        let ok = true;
        for (let x = 0; x < k.length && ok; x++) {
          const u = s.charCodeAt(start + x);
          if (u === 0xffff) ok = ++masks <= allowed;
          else ok = u === k.charCodeAt(x);
        }
        if (ok) {
          seen.add(start);
          matches.push(key, start);
        }
      }
    }
  }
}

const SEPARATOR = /[^\p{L}\p{N}]/gu;

function leet(text: string): string {
  let out = '';
  for (const c of text) out += LEET[c] ?? c;
  return out.replaceAll('vv', 'w').replaceAll('cl', 'd');
}

function styled(text: string): string {
  let out = '';
  for (const c of text) out += styledLetter(c.codePointAt(0)!) ?? c;
  return out;
}

const countOf = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

const nfd = (text: string) => (isNormalizationInert(text) ? text : text.normalize('NFD'));

/** Folds of terms named in occurrences, remembered (bounded): a contract's terms recur. */
const termFolds = new Map<string, string>();

function foldedTerm(term: string): string {
  let folded = termFolds.get(term);
  if (folded === undefined) {
    folded = foldTerm(term);
    if (termFolds.size >= 4096) termFolds.clear();
    termFolds.set(term, folded);
  }
  return folded;
}

/** Both sides of {@link looseDisguisesBetween} as its steps go, and the classes named so far. */
interface Sides {
  a: string;
  b: string;
  readonly seen: Set<DisguiseClass>;
}

/**
 * One loose step applied to both sides, `name` seen when it changed one while the two still
 * differed. A function of the module, not a closure per call: under a runner that keeps
 * function names (tsx, which `npm run bench` uses) naming each closure cost a microsecond.
 */
function step(sides: Sides, name: DisguiseClass, f: (s: string) => string): void {
  const { a, b } = sides;
  if (a === b) return;
  const a2 = f(a);
  const b2 = f(b);
  if (a2 !== a || b2 !== b) sides.seen.add(name);
  sides.a = a2;
  sides.b = b2;
}

const RUNS = /(.)\1+/gu;
const collapseRuns = (s: string) => s.replace(RUNS, '$1');

/**
 * Which disguises separate `original` (a slice of a candidate where a loose occurrence was
 * found) from `term`: `folded`'s classes (see `disguisesBetween`), then each loose step applied
 * to both, a class named when its step changed one side while the two still differed. `masked`
 * says the occurrence was found with masked letters.
 */
export function looseDisguisesBetween(original: string, term: string, masked: boolean): DisguiseClass[] {
  if (original === term) return [];
  // A masked occurrence's slice holds its mask, so it is never plain.
  if (!masked && isPlain(original) && isPlain(term)) return hasRun(original) || hasRun(term) ? ['stretched'] : [];
  return looseDisguisesStepwise(original, term, masked);
}

/**
 * Per code unit: 0 not yet computed, {@link PLAIN} or {@link NOT_PLAIN} (see {@link isPlain}).
 * Made at the first naming, so a process that never names loose disguises does not hold it.
 */
let plainTable: Uint8Array | undefined;
const PLAIN = 1;
const NOT_PLAIN = 2;

/**
 * True when every step of {@link looseDisguisesStepwise} leaves each code unit of `text` as it
 * is, alone and in any string of such units: ASCII or a CJK Unified Ideograph (no normalization
 * form changes them, and none composes with a neighbour) that is its own fold, its own loose
 * token (no leet, Han variant, styled or stripped letter, no separator or mask), its own case
 * fold and skeleton, and no markup or start of a leet pair (`<`, `&`, `v`, `c`). Between two
 * such strings the steps then name nothing, and only a run of one letter (`stretched`) tells
 * them apart: what {@link looseDisguisesBetween} answers without them.
 */
function isPlain(text: string): boolean {
  const table = (plainTable ??= new Uint8Array(65536));
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    const known = table[u]!;
    if (known === NOT_PLAIN || (known === 0 && (table[u] = plainEntryOf(u)) === NOT_PLAIN)) return false;
  }
  return true;
}

function plainEntryOf(u: number): number {
  if (!(u < 0x80 || (u >= 0x4e00 && u <= 0x9fff)) || u === 0x3c || u === 0x26 || u === 0x76 || u === 0x63) return NOT_PLAIN;
  const ch = String.fromCharCode(u);
  const tokens = tokensOf(u);
  const same = tokens.length === 1 && tokens[0] === ch && styled(ch) === ch;
  return same && foldSegment(ch) === ch && removeIgnorables(ch) === ch && caseFold(ch) === ch && skeleton(ch) === ch ? PLAIN : NOT_PLAIN;
}

/** True when two neighbouring code units of `text` are the same. */
function hasRun(text: string): boolean {
  for (let i = 1; i < text.length; i++) if (text.charCodeAt(i) === text.charCodeAt(i - 1)) return true;
  return false;
}

/**
 * {@link looseDisguisesBetween} step by step, for any text: the reference its shortcut for plain
 * text is tested against.
 */
export function looseDisguisesStepwise(original: string, term: string, masked: boolean): DisguiseClass[] {
  if (original === term) return [];
  const seen = new Set<DisguiseClass>(masked ? ['masked'] : []);
  let a = stripMarkup(original);
  let b = stripMarkup(term);
  if (a !== original) seen.add('markup');
  for (const d of disguisesBetween(a, b)) seen.add(d);
  // Continue from what folding leaves: both sides folded, as the matcher compared them.
  const sides: Sides = { a: foldTerm(a), b: foldedTerm(b), seen };
  step(sides, 'styled', styled);
  if (sides.a !== sides.b) {
    const marksA = countOf(nfd(sides.a), MARKS);
    const marksB = countOf(nfd(sides.b), MARKS);
    if (marksA > marksB || (marksA === marksB && marksA > 0 && stripMarks(sides.a) !== sides.a)) seen.add('marks');
    if (marksB > marksA) seen.add('diacritics');
    sides.a = stripMarks(sides.a);
    sides.b = stripMarks(sides.b);
  }
  step(sides, 'han_variant', hanFold);
  step(sides, 'leet', leet);
  ({ a, b } = sides);
  if (a !== b) {
    const sepA = countOf(a, SEPARATOR);
    const sepB = countOf(b, SEPARATOR);
    const a2 = a.replace(SEPARATOR, '');
    const b2 = b.replace(SEPARATOR, '');
    if (sepA > sepB || (sepA === sepB && sepA > 0 && a2 === b2 && !masked)) seen.add('separated');
    if (sepB > sepA) seen.add('joined');
    a = a2;
    b = b2;
  }
  if (a !== b && !masked) {
    if (collapseRuns(a).length < a.length || collapseRuns(b) !== b) seen.add('stretched');
  }
  return DISGUISE_CLASSES.filter((d) => seen.has(d));
}
