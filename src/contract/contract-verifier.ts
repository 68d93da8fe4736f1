import type { CandidateVerdict, ForbiddenMatch, NormalizationHint } from './candidate-verdict.js';
import { DISGUISE_CLASSES, countsAt, disguisesBetween, FoldScratch, foldTerm, foldText, type FoldedText } from './fold-text.js';
import { contractMatching, type MatchMode, type ReplyContract, type TermListName } from './reply-contract.js';
import { isNfcInert } from './is-nfc.js';
import { automatonMatcher, includesMatcher, ScanScratch, type ScanEngine, type TermMatcher } from './term-matcher.js';
import { LooseScratch, looseFoldUnits, MaskedKeys } from './fast-loose-fold.js';
import { looseDisguisesBetween, looseTerm } from './loose-fold.js';

/**
 * How a compiled contract searches a candidate for its terms. `auto` (the default) picks by
 * size: the `includes` loop up to {@link INCLUDES_MAX_TERMS} distinct terms, the automaton above.
 */
export type MatchStrategy = 'auto' | 'includes' | 'automaton';

/**
 * Up to this many distinct terms, a loop of `includes` is used; above, the automaton.
 * `includes` is native code, while the automaton pays a few nanoseconds per code unit, so the
 * loop wins while terms are few (docs/contract.md has the crossover measured with Chinese text).
 * `npm run bench contract` reports the automaton's time on the small contract too.
 */
export const INCLUDES_MAX_TERMS = 32;

/** Verifies candidates against one contract; built once, used for any number of candidates. */
export interface ContractVerifier {
  /** The strategy actually in use. */
  readonly strategy: 'includes' | 'automaton';
  /** Checks one candidate. Pure and deterministic; never throws for any string. */
  verify(candidate: string): CandidateVerdict;
  /**
   * Bytes its scans hold now that neither the contract's size nor its automata's fixed tables
   * (`matcherTableBytes`) account for: the JavaScript scan's scratch and, for each automaton
   * whose scan moved to WebAssembly, its instance's room for a candidate and its log. They grow
   * with the longest candidate verified so far and never shrink; 0 for a contract the includes
   * loop serves.
   */
  scanBytes(): number;
}

const NO_IDS = new Int32Array(0);

/**
 * Records of a few integers each, in a typed array a search reuses for every candidate
 * (verification is synchronous, so its scans never overlap): occurrences of terms as (term,
 * start, end, flags) quads (original offsets; flags {@link LOOSE_ONLY}, {@link MASKED}), windows
 * of the fold as (first unit, last, loose key) triples. An array made per verification, or one
 * emptied by `length = 0` (which frees its store, so the pushes after it allocate again), cost
 * several times the few records most candidates hold.
 */
class Records {
  /** Made at the first record: a verifier built for one turn may find none. */
  items = NO_IDS;
  /** Entries in use. */
  length = 0;

  push3(a: number, b: number, c: number): void {
    const at = this.length;
    const items = at + 3 > this.items.length ? this.grow() : this.items;
    items[at] = a;
    items[at + 1] = b;
    items[at + 2] = c;
    this.length = at + 3;
  }

  push4(a: number, b: number, c: number, d: number): void {
    const at = this.length;
    const items = at + 4 > this.items.length ? this.grow() : this.items;
    items[at] = a;
    items[at + 1] = b;
    items[at + 2] = c;
    items[at + 3] = d;
    this.length = at + 4;
  }

  private grow(): Int32Array {
    const grown = new Int32Array(Math.max(2 * this.items.length, 64));
    grown.set(this.items);
    this.items = grown;
    return grown;
  }
}

/** Occurrences of terms, as (term, start, end, flags) {@link Records}. */
type Occurrences = Records;

/** The empty occurrence list, shared: most candidates hold no forbidden term. */
const NO_OCCURRENCES: Occurrences = new Records();

/** Up to this many terms a table finds a term's id with `indexOf`; above, it keeps a `Map`. */
const SHORT_TABLE = 16;

/**
 * The distinct terms of the lists of one match mode, each named by its index in `terms`. A
 * small table has no `Map`: for the few terms of a contract written for one turn, building one
 * cost more than the searches it saves.
 */
class TermTable {
  readonly terms: string[] = [];
  /** Per id, the index in TERM_LISTS of the last list that holds the term. */
  readonly listOf: number[] = [];
  private ids: Map<string, number> | undefined;

  /**
   * The id of `term` for list `listIndex`, the term added if new; -1 when that list already
   * holds it (a term listed twice in one list is checked once). `listOf` holds the last list
   * that took each id: lists are taken in order, so an id taken before by this list is marked.
   */
  take(term: string, listIndex: number): number {
    const { terms, listOf } = this;
    let id = this.ids === undefined ? terms.indexOf(term) : (this.ids.get(term) ?? -1);
    if (id < 0) {
      id = terms.length;
      terms.push(term);
      listOf.push(listIndex);
      if (this.ids !== undefined) this.ids.set(term, id);
      else if (id === SHORT_TABLE) this.ids = new Map(terms.map((t, i) => [t, i]));
      return id;
    }
    if (listOf[id] === listIndex) return -1;
    listOf[id] = listIndex;
    return id;
  }
}

/** One table per match mode, made when a list first uses the mode. */
interface TermTables {
  exact: TermTable | undefined;
  folded: TermTable | undefined;
  loose: TermTable | undefined;
}

/** One list as the verifier walks it: its wire name, its mode, its terms' ids in their table. */
interface ListIds {
  readonly list: TermListName;
  readonly mode: MatchMode;
  readonly ids: Int32Array;
}

function listIds(tables: TermTables, list: TermListName, listIndex: number, mode: MatchMode, terms: readonly string[]): ListIds {
  const table = (tables[mode] ??= new TermTable());
  const ids = new Int32Array(terms.length);
  let k = 0;
  for (let i = 0; i < terms.length; i++) {
    const id = table.take(terms[i]!, listIndex);
    if (id >= 0) ids[k++] = id;
  }
  return { list, mode, ids: k === ids.length ? ids : ids.slice(0, k) };
}

/** The terms of `ids` not `found`, in the list's order. */
function missingTerms({ ids }: ListIds, found: Uint8Array, terms: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (found[id] === 0) out.push(terms[id]!);
  }
  return out;
}

const NO_FOUND = new Uint8Array(0);

/**
 * Builds the verifier of `contract`. Does not check that the contract is sound (that its
 * fallback obeys it, that it is satisfiable): `compileContract` and `readContract` do.
 *
 * Exact lists are searched in the candidate as it is, folded lists (v1) in the folded
 * candidate; each mode has its own matcher, built only when some list uses it. No named
 * closure (`const f = () => …`) is made here, only methods: a contract written for every turn
 * builds a verifier per turn, and under a runner that keeps function names (tsx, which
 * `npm run bench` uses) each named closure cost about a microsecond to name.
 */
export function createVerifier(contract: ReplyContract, strategy: MatchStrategy = 'auto', engine: ScanEngine | 'auto' = 'auto'): ContractVerifier {
  const matching = new Matching(strategy, engine);
  const modes = contractMatching(contract);
  const tables: TermTables = { exact: undefined, folded: undefined, loose: undefined };
  const mustInclude = listIds(tables, 'must_include', 0, modes.mustInclude, contract.mustInclude);
  const mustAsk = listIds(tables, 'must_ask', 1, modes.mustAsk, contract.mustAsk);
  const canonical = listIds(tables, 'canonical_terms', 2, modes.canonicalTerms, contract.canonicalTerms);
  const forbidden = listIds(tables, 'forbidden_terms', 3, modes.forbiddenTerms, contract.forbiddenTerms);
  const lists = [mustInclude, mustAsk, canonical, forbidden];
  const exactTerms = tables.exact?.terms ?? [];
  const exact = exactSearch(exactTerms, forbidden.mode === 'exact' ? forbidden.ids : NO_IDS, lists, matching);
  // Only forbidden terms may be loose (the schema refuses it elsewhere), so its table is theirs.
  // Folded and loose terms are searched in the same fold by one search (one scan of the folded
  // keys), over the folded table's terms and then the loose table's: ids from `foldedCount` on
  // are the loose table's, shifted.
  const foldedTerms = tables.folded?.terms ?? [];
  const looseTerms = tables.loose?.terms ?? [];
  const foldedCount = foldedTerms.length;
  const looseCount = looseTerms.length;
  const both =
    foldedCount + looseCount > 0
      ? foldedSearch(
          looseCount > 0 ? [...foldedTerms, ...looseTerms] : foldedTerms,
          forbidden.mode === 'folded' ? forbidden.ids : forbidden.mode === 'loose' ? forbidden.ids.map((id) => id + foldedCount) : NO_IDS,
          matching,
          looseCount > 0 ? foldedCount : undefined,
        )
      : undefined;
  const folded = both && foldedCount > 0 ? { found: both.found.subarray(0, foldedCount) } : undefined;
  const loose = both && looseCount > 0 ? { found: both.found.subarray(foldedCount) } : undefined;
  const forbiddenIds = forbidden.ids;
  const terms = tables[forbidden.mode]!.terms;
  const forbiddenRank = new Int32Array(terms.length);
  for (let rank = 0; rank < forbiddenIds.length; rank++) forbiddenRank[forbiddenIds[rank]!] = rank;
  // Per term, 1 while a verification lists the forbidden terms present (cleared after): a set
  // made per verification cost more than the few occurrences it held.
  const listed = new Uint8Array(terms.length);
  // Scratch of the verdict, grown at need: the occurrences' offsets in their quads, in verdict
  // order, and the places in the list of the forbidden terms present.
  let order = NO_IDS;
  let present = NO_IDS;
  const v1 = contract.contractVersion === 'v1';
  // Each required list's terms and the `found` marks its mode's search leaves (the same array every scan).
  const found: Record<MatchMode, Uint8Array> = { exact: exact.found, folded: folded ? folded.found : NO_FOUND, loose: loose ? loose.found : NO_FOUND };
  const includeTerms = tables[mustInclude.mode]!.terms;
  const includeFound = found[mustInclude.mode];
  const askTerms = tables[mustAsk.mode]!.terms;
  const askFound = found[mustAsk.mode];
  const canonicalTerms = tables[canonical.mode]!.terms;
  const canonicalFound = found[canonical.mode];

  return {
    strategy: (both ?? exact).strategy,
    scanBytes() {
      return matching.scanBytes();
    },
    verify(candidate) {
      const exactFound = exact.scan(candidate);
      const foldedFound = both ? both.scan(candidate, foldText(candidate, matching.folds())) : NO_OCCURRENCES;
      // Only forbidden terms are recorded, so the occurrences name every forbidden term present:
      // no need to walk a list of thousands of absent ones.
      const occurrences = forbidden.mode === 'exact' ? exactFound : foldedFound;
      const quads = occurrences.items;
      const count = occurrences.length;
      // Loose occurrences are of the loose table's terms: their ids come shifted.
      if (forbidden.mode === 'loose') for (let i = 0; i < count; i += 4) quads[i]! -= foldedCount;
      const forbiddenTermsPresent: string[] = [];
      const forbiddenMatches: ForbiddenMatch[] = [];
      // Bit i: DISGUISE_CLASSES[i] is named on some occurrence.
      let seenDisguises = 0;
      if (count > 0) {
        if (order.length < count / 4) {
          order = new Int32Array(count / 2);
          present = new Int32Array(count / 2);
        }
        let occurrenceCount = 0;
        let presentCount = 0;
        for (let i = 0; i < count; i += 4) {
          order[occurrenceCount++] = i;
          const id = quads[i]!;
          if (listed[id] === 0) {
            listed[id] = 1;
            present[presentCount++] = forbiddenRank[id]!;
          }
        }
        sortAscending(present, presentCount);
        for (let k = 0; k < presentCount; k++) {
          const id = forbiddenIds[present[k]!]!;
          listed[id] = 0;
          forbiddenTermsPresent.push(terms[id]!);
        }
        sortByPlace(order, occurrenceCount, quads, forbiddenRank);
        for (let k = 0; k < occurrenceCount; k++) {
          const i = order[k]!;
          const term = terms[quads[i]!]!;
          const start = quads[i + 1]!;
          const end = quads[i + 2]!;
          const flags = quads[i + 3]!;
          if (forbidden.mode === 'exact') forbiddenMatches.push({ term, start, end });
          else {
            // The term as written names no disguise (both namings say so first): told without a
            // slice of the candidate, which most occurrences would make for nothing.
            if (end - start === term.length && candidate.startsWith(term, start)) {
              forbiddenMatches.push({ term, start, end, disguises: [] });
              continue;
            }
            const slice = candidate.slice(start, end);
            const disguises = (flags & LOOSE_ONLY) !== 0 ? looseDisguisesBetween(slice, term, (flags & MASKED) !== 0) : disguisesBetween(slice, term);
            for (const d of disguises) seenDisguises |= 1 << DISGUISE_CLASSES.indexOf(d);
            forbiddenMatches.push({ term, start, end, disguises });
          }
        }
      }

      const normalizationHints = exact.hints(candidate);
      const missingMustInclude = missingTerms(mustInclude, includeFound, includeTerms);
      const missingMustAsk = missingTerms(mustAsk, askFound, askTerms);
      const missingCanonicalTerms = missingTerms(canonical, canonicalFound, canonicalTerms);
      const passed = missingMustInclude.length === 0 && missingMustAsk.length === 0 && missingCanonicalTerms.length === 0 && forbiddenTermsPresent.length === 0;
      // v0 verdicts keep exactly their v0 shape; only v1 ones name disguises. Two literals, not
      // a spread of one into the other: copying the object by spread cost far more than the
      // literal, on every v1 verification.
      if (!v1) {
        return { passed, missingMustInclude, missingMustAsk, missingCanonicalTerms, forbiddenTermsPresent, forbiddenMatches, normalizationHints };
      }
      return {
        passed,
        missingMustInclude,
        missingMustAsk,
        missingCanonicalTerms,
        forbiddenTermsPresent,
        forbiddenMatches,
        normalizationHints,
        disguisesSeen: seenDisguises === 0 ? [] : DISGUISE_CLASSES.filter((_, i) => (seenDisguises & (1 << i)) !== 0),
      };
    },
  };
}

/**
 * The exact lists' search: the matcher over the candidate as it is, and the NFC hints of
 * Reply Contract v0. `scan` leaves which terms were found in `found` and returns the recorded
 * (forbidden) occurrences as (term, start, end) triples.
 */
function exactSearch(terms: readonly string[], forbiddenIds: Int32Array, lists: readonly ListIds[], matching: Matching) {
  const record = new Uint8Array(terms.length);
  for (let k = 0; k < forbiddenIds.length; k++) record[forbiddenIds[k]!] = 1;
  const matcher = chooseMatcher(terms, record, matching);
  const exactLists = lists.filter((l) => l.mode === 'exact');

  // NFC hints need a second matcher over the normalized terms; build it only when first needed.
  // Terms whose every unit is NFC-inert are NFC as they are: one test of them all, joined,
  // instead of a `normalize` per term (a sixth of compiling 2,000 terms).
  const inertTerms = isNfcInert(terms.join(''));
  const nfcTerms = inertTerms ? terms : terms.map((term) => term.normalize('NFC'));
  const termsAreNfc = inertTerms || nfcTerms.every((term, i) => term === terms[i]);
  let nfc: NfcSearch | undefined;

  // Scratch, reset per call: verification is synchronous, so calls never overlap.
  const found = new Uint8Array(terms.length);
  const scratchPairs: number[] = [];
  const occurrences = new Records();
  let inert = true;
  return {
    strategy: matcher.strategy,
    found,
    scan(candidate: string): Occurrences {
      found.fill(0);
      occurrences.length = 0;
      if (terms.length === 0) {
        inert = true;
        return occurrences;
      }
      const pairs = scratchPairs;
      // Most scans record nothing: setting an array's length is a builtin call, so only when due.
      if (pairs.length !== 0) pairs.length = 0;
      inert = matcher.scan(candidate, found, pairs);
      for (let i = 0; i < pairs.length; i += 2) occurrences.push4(pairs[i]!, pairs[i + 1]!, pairs[i + 1]! + terms[pairs[i]!]!.length, 0);
      return occurrences;
    },
    /** After {@link scan} of the same candidate: the exact lists' NFC hints. */
    hints(candidate: string): NormalizationHint[] {
      const normalizationHints: NormalizationHint[] = [];
      if (terms.length === 0) return normalizationHints;
      // Inert text is NFC; anything else is asked of `normalize` (once), which is slower but rare.
      const nfcCandidate = inert ? candidate : candidate.normalize('NFC');
      if (!termsAreNfc || nfcCandidate !== candidate) {
        const n = (nfc ??= nfcSearch(nfcTerms, matching, matcher.strategy));
        n.found.fill(0);
        n.matcher.scan(nfcCandidate, n.found, []);
        for (const { list, ids } of exactLists) {
          for (const id of ids) {
            if (found[id] === 0 && n.found[n.idOf[id]!] === 1) normalizationHints.push({ list, term: terms[id]! });
          }
        }
      }
      return normalizationHints;
    },
  };
}

/** The exact lists' second matcher, over the NFC forms of their terms (see `exactSearch`'s hints). */
interface NfcSearch {
  readonly matcher: TermMatcher;
  /** Per exact term, the id of its NFC form among the distinct ones. */
  readonly idOf: Int32Array;
  readonly found: Uint8Array;
}

function nfcSearch(nfcTerms: readonly string[], matching: Matching, strategy: 'includes' | 'automaton'): NfcSearch {
  const unique = [...new Set(nfcTerms)];
  const position = new Map(unique.map((term, i) => [term, i]));
  return {
    matcher: chooseMatcher(unique, new Uint8Array(unique.length), matching, strategy),
    idOf: Int32Array.from(nfcTerms, (term) => position.get(term)!),
    found: new Uint8Array(unique.length),
  };
}

/** Flag of an occurrence only the loose pass found: its disguises are named by the loose steps. */
const LOOSE_ONLY = 1;
/** Flag of an occurrence found with masked letters. */
const MASKED = 2;

/**
 * The folded or loose lists' search (v1): the candidate is folded once (`foldText`), the folded
 * terms searched in it, and each occurrence mapped back to the original candidate's offsets.
 * Every folded term is recorded, because some occurrences do not count (`countsAt`: inside one
 * character's fold, or just before a combining mark) and only the occurrences tell.
 *
 * Where the fold joined several visible code points into one segment (a letter and a mark
 * after it), a term can occur exactly and still not in the fold (`guarantee` + U+0301 folds to
 * `guaranté`): the exact occurrences are then added, so `folded` catches all `exact` catches.
 * The terms from `looseFrom` on (the loose list's) also get, over the same fold, the loose pass
 * and the masked pass (`fast-loose-fold.ts`), so `loose` catches all `folded` catches (W11).
 *
 * The loose terms' folded keys are not searched in the whole fold: a folded occurrence is
 * inside the folded range of a loose occurrence of the same term (the loose fold reads each
 * folded code point alone and only leaves units out or merges a unit with the same letter
 * before it), except where a pair (`vv` → `w`, `cl` → `d`) merges across its edge, or in
 * markup. So they are searched only in windows around the plain loose pass's occurrences and
 * pairs; in the whole fold when the candidate holds markup. A term's folded occurrence may reach
 * past its loose one by the separators at its edges (`refund.`), but holds some of its units, so
 * around an occurrence the folded keys of the terms its loose key stands for are compared, unit
 * by unit, wherever they would overlap it (a folded occurrence of another term there lies in a
 * window of its own). When the fold made a pair, every window, widened by the longest folded
 * key, is searched for every key, by the matcher.
 * `fast-loose-fold.property.test.ts` checks the verdicts against the folded list's full search.
 */
function foldedSearch(terms: readonly string[], forbiddenIds: Int32Array, matching: Matching, looseFrom: number | undefined) {
  const recorded = new Uint8Array(terms.length);
  for (const id of forbiddenIds) recorded[id] = 1;
  const foldedCount = looseFrom ?? terms.length;
  // The folded lists' keys, searched in the whole fold; the loose list's, in windows.
  const whole = foldedKeys(terms, 0, foldedCount, matching);
  const windowed = looseFrom !== undefined ? foldedKeys(terms, looseFrom, terms.length, matching) : undefined;
  const found = new Uint8Array(terms.length);
  // The exact terms, for texts whose fold joined code points; built when first needed.
  let raw: { matcher: TermMatcher; found: Uint8Array } | undefined;
  const loose = looseFrom !== undefined ? looseSearch(terms.slice(looseFrom), looseFrom, matching) : undefined;
  // Per loose key, the folded keys of its terms: what the window around one of its occurrences
  // is searched for.
  const around = loose && windowed ? keysAround(loose.termsOfKey, windowed.keyOf) : NO_KEYS_AROUND;
  // Windows of the fold around which the loose terms' folded keys are searched: (first folded
  // unit, last, loose key or -1 for a pair) triples.
  const windows = new Records();
  const spans: number[] = [];
  // The occurrences returned, and those found exactly or by the loose pass, appended to them
  // where new (see `appendNew`).
  const quads = new Records();
  const extra = new Records();
  return {
    strategy: (windowed ?? whole).strategy,
    found,
    /**
     * Sets `found` for every term present in `candidate`, whose fold is `folded`; returns the
     * forbidden ones' occurrences as (term, start, end, flags) in the original.
     */
    scan(candidate: string, folded: FoldedText): Occurrences {
      found.fill(0);
      quads.length = 0;
      extra.length = 0;
      if (whole.termCount > 0) whole.scan(folded, 0, folded.length, found, recorded, quads);
      if (folded.joined) {
        raw ??= { matcher: chooseMatcher(terms, new Uint8Array(terms.length).fill(1), matching), found: new Uint8Array(terms.length) };
        raw.found.fill(0);
        const exactPairs: number[] = [];
        raw.matcher.scan(candidate, raw.found, exactPairs);
        for (let i = 0; i < exactPairs.length; i += 2) {
          const id = exactPairs[i]!;
          found[id] = 1;
          if (recorded[id] === 1) extra.push4(id, exactPairs[i + 1]!, exactPairs[i + 1]! + terms[id]!.length, 0);
        }
      }
      if (loose && windowed) {
        // The loose pass reads the original through the fold, so it runs before the next fold.
        windows.length = 0;
        const everywhere = loose.scan(candidate, folded, found, recorded, extra, windows);
        if (everywhere || loose.emptyKey) windowed.scan(folded, 0, folded.length, found, recorded, quads);
        else if (windows.length !== 0) {
          sortWindows(windows);
          // A pair's window may hold an occurrence of any key; an occurrence's window, only of
          // its own terms' keys (see above), which are compared there unit by unit: an automaton
          // scan of a few windows cost about a tenth of a verification, its tables out of cache.
          if (loose.paired()) scanWindows(windowed, folded, windows, spans, found, recorded, quads);
          else windowed.scanAround(folded, windows, around, found, recorded, quads);
        }
      }
      if (extra.length > 0) appendNew(quads, extra);
      return quads;
    },
  };
}

/** Up to this many occurrences in all, {@link appendNew} compares them pair by pair. */
const PAIRWISE_MAX = 64;

/**
 * Appends to `quads` each occurrence of `extra` (term, start, end, flags) whose term and range
 * it does not hold yet. The few occurrences of most candidates are compared pair by pair: a set
 * of keys made of strings cost a large share of a loose verification.
 */
function appendNew(quads: Occurrences, extra: Occurrences): void {
  const more = extra.items;
  const count = extra.length;
  if (quads.length + count <= 4 * PAIRWISE_MAX) {
    for (let i = 0; i < count; i += 4) {
      const id = more[i]!;
      const start = more[i + 1]!;
      const end = more[i + 2]!;
      // Those appended too: the exact and the loose pass may find the same range.
      const have = quads.items;
      const held = quads.length;
      let q = 0;
      while (q < held && !(have[q] === id && have[q + 1] === start && have[q + 2] === end)) q += 4;
      if (q === held) quads.push4(id, start, end, more[i + 3]!);
    }
    return;
  }
  const have = new Set<string>();
  for (let i = 0; i < quads.length; i += 4) have.add(`${quads.items[i]},${quads.items[i + 1]},${quads.items[i + 2]}`);
  for (let i = 0; i < count; i += 4) {
    const key = `${more[i]},${more[i + 1]},${more[i + 2]}`;
    if (have.has(key)) continue;
    have.add(key);
    quads.push4(more[i]!, more[i + 1]!, more[i + 2]!, more[i + 3]!);
  }
}

/**
 * Searches `keys` in the windows of the fold listed in `windows` ((first folded unit, last,
 * loose key) triples, by first unit ascending; the key is not read), each widened by the
 * longest key on both sides; overlapping windows are searched as one, so no occurrence is
 * reported twice. `spans` is scratch for the merged windows, reused from one candidate to the
 * next.
 */
function scanWindows(
  keys: FoldedKeys,
  folded: FoldedText,
  { items: windows, length: count }: Records,
  spans: number[],
  found: Uint8Array,
  recorded: Uint8Array,
  quads: Occurrences,
): void {
  const wide = keys.longest;
  const n = folded.length;
  if (spans.length !== 0) spans.length = 0;
  let from = Math.max(0, windows[0]! - wide);
  let to = Math.min(n, windows[1]! + 1 + wide);
  for (let w = 3; w < count; w += 3) {
    const a = Math.max(0, windows[w]! - wide);
    const b = Math.min(n, windows[w + 1]! + 1 + wide);
    if (a <= to) {
      if (b > to) to = b;
      continue;
    }
    spans.push(from, to);
    from = a;
    to = b;
  }
  spans.push(from, to);
  keys.scanSpans(folded, spans, found, recorded, quads);
}

/**
 * Sorts the triples of `windows` in place by their first unit. The plain pass logs its
 * occurrences by start, so they nearly always come in order: checked in one pass, they are
 * sorted (an array of indices and a comparator) only when not.
 */
function sortWindows({ items: windows, length: count }: Records): void {
  let ordered = true;
  for (let w = 3; w < count && ordered; w += 3) ordered = windows[w - 3]! <= windows[w]!;
  if (ordered) return;
  const order: number[] = [];
  for (let w = 0; w < count; w += 3) order.push(w);
  sortedBy(order, (a, b) => windows[a]! - windows[b]!);
  const copy = windows.slice(0, count);
  for (let k = 0; k < order.length; k++) for (let i = 0; i < 3; i++) windows[3 * k + i] = copy[order[k]! + i]!;
}

/**
 * Per loose key `k`, the distinct folded keys of the terms it stands for: `keys` from
 * `from[k]` to `from[k + 1]` (exclusive). Two flat arrays, not an array per loose key: a
 * contract of thousands of loose terms would make thousands of them per compilation.
 */
interface KeysAround {
  readonly from: Int32Array;
  readonly keys: Int32Array;
}

const NO_KEYS_AROUND: KeysAround = { from: new Int32Array(1), keys: new Int32Array(0) };

/** The {@link KeysAround} of loose keys whose terms are `termsOfKey`, terms whose folded keys are `keyOf`. */
function keysAround(termsOfKey: readonly (readonly number[])[], keyOf: Int32Array): KeysAround {
  const from = new Int32Array(termsOfKey.length + 1);
  const keys = new Int32Array(keyOf.length);
  let count = 0;
  for (let k = 0; k < termsOfKey.length; k++) {
    from[k] = count;
    for (const id of termsOfKey[k]!) {
      const key = keyOf[id]!;
      // A loose key stands for few terms: the keys taken for it are compared one by one.
      let taken = false;
      for (let i = from[k]!; i < count && !taken; i++) taken = keys[i] === key;
      if (!taken) keys[count++] = key;
    }
  }
  from[termsOfKey.length] = count;
  return { from, keys };
}

type FoldedKeys = ReturnType<typeof foldedKeys>;

/** Spans longer than this many units are copied into the joined units by `set`, shorter ones unit by unit. */
const LONG_SPAN = 64;

/**
 * The folded keys of terms `first` to `last` (exclusive) of `terms` and their search in a span
 * of the fold: each occurrence that counts sets `found` for the terms that fold to its key and
 * is pushed onto `quads` (term, start, end, 0 — original offsets) when the term is recorded.
 */
function foldedKeys(terms: readonly string[], first: number, last: number, matching: Matching) {
  const foldedTerms = terms.slice(first, last).map((term) => foldTerm(term));
  const unique = [...new Set(foldedTerms)];
  const position = new Map(unique.map((term, i) => [term, i]));
  // Folded term → the contract's terms that fold to it (a list may hold `Reserved` and `reserved`).
  const termsOfKey: number[][] = unique.map(() => []);
  const keyOf = new Int32Array(foldedTerms.length);
  foldedTerms.forEach((term, i) => {
    keyOf[i] = position.get(term)!;
    termsOfKey[keyOf[i]!]!.push(first + i);
  });
  // A term of nothing but ignorable code points folds to nothing; `readContract` refuses it,
  // and until then it is searched as a string that never occurs. (Mutation testing skips this
  // line: searched as '', such a term occurs at every offset, and the scan's occurrence list
  // grows until the test process dies instead of failing a test.)
  // Stryker disable next-line ConditionalExpression,StringLiteral: searching '' crashes the runner
  const searched = unique.map((term) => (term === '' ? '\u0000\uffff\u0000' : term));
  const matcher = chooseMatcher(searched, new Uint8Array(unique.length).fill(1), matching);
  const keyFound = new Uint8Array(unique.length);
  const pairs: number[] = [];
  // For scanAround, made at its first call: per key, the first position of the candidate's fold
  // not yet compared with it (0 for a key not compared yet), and room for the keys compared.
  let nextToCompare: Int32Array | undefined;
  let comparedKeys: Int32Array | undefined;
  /** A code unit no key holds, set between the spans {@link scanSpans} joins; found when first needed. */
  let between = -1;
  /** Reports the occurrence of `key` at folded unit `start` (see the search below). */
  const report = (folded: FoldedText, key: number, start: number, found: Uint8Array, recorded: Uint8Array, quads: Occurrences) => {
    const end = start + searched[key]!.length;
    if (!countsAt(folded, start, end)) return;
    const origin = folded.startOf(start);
    const limit = folded.endOf(end - 1);
    for (const id of termsOfKey[key]!) {
      found[id] = 1;
      if (recorded[id] === 1) quads.push4(id, origin, limit, 0);
    }
  };
  return {
    termCount: last - first,
    strategy: matcher.strategy,
    /** Per term (`first` on, from 0), the index of its key. */
    keyOf,
    /** Units of the longest key. */
    longest: searched.reduce((most, key) => Math.max(most, key.length), 0),
    /** Searches folded units `from` to `to` (exclusive). */
    scan(folded: FoldedText, from: number, to: number, found: Uint8Array, recorded: Uint8Array, quads: Occurrences): void {
      // Every key is recorded, so a matcher reports each occurrence without reading `keyFound`:
      // it is not cleared for each window (a fill of a byte per key, per window).
      if (pairs.length !== 0) pairs.length = 0;
      if (matcher.scanUnits) matcher.scanUnits(from === 0 ? folded.units : folded.units.subarray(from, to), to - from, keyFound, pairs);
      else matcher.scan(from === 0 && to === folded.length ? folded.text() : folded.text().slice(from, to), keyFound, pairs);
      for (let i = 0; i < pairs.length; i += 2) report(folded, pairs[i]!, from + pairs[i + 1]!, found, recorded, quads);
    },
    /**
     * Searches the windows listed in `windows` ((first folded unit, last, loose key) triples, by
     * first unit ascending) for the keys `around` lists for the window's loose key, compared
     * there unit by unit at every position where the key would overlap the window: a folded
     * occurrence holds units of the loose occurrence it stands for (it reaches past it only by
     * separators, see `foldedSearch`), so it overlaps that occurrence's window, while one that
     * only comes near it overlaps a window of its own. Each key is compared once at each
     * position, so no occurrence is reported twice: the windows come by first unit, so the
     * positions a key was compared at before in this candidate are all before the one
     * `nextToCompare` holds for it.
     */
    scanAround(
      folded: FoldedText,
      { items: windows, length: count }: Records,
      around: KeysAround,
      found: Uint8Array,
      recorded: Uint8Array,
      quads: Occurrences,
    ): void {
      const next = (nextToCompare ??= new Int32Array(unique.length));
      const compared = (comparedKeys ??= new Int32Array(unique.length));
      let comparedCount = 0;
      const units = folded.units;
      const n = folded.length;
      const { from: keysFrom, keys } = around;
      for (let w = 0; w < count; w += 3) {
        const windowFirst = windows[w]!;
        const windowLast = windows[w + 1]!;
        const looseKey = windows[w + 2]!;
        const end = keysFrom[looseKey + 1]!;
        for (let k = keysFrom[looseKey]!; k < end; k++) {
          const key = keys[k]!;
          const text = searched[key]!;
          const length = text.length;
          const first = text.charCodeAt(0);
          // The positions where the key would overlap the window and end in the fold.
          const last = Math.min(windowLast, n - length);
          const seen = next[key]!;
          for (let p = Math.max(windowFirst - length + 1, seen, 0); p <= last; p++) {
            if (units[p] !== first) continue;
            let i = 1;
            while (i < length && units[p + i] === text.charCodeAt(i)) i++;
            if (i === length) report(folded, key, p, found, recorded, quads);
          }
          if (last >= seen) {
            if (seen === 0) compared[comparedCount++] = key;
            next[key] = last + 1;
          }
        }
      }
      for (let c = 0; c < comparedCount; c++) next[compared[c]!] = 0;
    },
    /**
     * Searches the spans of the fold listed in `spans` ((from, to) pairs, ascending and apart) in
     * one scan, as {@link scan} of each would: their units joined, a unit no key holds between
     * them, so no occurrence crosses from one to the next. One scan of a few windows costs far
     * less than a scan of each (a WebAssembly call, its copy, its log).
     */
    scanSpans(folded: FoldedText, spans: readonly number[], found: Uint8Array, recorded: Uint8Array, quads: Occurrences): void {
      if (between < 0) between = unitInNone(searched);
      let total = 0;
      for (let s = 0; s < spans.length; s += 2) total += spans[s + 1]! - spans[s]! + 1;
      const joined = matching.joined(total);
      const units = folded.units;
      let at = 0;
      for (let s = 0; s < spans.length; s += 2) {
        const from = spans[s]!;
        const to = spans[s + 1]!;
        // A window is a few units: copied one by one, as a `subarray` (an object each) cost more.
        if (to - from > LONG_SPAN) joined.set(units.subarray(from, to), at);
        else for (let u = from; u < to; u++) joined[at + u - from] = units[u]!;
        at += to - from;
        joined[at++] = between;
      }
      if (pairs.length !== 0) pairs.length = 0;
      matcher.scanUnits!(joined, total, keyFound, pairs);
      for (let i = 0; i < pairs.length; i += 2) {
        // The span holding the occurrence, and where that span starts in the joined units.
        let p = pairs[i + 1]!;
        let s = 0;
        for (let width = spans[1]! - spans[0]! + 1; p >= width; width = spans[s + 1]! - spans[s]! + 1) {
          p -= width;
          s += 2;
        }
        report(folded, pairs[i]!, spans[s]! + p, found, recorded, quads);
      }
    },
  };
}

/** A code unit that no key of `keys` holds (keys hold few of the 65,536). */
function unitInNone(keys: readonly string[]): number {
  const held = new Set<number>();
  for (const key of keys) for (let i = 0; i < key.length; i++) held.add(key.charCodeAt(i));
  let unit = 0xffff;
  while (held.has(unit)) unit--;
  return unit;
}

/**
 * The loose pass of {@link foldedSearch}: the terms' loose keys searched in the candidate's loose
 * fold, and, when the candidate masks letters, the masked pass. Term `t` here is term
 * `t + offset` of the search's `found` and `recorded`.
 */
function looseSearch(terms: readonly string[], offset: number, matching: Matching) {
  const keys = terms.map(looseTerm);
  const unique = [...new Set(keys)];
  const position = new Map(unique.map((key, i) => [key, i]));
  const termsOfKey: number[][] = unique.map(() => []);
  keys.forEach((key, id) => termsOfKey[position.get(key)!]!.push(id));
  // A key of nothing (a term of only punctuation or emoji) is refused by lintContract; until
  // then it is searched as a string no loose fold holds.
  const searched = unique.map((key) => (key === '' ? '\uffff\uffff' : key));
  const matcher = chooseMatcher(searched, new Uint8Array(unique.length).fill(1), matching);
  const keyFound = new Uint8Array(unique.length);
  const loose = matching.looses();
  const pairs: number[] = [];
  let paired = false;
  /** The keys indexed for the masked pass, at the first candidate that masks letters. */
  let masked: MaskedKeys | undefined;
  /** Reports the occurrences in `pairs`, found in the fold in `loose`, onto `out`. */
  const report = (found: Uint8Array, recorded: Uint8Array, out: Occurrences, flags: number) => {
    for (let i = 0; i < pairs.length; i += 2) {
      const key = pairs[i]!;
      const start = pairs[i + 1]!;
      const end = start + searched[key]!.length;
      for (const term of termsOfKey[key]!) {
        const id = term + offset;
        found[id] = 1;
        if (recorded[id] === 1) out.push4(id, loose.startOf(start), loose.endOf(end - 1), flags);
      }
    }
  };
  return {
    /** Per loose key, the terms (from 0) whose key it is. */
    termsOfKey: termsOfKey as readonly (readonly number[])[],
    /**
     * Whether the last {@link scan}'s plain fold made a pair (`vv` → `w`, `cl` → `d`); read
     * from the fold then, as the masked fold after it may make other pairs.
     */
    paired(): boolean {
      return paired;
    },
    /**
     * Some term's loose key is empty (a term of only punctuation or emoji): no loose occurrence
     * stands for its folded ones, so its folded key is searched everywhere.
     */
    emptyKey: unique.includes(''),
    /**
     * Reports the loose occurrences onto `out` and pushes onto `windows` the folded units
     * (first, last) of each plain occurrence, with its key, and of each pair the loose fold made,
     * with -1; returns true when the candidate holds markup (the windows then do not cover every
     * folded occurrence).
     */
    scan(candidate: string, folded: FoldedText, found: Uint8Array, recorded: Uint8Array, out: Occurrences, windows: Records): boolean {
      looseFoldUnits(candidate, folded, loose, false);
      paired = loose.pairs.length > 0;
      // Every key is recorded, so the matcher reports each occurrence without reading `keyFound`:
      // it is not cleared for each candidate.
      if (pairs.length !== 0) pairs.length = 0;
      if (matcher.scanUnits) matcher.scanUnits(loose.units, loose.length, keyFound, pairs);
      else matcher.scan(loose.text(), keyFound, pairs);
      report(found, recorded, out, LOOSE_ONLY);
      const everywhere = loose.markup.length > 0;
      if (!everywhere) {
        for (let i = 0; i < pairs.length; i += 2) {
          const start = pairs[i + 1]!;
          windows.push3(loose.foldedStartOf(start), loose.foldedEndOf(start + searched[pairs[i]!]!.length - 1), pairs[i]!);
        }
        for (const j of loose.pairs) windows.push3(loose.foldedStartOf(j), loose.foldedEndOf(j), -1);
      }
      if (loose.masksBetween) {
        looseFoldUnits(candidate, folded, loose, true);
        pairs.length = 0;
        (masked ??= matching.maskedKeys(searched)).find(loose, pairs);
        report(found, recorded, out, LOOSE_ONLY | MASKED);
      }
      return everywhere;
    },
  };
}

/**
 * Sorts `values` in place by `compare` (stably) and returns it: insertion for the few windows a
 * candidate usually has, `Array.prototype.sort` beyond (see {@link sortByPlace} for why).
 */
function sortedBy<T>(values: T[], compare: (a: T, b: T) => number): T[] {
  if (values.length > INSERTION_MAX) return values.sort(compare);
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    let at = i;
    while (at > 0 && compare(values[at - 1]!, value) > 0) {
      values[at] = values[at - 1]!;
      at--;
    }
    values[at] = value;
  }
  return values;
}

/** Up to this many entries, the verdict's sorts insert; beyond, they call the typed array's `sort`. */
const INSERTION_MAX = 16;

/**
 * Sorts `values[0, count)` ascending. The few a verdict usually holds are inserted; beyond, the
 * typed array's own sort, which compares numbers without a comparator.
 */
function sortAscending(values: Int32Array, count: number): void {
  if (count > INSERTION_MAX) {
    values.subarray(0, count).sort();
    return;
  }
  for (let i = 1; i < count; i++) {
    const value = values[i]!;
    let at = i;
    while (at > 0 && values[at - 1]! > value) {
      values[at] = values[at - 1]!;
      at--;
    }
    values[at] = value;
  }
}

/**
 * Sorts `order[0, count)`, offsets of occurrences in `quads`, as a verdict lists them: by start,
 * then by the term's place in the list (`rank`), then as they came (an offset ascending). The
 * few a verdict usually holds are inserted: the builtin sort calls its comparator from outside
 * JavaScript, which for the few occurrences of the large benchmark cost a large share of the
 * verification (docs/contract.md).
 */
function sortByPlace(order: Int32Array, count: number, quads: Int32Array, rank: Int32Array): void {
  if (count > INSERTION_MAX) {
    order.subarray(0, count).sort((a, b) => quads[a + 1]! - quads[b + 1]! || rank[quads[a]!]! - rank[quads[b]!]! || a - b);
    return;
  }
  for (let i = 1; i < count; i++) {
    const offset = order[i]!;
    const start = quads[offset + 1]!;
    const r = rank[quads[offset]!]!;
    let at = i;
    for (; at > 0; at--) {
      const before = order[at - 1]!;
      const s = quads[before + 1]!;
      if (s < start || (s === start && rank[quads[before]!]! <= r)) break;
      order[at] = before;
    }
    order[at] = offset;
  }
}

/**
 * How a verifier's matchers are built: the strategy, the automaton's scan engine, and the
 * scratch of its scans and folds, shared by its matchers and searches (verification is
 * synchronous, so their scans never overlap) and made at first need: a small contract has no
 * automaton, and one with no folded list never folds.
 */
class Matching {
  private scanScratch: ScanScratch | undefined;
  private foldScratch: FoldScratch | undefined;
  private looseScratch: LooseScratch | undefined;
  private joinedUnits = new Uint16Array(0);
  /** The automata built, for {@link scanBytes}. */
  private readonly automata: TermMatcher[] = [];
  /** The masked passes' key indexes built, for {@link scanBytes}. */
  private readonly maskedIndexes: MaskedKeys[] = [];

  constructor(
    readonly strategy: MatchStrategy,
    readonly engine: ScanEngine | 'auto',
  ) {}

  /** The scratch of its automaton scans, made at the first automaton. */
  scans(): ScanScratch {
    return (this.scanScratch ??= new ScanScratch());
  }

  /** The scratch of its folds, made at the first fold. */
  folds(): FoldScratch {
    return (this.foldScratch ??= new FoldScratch(this.engine));
  }

  /** An automaton of `terms`, kept for {@link scanBytes}; `undefined` when the terms do not fit one. */
  automaton(terms: readonly string[], record: Uint8Array): TermMatcher | undefined {
    const matcher = automatonMatcher(terms, record, { engine: this.engine, scratch: this.scans() });
    if (matcher) this.automata.push(matcher);
    return matcher;
  }

  /** See {@link ContractVerifier.scanBytes}. */
  scanBytes(): number {
    let bytes = (this.scanScratch?.byteLength ?? 0) + (this.foldScratch?.byteLength ?? 0) + (this.looseScratch?.byteLength ?? 0) + this.joinedUnits.byteLength;
    for (const automaton of this.automata) bytes += automaton.instanceBytes?.() ?? 0;
    for (const index of this.maskedIndexes) bytes += index.byteLength;
    return bytes;
  }

  /** Room for `length` units of the windows a search joins, reused (see `scanSpans`). */
  joined(length: number): Uint16Array {
    if (this.joinedUnits.length < length) this.joinedUnits = new Uint16Array(Math.max(2 * length, 256));
    return this.joinedUnits;
  }

  /** The masked pass's index of `keys` (see `MaskedKeys`), kept for {@link scanBytes}. */
  maskedKeys(keys: readonly string[]): MaskedKeys {
    const index = new MaskedKeys(keys);
    this.maskedIndexes.push(index);
    return index;
  }

  /** The scratch of its loose folds, made at the first one. */
  looses(): LooseScratch {
    return (this.looseScratch ??= new LooseScratch(this.engine));
  }
}

function chooseMatcher(terms: readonly string[], record: Uint8Array, matching: Matching, strategy: MatchStrategy = matching.strategy): TermMatcher {
  const wantAutomaton = strategy === 'automaton' || (strategy === 'auto' && terms.length > INCLUDES_MAX_TERMS);
  return (wantAutomaton && matching.automaton(terms, record)) || includesMatcher(terms, record);
}
