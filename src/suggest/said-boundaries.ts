import { isContentWord } from './phrase-match.js';
import { words } from './text-similarity.js';
import { indexOfPhrase as at, phrasePatterns } from './word-patterns.js';

/** A boundary's scope: no more messages, not for a while, or not this subject. */
export type BoundaryScope = 'end_contact' | 'pause' | 'topic';

/** A boundary one message states, as code reads it from the words. */
export interface SaidBoundary {
  readonly scope: BoundaryScope;
  /** The words that state it. */
  readonly words: string;
  /** For a pause: its term in ms when the message says one (`give me two weeks`); `null`: none said. */
  readonly termMs: number | null;
  /** For a topic: the terms copy must keep out (`ex`, `divor*`); a word pattern as `findPhrase` reads it. */
  readonly avoidTerms: readonly string[];
}

const DAY_MS = 24 * 3_600_000;

/** End-contact wordings, English and Lithuanian. */
const END_CONTACT = phrasePatterns([
  "(don't|dont|do not|please stop|stop) (message|messaging|text|texting|write|writing|contact|contacting) me",
  "(don't|dont|do not) (message|text|write|contact) (me|to me) (again|anymore|any more)",
  'stop (messaging|texting|writing|contacting)', 'leave me alone', 'unmatch*', "(we're|we are|were) not a match",
  'not interested (anymore|any more|in you|in this|in talking)', 'no longer interested', 'lose my number', '(block|blocking) you',
  "(don't|dont|do not) want to (talk|chat|speak) (anymore|any more|again|to you)",
  '(nerašyk|nerašykit|nerašykite|neberašyk|neberašykit|neberašykite|nebesikreipk)', 'daugiau (nerašyk|nerašykit|nerašykite)',
  'palik* mane ramybėje', '(nebenoriu|nenoriu) (bendrauti|bendraut|susirašinėti|kalbėtis|tęsti)', 'nebesidomiu', 'nesidomiu (tavimi|tavim)',
  '(užblokuosiu|blokuoju)',
]);

/** Wordings that ask for time only with a term beside them ("give me two weeks", not "give me a hint"). */
const PAUSE_WITH_TERM = phrasePatterns([
  'give me', '(talk|write|chat|text) (in|after)', '(talk|write|chat|text) to you (in|after)', '(get|come) back to you (in|after)',
  "(i'll|i will|ill) (write|text|message) (in|after)", "(i'll|i will|ill) (write|text|message) you (in|after)",
  "(i'll|i will|ill) be (busy|away|offline|travelling|traveling)", 'busy for', 'busy (the|these) next',
  '(duok|duokit|duokite) man', '(parašysiu|pasikalbėsim|pasikalbėsime|susisieksiu|atrašysiu) po', 'būsiu (užsiėm*|užimt*|išvyk*)',
]);
/** Wordings that ask for time with or without a term; without one, the default term applies. */
const PAUSE = phrasePatterns([
  'need (a|some) (break|space|time|pause)', '(taking|take) (a|some) (break|time) from', "(taking|take) (a|some) break", '(be|being) offline',
  'reikia (pertraukos|laiko|erdvės)', 'pertrauk(os|ą|ėlės|ėlę)', 'negalėsiu (rašyti|rašyt|atrašyti)', 'dingsiu',
]);

const NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, few: 3, couple: 2,
  vieną: 1, vienos: 1, dvi: 2, dviejų: 2, tris: 3, trijų: 3, keturias: 4, keturių: 4, penkias: 5, kelias: 3, kelių: 3, porą: 2, poros: 2,
};
const UNITS: [RegExp, number][] = [
  [/^(day|days|dien(a|ą|as|os|ų))$/u, DAY_MS],
  [/^(week|weeks|savait(ė|ę|es|ės|ių))$/u, 7 * DAY_MS],
  [/^(month|months|mėnes(į|ius|io|ių))$/u, 30 * DAY_MS],
];

/** The longest term a message states ("two weeks", "dvi savaites", "3 days"), in ms, or `null`. */
export function statedTerm(ws: readonly string[]): number | null {
  const terms = ws.flatMap((word, i) => {
    const unit = UNITS.find(([re]) => re.test(word));
    if (!unit) return [];
    const before = ws.slice(Math.max(0, i - 3), i);
    const count = before.reduceRight<number | null>((found, w) => found ?? (/^\d+$/.test(w) ? Number(w) : (NUMBERS[w] ?? null)), null);
    // "a week" / "savaitę" with no number: one unit.
    return [(count ?? 1) * unit[1]];
  });
  return terms.length === 0 ? null : Math.max(...terms);
}

/** Wordings that rule a subject out; the subject is what follows, to the end of the clause. */
const TOPIC = phrasePatterns([
  "(let's|lets) not (talk|speak) about", "(i don't|i dont|i do not) (want to|wanna) (talk|speak) about", "(don't|dont|do not) want to (talk|speak) about",
  "(i'd|i would) rather not (talk about|discuss)", "(i'd|i would) rather not talk about", "(i'd|i would) rather not get into",
  "(don't|dont|do not) ask about", "(don't|dont|do not) ask me about", 'can we not talk about', 'not comfortable (talking|speaking) about',
  "(don't|dont) talk about", 'off limits',
  '(nenoriu|nenorėčiau) (kalbėti|kalbėt|šnekėti) apie', '(nekalbėkim|nekalbėkime|nešnekėkim) apie', '(neklausk|neklausinėk) apie',
  '(neklausk|neklausinėk) manęs apie',
]);

/** Words around a subject that are not the subject ("my ex *though*", "*please*"). */
const NOT_SUBJECT = new Set(
  ('my mano the a an me us it this that tą tai to apie about though please anymore again right now really just yet too also ever ' +
    'okay ok lol haha thanks any more for today tonight prašau daugiau dabar kol kas gerai ačiū čia šiandien').split(' '),
);

function avoidTerms(subject: readonly string[]): string[] {
  const terms = subject.filter((w) => w.length >= 2 && !NOT_SUBJECT.has(w) && (isContentWord(w) || w.length <= 3));
  // Inflected forms share a stem: `darbą` rules out `darbe` too, `divorce` rules out `divorced`.
  return [...new Set(terms.map((w) => (w.length >= 4 ? `${w.slice(0, Math.min(5, Math.max(4, w.length - 2)))}*` : w)))];
}

function topicIn(ws: readonly string[]): SaidBoundary | null {
  for (const phrase of TOPIC) {
    const i = at(ws, phrase);
    if (i < 0) continue;
    const terms = avoidTerms(ws.slice(i + phrase.length));
    if (terms.length > 0) return { scope: 'topic', words: ws.slice(i).join(' '), termMs: null, avoidTerms: terms };
  }
  return null;
}

/**
 * The boundaries one message of the match states in words code can read, English and
 * Lithuanian: ending contact ("please don't message me again", "daugiau nerašyk"), a pause with
 * its term ("give me two weeks", "duok man dvi savaites") and subjects ruled out ("let's not talk
 * about my ex", "nenoriu kalbėti apie darbą"). The burst reader adds what these wordings miss.
 */
export function saidBoundaries(text: string): SaidBoundary[] {
  const found: SaidBoundary[] = [];
  const all = words(text.replace(/[’`]/g, "'"));
  for (const phrase of END_CONTACT) {
    const i = at(all, phrase);
    if (i >= 0) {
      found.push({ scope: 'end_contact', words: all.slice(i, i + phrase.length).join(' '), termMs: null, avoidTerms: [] });
      break;
    }
  }
  const term = statedTerm(all);
  const pause = PAUSE.map((p) => [p, at(all, p)] as const).find(([, i]) => i >= 0) ?? (term === null ? undefined : PAUSE_WITH_TERM.map((p) => [p, at(all, p)] as const).find(([, i]) => i >= 0));
  if (pause) found.push({ scope: 'pause', words: all.slice(pause[1], pause[1] + pause[0].length).join(' '), termMs: term, avoidTerms: [] });
  for (const clause of text.replace(/[’`]/g, "'").split(/[.,;!?\n—–]/u)) {
    const topic = topicIn(words(clause));
    if (topic) found.push(topic);
  }
  return found;
}
