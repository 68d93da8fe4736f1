import type { DisguiseClass } from '../contract/index.js';
import { decodeCodePointTable } from '../contract/code-point-table.js';
import { hanFold, stripMarks } from '../contract/loose-fold.js';
import { CONFUSABLES } from '../contract/unicode-folding-data.js';

/** Lowercase Latin letters → look-alikes from other scripts (from the confusables data). */
let lookalikes: Map<string, string[]> | undefined;

function lookalikeMap(): Map<string, string[]> {
  if (lookalikes) return lookalikes;
  lookalikes = new Map();
  for (const [from, target] of decodeCodePointTable(CONFUSABLES)) {
    const source = String.fromCodePoint(from);
    // Cyrillic and Greek letters that read as one Latin letter: the look-alikes attackers use.
    if (/^[\p{Script=Cyrillic}\p{Script=Greek}]$/u.test(source) && /^\p{L}$/u.test(source) && target.length === 1) {
      const list = lookalikes.get(target) ?? [];
      list.push(source);
      lookalikes.set(target, list);
    }
  }
  return lookalikes;
}

/** A character → one with the same NFKC (fullwidth Latin, a Kangxi radical, a compatibility ideograph). */
let compatibilityForms: Map<string, string> | undefined;

function compatibilityMap(): Map<string, string> {
  if (compatibilityForms) return compatibilityForms;
  compatibilityForms = new Map();
  for (const [from, to] of [
    [0xff01, 0xff5e],
    [0x2f00, 0x2fd5],
    [0xf900, 0xfaff],
  ] as const) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      const plain = ch.normalize('NFKC');
      if (plain !== ch && [...plain].length === 1 && !compatibilityForms.has(plain)) compatibilityForms.set(plain, ch);
    }
  }
  return compatibilityForms;
}

type Disguiser = (term: string) => string | undefined;

/** Latin letter → a leet digit or symbol. */
const LEET_FORMS: Record<string, string> = { a: '4', e: '3', s: '5', t: '7', o: '0', b: '8', A: '4', E: '3', S: '5', T: '7', O: '0', B: '8' };
const LATIN = /^[\p{Script=Latin}\s]+$/u;

/** Each disguise class as a rewrite of a term; `undefined` where the class cannot apply to it. */
const DISGUISERS: Record<DisguiseClass, Disguiser> = {
  leet: (term) => (/[aestobAESTOB]/u.test(term) ? term.replace(/[aestobAESTOB]/gu, (ch) => LEET_FORMS[ch]!) : undefined),
  stretched: (term) => {
    const at = term.search(/[aeiouAEIOU]/u);
    return at < 0 ? undefined : `${term.slice(0, at)}${term[at]!.repeat(3)}${term.slice(at)}`;
  },
  separated: (term) => {
    const chars = [...term];
    return chars.length < 2 ? undefined : chars.join(' ');
  },
  joined: (term) => (/\s/u.test(term) ? term.replace(/\s+/gu, '') : undefined),
  masked: (term) => {
    const chars = [...term];
    if (chars.length < 4) return undefined;
    const at = chars.findIndex((ch, i) => i > 0 && i < chars.length - 1 && /\p{L}/u.test(ch));
    return at < 0 ? undefined : chars.map((ch, i) => (i === at ? '*' : ch)).join('');
  },
  markup: (term) => {
    const chars = [...term];
    const half = Math.max(1, chars.length >> 1);
    return `<b>${chars.slice(0, half).join('')}</b>${chars.slice(half).join('')}`;
  },
  styled: (term) =>
    LATIN.test(term) && /[a-z]/iu.test(term)
      ? term.replace(/[a-z]/giu, (ch) => String.fromCodePoint(0x1f150 + ch.toLowerCase().charCodeAt(0) - 0x61))
      : undefined,
  marks: (term) => [...term].map((ch) => (/\s/u.test(ch) ? ch : `${ch}\u0336`)).join(''),
  diacritics: (term) => {
    const plain = stripMarks(term);
    return plain !== term ? plain : undefined;
  },
  han_variant: (term) => {
    const simplified = hanFold(term);
    return simplified !== term ? simplified : undefined;
  },
  fullwidth: (term) => {
    const forms = compatibilityMap();
    const chars = [...term];
    const at = chars.findIndex((ch) => forms.has(ch));
    if (at < 0) return undefined;
    // Latin: the whole term in fullwidth; CJK: one character in its radical or compatibility form.
    return /\p{Script=Han}/u.test(chars[at]!)
      ? chars.map((ch, i) => (i === at ? forms.get(ch)! : ch)).join('')
      : chars.map((ch) => forms.get(ch) ?? ch).join('');
  },
  case: (term) => {
    const upper = term.toUpperCase();
    if (upper !== term) return upper;
    const lower = term.toLowerCase();
    return lower !== term ? lower : undefined;
  },
  ignorable: (term) => {
    const chars = [...term];
    return chars.length < 2 ? undefined : `${chars[0]}\u200b${chars.slice(1).join('')}`;
  },
  spacing: (term) => (/ /u.test(term) ? term.replace(/ /gu, '  ') : /\s/u.test(term) ? term.replace(/\s/gu, '\u00a0') : undefined),
  confusable: (term) => {
    const map = lookalikeMap();
    let changed = false;
    const out = [...term].map((ch) => {
      const look = map.get(ch);
      if (!look || changed) return ch;
      changed = true;
      return look[0]!;
    });
    return changed ? out.join('') : undefined;
  },
};

/** The combinations of disguise classes the probe tries besides each class alone. */
export const DISGUISE_COMBINATIONS: readonly (readonly DisguiseClass[])[] = [
  ['ignorable', 'case'],
  ['fullwidth', 'ignorable'],
  ['confusable', 'case', 'spacing'],
  ['fullwidth', 'case', 'ignorable', 'spacing', 'confusable'],
  ['leet', 'stretched', 'case'],
  ['han_variant', 'marks'],
];

/**
 * Order matters: the loose classes on the letters first, then look-alikes and case before width,
 * invisible characters last.
 */
const APPLY_ORDER = [
  'diacritics',
  'han_variant',
  'stretched',
  'leet',
  'masked',
  'joined',
  'separated',
  'styled',
  'marks',
  'markup',
  'confusable',
  'case',
  'spacing',
  'fullwidth',
  'ignorable',
] as const satisfies readonly DisguiseClass[];

/** `term` written in every one of `classes`, or `undefined` when one of them cannot apply to it. */
export function disguiseTerm(term: string, classes: readonly DisguiseClass[]): string | undefined {
  let out = term;
  let applied = 0;
  for (const c of APPLY_ORDER) {
    if (!classes.includes(c)) continue;
    const next = DISGUISERS[c](out);
    if (next === undefined) continue;
    out = next;
    applied++;
  }
  return applied === classes.length ? out : undefined;
}
