import { z } from 'zod';
import { boundedCall } from '../bounded-call.js';
import { compileContract, type CompiledContract } from './compile-contract.js';
import { DISGUISE_CLASSES, FOLDED_DISGUISE_CLASSES, foldTerm, type DisguiseClass } from './fold-text.js';
import { InputError } from '../errors.js';
import { hanFold, stripMarks } from './loose-fold.js';
import { CONFUSABLES } from './unicode-folding-data.js';
import { contractTerms, matchModeOf, TERM_LISTS, type ReplyContract, type TermListName } from './reply-contract.js';

/** What kind of hole a probe finding shows. */
export const PROBE_FINDING_KINDS = [
  'disguise',
  'blocks_denial',
  'generic_required_term',
  'duplicate_terms',
  'overlapping_terms',
  'accidental_fallback_term',
  'paraphrase',
] as const;

/** One kind of {@link ProbeFinding}. */
export type ProbeFindingKind = (typeof PROBE_FINDING_KINDS)[number];

/** One hole a probe found, with a candidate that demonstrates it. */
export interface ProbeFinding {
  readonly kind: ProbeFindingKind;
  /** The terms involved, as the contract spells them, each with its list (`forbidden_terms[2]`). */
  readonly terms: readonly string[];
  /** Where each term sits in the contract, e.g. `forbidden_terms[2]`, same order as `terms`. */
  readonly paths: readonly string[];
  /** A candidate reply that shows the hole (for `disguise` and `paraphrase`: one the contract accepts). */
  readonly candidate: string;
  /** The hole in a sentence. */
  readonly message: string;
  /** `disguise` only: the disguise classes the candidate uses. */
  readonly disguises?: readonly DisguiseClass[];
}

/**
 * The paraphrase part of a probe: asks a model for candidates that keep every required term yet
 * say what the forbidden terms forbid in other words. Replaceable so the contract layer never
 * loads the model layer itself (`probe-paraphrases.ts` holds the model-backed one).
 */
export type ParaphraseSource = (contract: ReplyContract, count: number, options?: { readonly signal?: AbortSignal }) => Promise<ParaphraseResult>;

/** What a {@link ParaphraseSource} returns: candidates, or why there are none, and its call evidence. */
export type ParaphraseResult =
  | { readonly ran: true; readonly candidates: readonly string[]; readonly calls: readonly unknown[] }
  | { readonly ran: false; readonly reason: string; readonly calls: readonly unknown[] };

/** What {@link probeContract} found. */
export interface ProbeReport {
  readonly contractVersion: ReplyContract['contractVersion'];
  readonly findings: readonly ProbeFinding[];
  /** Sentences for the reader: what a v0 contract should do about its disguise holes, what was skipped. */
  readonly notes: readonly string[];
  /**
   * The disguise classes some accepted candidate used (every class a finding names), in the
   * order of `DISGUISE_CLASSES`: what the contract's forbidden_terms matching leaves open.
   */
  readonly openDisguises: readonly DisguiseClass[];
  /**
   * Of {@link openDisguises}, the classes whose every candidate the same contract with
   * `matching.forbidden_terms: "loose"` rejects; empty when that contract is refused (its fallback
   * or a required term holds a forbidden term loosely) or is not v1.
   */
  readonly closedByLoose: readonly DisguiseClass[];
  /** The paraphrase part: `ran` with how many candidates were tried, or `skipped` and why. */
  readonly paraphrase: { readonly status: 'ran'; readonly tried: number } | { readonly status: 'skipped'; readonly reason: string };
  /** Evidence of the model calls the paraphrase part made (model call records). */
  readonly calls: readonly unknown[];
}

/** Options of {@link probeContract}. */
export interface ProbeOptions {
  /** The paraphrase part. Absent: skipped, and the report says so. */
  readonly paraphrase?: ParaphraseSource;
  /** How many paraphrase candidates to ask for. Default 8. */
  readonly paraphraseCount?: number;
  /**
   * Cancels the probe (the sidecar passes its request's signal): the paraphrase source is handed
   * it and no longer waited for once it aborts, and the probe rejects with the signal's reason.
   */
  readonly signal?: AbortSignal;
}

/**
 * Probes a contract for holes before users find them: disguised forbidden terms the contract
 * would accept (each class alone and some combinations, placed inside the fallback body), weak
 * terms (a forbidden term that blocks its own denial, a required term almost any reply holds,
 * duplicate or overlapping terms, a required term the fallback holds only inside a longer word)
 * and, with a paraphrase source, model-written candidates that say the forbidden thing in other
 * words yet pass. Every finding carries a candidate that demonstrates it.
 */
export async function probeContract(contract: ReplyContract, { paraphrase, paraphraseCount = 8, signal }: ProbeOptions = {}): Promise<ProbeReport> {
  signal?.throwIfAborted();
  const compiled = compileContract(contract);
  const c = compiled.contract;
  const findings: ProbeFinding[] = [...disguiseFindings(compiled), ...weakTermFindings(compiled)];
  const notes: string[] = [];
  const holes = findings.filter((f) => f.kind === 'disguise');
  const openDisguises = DISGUISE_CLASSES.filter((d) => holes.some((f) => f.disguises?.includes(d)));
  const foldedHoles = holes.filter((f) => f.disguises?.every((d) => (FOLDED_DISGUISE_CLASSES as readonly string[]).includes(d))).length;
  const mode = matchModeOf(c, 'forbidden_terms');
  if (foldedHoles > 0) {
    notes.push(
      c.contractVersion === 'v0'
        ? `contract_version "v0" matches exactly, so ${foldedHoles} disguised candidates pass; "v1" (forbidden_terms folded by default) closes these holes`
        : `forbidden_terms are matched exactly here, so ${foldedHoles} disguised candidates pass; set matching.forbidden_terms to "folded" to close these holes`,
    );
  }
  const closedByLoose = mode === 'loose' ? [] : looseCloses(c, holes, notes);
  if (mode === 'loose' && holes.length > 0) {
    notes.push(`matching.forbidden_terms "loose" still lets ${holes.length} disguised candidates pass (${openDisguises.join(', ')})`);
  }
  let paraphraseStatus: ProbeReport['paraphrase'];
  let calls: readonly unknown[] = [];
  if (!paraphrase) {
    paraphraseStatus = { status: 'skipped', reason: 'no model is configured' };
    notes.push('paraphrase attacks skipped: no model is configured (set WARRANT_MODEL, or a model for the task "probe")');
  } else {
    const result = await boundedCall((bound) => paraphrase(c, paraphraseCount, { signal: bound }), { signal });
    calls = result.calls;
    if (!result.ran) {
      paraphraseStatus = { status: 'skipped', reason: result.reason };
      notes.push(`paraphrase attacks skipped: ${result.reason}`);
    } else {
      paraphraseStatus = { status: 'ran', tried: result.candidates.length };
      for (const candidate of result.candidates) {
        if (compiled.verify(candidate).passed) {
          findings.push({
            kind: 'paraphrase',
            terms: [...c.forbiddenTerms],
            paths: c.forbiddenTerms.map((_, i) => `forbidden_terms[${i}]`),
            candidate,
            message: 'a model-written candidate the contract accepts; if it states what the forbidden terms forbid, add its wording to forbidden_terms',
          });
        }
      }
    }
  }
  return { contractVersion: c.contractVersion, findings, notes, openDisguises, closedByLoose, paraphrase: paraphraseStatus, calls };
}

/**
 * Which open disguise classes `loose` would close: the same contract (as v1) with
 * `matching.forbidden_terms: "loose"` verifies every disguise finding's candidate; a class is
 * closed when each candidate using it is rejected. Adds a note either way.
 */
function looseCloses(c: ReplyContract, holes: readonly ProbeFinding[], notes: string[]): DisguiseClass[] {
  if (holes.length === 0) return [];
  const open = DISGUISE_CLASSES.filter((d) => holes.some((f) => f.disguises?.includes(d)));
  const matching = { ...(c.matching ?? { mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact' }), forbiddenTerms: 'loose' } as const;
  let loose: CompiledContract;
  try {
    loose = compileContract({ ...c, contractVersion: 'v1', matching });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    notes.push(
      `${open.join(', ')} stay open: matching.forbidden_terms "loose" would close disguise holes, but refuses this contract (${error.issues.map((i) => `${i.path}: ${i.message}`).join('; ')})`,
    );
    return [];
  }
  const closed = open.filter((d) => holes.every((f) => !f.disguises?.includes(d) || !loose.verify(f.candidate).passed));
  const stillOpen = open.filter((d) => !closed.includes(d));
  notes.push(
    `matching.forbidden_terms ${JSON.stringify(matchModeOf(c, 'forbidden_terms'))} leaves ${open.join(', ')} open; "loose" closes ${closed.length > 0 ? closed.join(', ') : 'none of them'}` +
      (stillOpen.length > 0 ? ` (still open: ${stillOpen.join(', ')})` : ''),
  );
  return closed;
}

// ————— disguises —————

/** Lowercase Latin letters → look-alikes from other scripts (from the confusables data). */
let lookalikes: Map<string, string[]> | undefined;

function lookalikeMap(): Map<string, string[]> {
  if (lookalikes) return lookalikes;
  lookalikes = new Map();
  for (const entry of CONFUSABLES.split(';')) {
    const [from, to] = entry.split(':') as [string, string];
    const source = String.fromCodePoint(Number.parseInt(from, 16));
    const target = String.fromCodePoint(...to.split(' ').map((h) => Number.parseInt(h, 16)));
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
    return /\p{Script=Han}/u.test(chars[at]!) ? chars.map((ch, i) => (i === at ? forms.get(ch)! : ch)).join('') : chars.map((ch) => forms.get(ch) ?? ch).join('');
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

/** The combinations tried besides each class alone. */
const COMBINATIONS: DisguiseClass[][] = [
  ['ignorable', 'case'],
  ['fullwidth', 'ignorable'],
  ['confusable', 'case', 'spacing'],
  ['fullwidth', 'case', 'ignorable', 'spacing', 'confusable'],
  ['leet', 'stretched', 'case'],
  ['han_variant', 'marks'],
];

function disguise(term: string, classes: readonly DisguiseClass[]): string | undefined {
  let out = term;
  let applied = 0;
  // Order matters: the loose classes on the letters first, then look-alikes and case before
  // width, invisible characters last.
  const order = [
    'diacritics', 'han_variant', 'stretched', 'leet', 'masked', 'joined', 'separated', 'styled', 'marks', 'markup',
    'confusable', 'case', 'spacing', 'fullwidth', 'ignorable',
  ] as const;
  for (const c of order) {
    if (!classes.includes(c)) continue;
    const next = DISGUISERS[c](out);
    if (next === undefined) continue;
    out = next;
    applied++;
  }
  return applied === classes.length ? out : undefined;
}

function disguiseFindings(compiled: CompiledContract): ProbeFinding[] {
  const c = compiled.contract;
  const out: ProbeFinding[] = [];
  const seen = new Set<string>();
  c.forbiddenTerms.forEach((term, i) => {
    for (const classes of [...DISGUISE_CLASSES.map((d) => [d]), ...COMBINATIONS]) {
      const disguised = disguise(term, classes);
      if (disguised === undefined || disguised === term || seen.has(disguised)) continue;
      seen.add(disguised);
      const candidate = insideFallback(c.fallbackBody, disguised);
      if (!compiled.verify(candidate).passed) continue;
      out.push({
        kind: 'disguise',
        terms: [term],
        paths: [`forbidden_terms[${i}]`],
        candidate,
        disguises: DISGUISE_CLASSES.filter((d) => classes.includes(d)),
        message: `${JSON.stringify(term)} disguised by ${classes.join(' + ')} (${JSON.stringify(disguised)}) inside the fallback body is accepted`,
      });
    }
  });
  return out;
}

/** The fallback body with `text` placed after its first sentence (or at its end). */
function insideFallback(fallback: string, text: string): string {
  const m = /[。.!?！？]/u.exec(fallback);
  const at = m ? m.index + 1 : fallback.length;
  const cjk = /\p{Script=Han}/u.test(text);
  return `${fallback.slice(0, at)}${cjk ? '' : ' '}${text}${cjk ? '。' : '.'}${fallback.slice(at)}`;
}

// ————— weak terms —————

/** Words that make a term an assertion rather than a bare state, so its denial does not contain it. */
const AFFIRMATIVE = /(^|\s)(is|are|was|were|has|have|had|will|we|we've|i|i've|your|you|been|è|sono|ha|abbiamo|yra|buvo)(\s|$)|已|將|会|會|幫|帮|了|好|給您|给您/iu;

/** Replies unrelated to any one contract, in the four languages of the recordings. */
const GENERIC_REPLIES = [
  'Thank you for your message. We will get back to you as soon as possible.',
  'Sorry, I did not understand. Could you please tell me more about what you need?',
  'Please provide your order number and we will check the status for you.',
  'Yes, of course. Is there anything else I can help you with today?',
  'Grazie per il messaggio. Ti risponderemo il prima possibile.',
  'Puoi indicarci il numero della prenotazione, per favore?',
  'Ačiū už žinutę. Atsakysime kuo greičiau.',
  'Gal galite patikslinti, ko jums reikia?',
  '謝謝您的訊息，我們會盡快回覆您。',
  '請提供您的訂單編號，我們會協助您查詢。',
  '不好意思，請問您可以再說明一下需求嗎？',
  '好的，沒問題，還有什麼可以幫您的嗎？',
];

function weakTermFindings(compiled: CompiledContract): ProbeFinding[] {
  const c = compiled.contract;
  const out: ProbeFinding[] = [];

  // A forbidden bare state (one word, or up to three Chinese characters, with no word that makes
  // it an assertion) blocks its own denial: "not approved" holds "approved".
  c.forbiddenTerms.forEach((term, i) => {
    if (AFFIRMATIVE.test(term)) return;
    const cjk = /\p{Script=Han}/u.test(term);
    // A bare state: one word, or a short Chinese verb phrase; longer phrases carry their own claim.
    if (cjk ? [...term].length > 3 : /\s/u.test(term.trim())) return;
    const denial = cjk ? `目前尚未${term}。` : `It has not been ${term}.`;
    const candidate = insideFallback(c.fallbackBody, denial.replace(/[。.]$/u, ''));
    const verdict = compiled.verify(candidate);
    if (verdict.forbiddenTermsPresent.includes(term)) {
      out.push({
        kind: 'blocks_denial',
        terms: [term],
        paths: [`forbidden_terms[${i}]`],
        candidate,
        message: `${JSON.stringify(term)} also blocks a correct denial (${JSON.stringify(denial)}); forbid the assertion instead (e.g. ${JSON.stringify(cjk ? `已${term}` : `has been ${term}`)})`,
      });
    }
  });

  // A required term almost any reply holds guards nothing.
  const probeList = (list: TermListName) => {
    contractTerms(c, list).forEach((term, i) => {
      const folded = matchModeOf(c, list) === 'folded';
      const holds = (text: string) => (folded ? foldTerm(text).includes(foldTerm(term)) : text.includes(term));
      const holders = GENERIC_REPLIES.filter(holds);
      if (holders.length >= 2 || [...term].length <= 1) {
        out.push({
          kind: 'generic_required_term',
          terms: [term],
          paths: [`${list}[${i}]`],
          candidate: holders[0] ?? term,
          message: `${JSON.stringify(term)} is so generic that ${holders.length} of ${GENERIC_REPLIES.length} unrelated replies hold it; require the words that carry the turn's meaning`,
        });
      }
    });
  };
  for (const list of ['must_include', 'must_ask', 'canonical_terms'] as const) probeList(list);

  // Duplicates and overlaps, compared as each list matches them.
  const all = TERM_LISTS.flatMap((list) =>
    contractTerms(c, list).map((term, i) => ({ list, term, path: `${list}[${i}]`, key: matchModeOf(c, list) === 'folded' ? foldTerm(term) : term })),
  );
  const reported = new Set<string>();
  for (let a = 0; a < all.length; a++) {
    for (let b = a + 1; b < all.length; b++) {
      const x = all[a]!;
      const y = all[b]!;
      const pair = `${x.path}|${y.path}`;
      if (reported.has(pair)) continue;
      const bothForbidden = x.list === 'forbidden_terms' && y.list === 'forbidden_terms';
      const bothRequired = x.list !== 'forbidden_terms' && y.list !== 'forbidden_terms';
      if (!bothForbidden && !bothRequired) continue; // forbidden inside required is refused when reading
      if (x.key === y.key) {
        reported.add(pair);
        out.push({
          kind: 'duplicate_terms',
          terms: [x.term, y.term],
          paths: [x.path, y.path],
          candidate: y.term,
          message: `${x.path} ${JSON.stringify(x.term)} and ${y.path} ${JSON.stringify(y.term)} are the same term as matched; one of them checks nothing`,
        });
      } else if (x.key.includes(y.key) || y.key.includes(x.key)) {
        reported.add(pair);
        const [outer, inner] = x.key.includes(y.key) ? [x, y] : [y, x];
        out.push({
          kind: 'overlapping_terms',
          terms: [outer.term, inner.term],
          paths: [outer.path, inner.path],
          candidate: outer.term,
          message: bothForbidden
            ? `${inner.path} ${JSON.stringify(inner.term)} already forbids ${outer.path} ${JSON.stringify(outer.term)}, which holds it`
            : `${outer.path} ${JSON.stringify(outer.term)} already requires ${inner.path} ${JSON.stringify(inner.term)}, which it holds`,
        });
      }
    }
  }

  // A required term the fallback holds only inside a longer word (Latin scripts have words to tell).
  for (const list of ['must_include', 'must_ask', 'canonical_terms'] as const) {
    contractTerms(c, list).forEach((term, i) => {
      if (!/^[\p{L}\p{M}]/u.test(term) || /\p{Script=Han}/u.test(term)) return;
      const text = c.fallbackBody;
      let whole = false;
      for (let at = text.indexOf(term); at >= 0 && !whole; at = text.indexOf(term, at + 1)) {
        const before = text.slice(0, at).match(/[\p{L}\p{M}]$/u);
        const after = /^[\p{L}\p{M}]/u.test(text.slice(at + term.length)) && /[\p{L}\p{M}]$/u.test(term);
        if (!before && !after) whole = true;
      }
      if (!whole && text.includes(term)) {
        out.push({
          kind: 'accidental_fallback_term',
          terms: [term],
          paths: [`${list}[${i}]`],
          candidate: text,
          message: `the fallback holds ${JSON.stringify(term)} only inside a longer word; a reply could satisfy it the same way without saying it`,
        });
      }
    });
  }
  return out;
}

/** A probe report in its snake_case wire form (the CLI's `--json` and the sidecar's answer). */
export const probeReportJsonSchema = z
  .strictObject({
    contract_version: z.enum(['v0', 'v1']),
    findings: z.array(
      z.strictObject({
        kind: z.enum(PROBE_FINDING_KINDS),
        terms: z.array(z.string()),
        paths: z.array(z.string()),
        candidate: z.string(),
        message: z.string(),
        disguises: z.array(z.enum(DISGUISE_CLASSES)).optional(),
      }),
    ),
    notes: z.array(z.string()),
    open_disguise_classes: z.array(z.enum(DISGUISE_CLASSES)).describe('the disguise classes some accepted candidate used'),
    closed_by_loose: z.array(z.enum(DISGUISE_CLASSES)).describe('of those, the classes matching.forbidden_terms "loose" closes'),
    paraphrase: z.union([
      z.strictObject({ status: z.literal('ran'), tried: z.number().int().nonnegative() }),
      z.strictObject({ status: z.literal('skipped'), reason: z.string() }),
    ]),
    model_calls: z.array(z.unknown()),
  })
  .meta({ id: 'ProbeReport', description: "A contract's holes, each with a candidate that demonstrates it." });

/** A probe report in its snake_case wire form. */
export type ProbeReportJson = z.infer<typeof probeReportJsonSchema>;

/** The report → its wire form. */
export function probeReportToJson(report: ProbeReport): ProbeReportJson {
  return {
    contract_version: report.contractVersion,
    findings: report.findings.map((f) => ({
      kind: f.kind,
      terms: [...f.terms],
      paths: [...f.paths],
      candidate: f.candidate,
      message: f.message,
      ...(f.disguises ? { disguises: [...f.disguises] } : {}),
    })),
    notes: [...report.notes],
    open_disguise_classes: [...report.openDisguises],
    closed_by_loose: [...report.closedByLoose],
    paraphrase: report.paraphrase,
    model_calls: [...report.calls],
  };
}
