import {
  compileContract,
  DISGUISE_CLASSES,
  FOLDED_DISGUISE_CLASSES,
  InputError,
  matchModeOf,
  type CompiledContract,
  type DisguiseClass,
  type ReplyContract,
} from '../contract/index.js';
import type { ProbeFinding } from './probe-finding.js';

/** What a contract should do about the disguise holes the probe found. */
export interface DisguiseAdvice {
  /** The disguise classes some accepted candidate used, in `DISGUISE_CLASSES` order. */
  readonly openDisguises: readonly DisguiseClass[];
  /** Of those, the classes `matching.forbidden_terms: "loose"` closes (see {@link looseCloses}). */
  readonly closedByLoose: readonly DisguiseClass[];
  /** Sentences for the reader: the matching that closes the holes, or that still leaves them. */
  readonly notes: readonly string[];
}

/**
 * Reads the `disguise` findings of a contract: which classes are open, and what would close
 * them — v1 for a v0 contract, `folded` for exact forbidden terms, `loose` for the classes
 * folding leaves open (or why `loose` cannot be used), or that even `loose` leaves them open.
 */
export function disguiseAdvice(c: ReplyContract, findings: readonly ProbeFinding[]): DisguiseAdvice {
  const holes = findings.filter((f) => f.kind === 'disguise');
  const openDisguises = DISGUISE_CLASSES.filter((d) => holes.some((f) => f.disguises?.includes(d)));
  const notes: string[] = [];
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
  return { openDisguises, closedByLoose, notes };
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
