import type { Match } from '../match.js';
import type { Profile } from '../profile.js';
import { isContentWord, stem } from '../phrase-match.js';
import { words } from '../text-similarity.js';
import { memoByText } from '../text-cache.js';
import type { Wiki } from '../wiki.js';

/** A public text's words and their stems, read once per distinct text (a thread's messages recur at every request). */
const publicWords = memoByText((text: string) => {
  const ws = words(text);
  return { words: ws, stems: ws.map(stem) } as const;
}, 8192);

/** Where a piece of private material comes from (the privacy audit's list). */
export type PrivateKind =
  | 'wiki_interpretation'
  | 'wiki_note'
  | 'check_list_scoring'
  | 'prior_ai_analysis'
  | 'profile_classification'
  | 'private_note'
  | 'private_fact';

/** Private material, prepared for a fast overlap check. */
export interface PrivateMaterial {
  /** The texts, for the model reviewer (never for copy). */
  readonly texts: readonly string[];
  /** Word trigram → the kind of material it came from. Trigrams also in public text are left out. */
  readonly trigrams: ReadonlyMap<string, PrivateKind>;
  /** Short materials (one or two words) matched as whole phrases. */
  readonly shortPhrases: ReadonlyMap<string, PrivateKind>;
}

/**
 * Word n-grams, each word cut to its {@link stem} so an inflected echo ("overthink" of
 * "overthinks", "astmos" of "astma") still matches; joined by a space.
 */
export function ngrams(ws: readonly string[], n: number): string[] {
  const stems = ws.map(stem);
  const out: string[] = [];
  for (let i = 0; i + n <= stems.length; i++) out.push(stems.slice(i, i + n).join(' '));
  return out;
}

/**
 * Gathers everything copy must not reveal (W7): Wiki wording and notes, check-list items that
 * carry a private score, the summary and prior AI generations, private profile classifications,
 * private notes, and facts that are not disclosable. Wording the match wrote themselves (messages,
 * details) or that the user may disclose is public, so it is left out: quoting the match back is
 * not a leak.
 */
export function privateMaterial(match: Match, wiki: Wiki, profile: Profile): PrivateMaterial {
  const items: { kind: PrivateKind; text: string }[] = [
    ...wiki.entries.flatMap((e) => [
      { kind: 'wiki_interpretation' as const, text: e.interpretation },
      { kind: 'wiki_note' as const, text: e.note },
    ]),
    ...match.checkList.filter((c) => c.score !== null).map((c) => ({ kind: 'check_list_scoring' as const, text: c.question })),
    { kind: 'prior_ai_analysis' as const, text: match.summary },
    ...match.aiGenerations.flatMap((g) => [
      { kind: 'prior_ai_analysis' as const, text: g.analysis },
      ...g.suggestions.map((s) => ({ kind: 'prior_ai_analysis' as const, text: s })),
    ]),
    ...profile.classifications.map((c) => ({ kind: 'profile_classification' as const, text: `${c.label}. ${c.text}` })),
    ...profile.privateNotes.map((text) => ({ kind: 'private_note' as const, text })),
    ...profile.facts.filter((f) => !f.disclosable || !f.verified).map((f) => ({ kind: 'private_fact' as const, text: f.statement })),
  ].filter((i) => i.text.trim() !== '');

  const trigrams = new Map<string, PrivateKind>();
  const shortPhrases = new Map<string, PrivateKind>();
  for (const item of items) {
    const ws = words(item.text);
    if (ws.length <= 2) {
      // A one- or two-word classification ("avoidant") leaks when it appears at all, unless public.
      if (ws.some((w) => w.length >= 6)) shortPhrases.set(ws.join(' '), item.kind);
      continue;
    }
    for (const gram of ngrams(ws, 3)) {
      // A trigram of function words ("and it was") says nothing private.
      if (!trigrams.has(gram) && gram.split(' ').some(isContentWord)) trigrams.set(gram, item.kind);
    }
  }

  // Public wording is subtracted: a 200-message match is scanned once, and a trigram key is built
  // only where its first stem begins some private trigram, so the cost stays near tokenising.
  const publicTexts = [
    ...match.messages.map((m) => m.text),
    ...Object.values(match.details).map((v) => String(v ?? '')),
    ...profile.facts.filter((f) => f.disclosable && f.verified).flatMap((f) => [f.statement, ...f.supports]),
  ];
  const firstStems = new Set([...trigrams.keys()].map((g) => g.slice(0, g.indexOf(' '))));
  const shortWords = new Set([...shortPhrases.keys()].flatMap((p) => p.split(' ')));
  const publicShortWords = new Set<string>();
  for (const text of publicTexts) {
    const { words: ws, stems } = publicWords(text);
    for (const w of ws) if (shortWords.has(w)) publicShortWords.add(w);
    for (let i = 0; i + 2 < stems.length; i++) {
      if (firstStems.has(stems[i]!)) trigrams.delete(`${stems[i]} ${stems[i + 1]} ${stems[i + 2]}`);
    }
  }
  for (const phrase of shortPhrases.keys()) {
    if (phrase.split(' ').every((w) => publicShortWords.has(w))) shortPhrases.delete(phrase);
  }
  return { texts: items.map((i) => i.text), trigrams, shortPhrases };
}
