import { isContentWord } from './phrase-match.js';
import { words } from './text-similarity.js';
import { indexOfPhrase as at, phrasePatterns, type PhrasePattern } from './word-patterns.js';

/** A boundary's scope: no more messages, not for a while, or not this subject. */
export type BoundaryScope = 'end_contact' | 'pause' | 'topic';

/**
 * Why code cannot be sure a wording sets a boundary: it is quoted, joked about (`haha`, 😂,
 * `juokauju`), asked as a question, negated or hedged ("I'd never block you", "almost"), said of
 * someone else ("my ex", "she said"), hypothetical ("if", "jei"), or the wording has words after
 * it that change its sense ("not interested in this genre", "a break from studying").
 */
export const BOUNDARY_DOUBTS = ['quoted', 'joke', 'question', 'negated', 'someone_else', 'hypothetical', 'other_sense'] as const;
/** One reason code is not sure (see {@link BOUNDARY_DOUBTS}). */
export type BoundaryDoubt = (typeof BOUNDARY_DOUBTS)[number];

/**
 * A pause's term as the clause states it, resolved against the message's time by {@link termEnd}:
 * a duration ("two weeks", "porą savaičių"), a weekday ("until Monday", "iki pirmadienio"), a day
 * of the month ("until the 4th", "iki 4 d.").
 */
export type PauseTerm =
  | { readonly kind: 'duration'; readonly ms: number }
  | { readonly kind: 'weekday'; readonly day: number }
  | { readonly kind: 'day_of_month'; readonly day: number };

/** A boundary one message may state, as code reads it from the words. */
export interface SaidBoundary {
  readonly scope: BoundaryScope;
  /** The words that state it (or raise the suspicion). */
  readonly words: string;
  /**
   * `explicit`: an unnegated, unquoted, first-person request addressed to the user, not a
   * question and not joked about — code may act on it alone. `suspected`: the words could set a
   * boundary, but only a reading of the meaning can tell (see `doubts`).
   */
  readonly certainty: 'explicit' | 'suspected';
  /** Why code is not sure; empty for an explicit boundary. */
  readonly doubts: readonly BoundaryDoubt[];
  /** For a pause: its term from the same clause; `null`: none said. */
  readonly term: PauseTerm | null;
  /** For a topic: the terms copy must keep out (`ex`, `divor*`); a word pattern as `findPhrase` reads it. */
  readonly avoidTerms: readonly string[];
}

const DAY_MS = 24 * 3_600_000;

/*
 * Three lists per scope. `EXPLICIT` wordings may act alone when nothing in their clause casts
 * doubt and nothing after them in the clause changes their sense (only `TRAILING` words may
 * follow). `SUSPECT` wordings are never acted on by code: they put the message on the suspicion
 * list a model reading must rule on.
 */

const END_EXPLICIT = phrasePatterns([
  '(please)? (stop|quit) (messaging|texting|writing|contacting|dming) me',
  '(please)? (stop|quit) (writing to|talking to) me',
  "(please)? (don't|dont|do not|never) (message|text|contact|dm|call|write) me",
  "(please)? (don't|dont|do not|never) (write to|talk to|reach out to) me",
  '(please)? leave me alone',
  "(i'm|im|i am) (not|no longer) interested",
  "(i'm|im|i am) not interested in (you|this|talking|continuing|chatting)",
  '(sorry)? (not|no longer) interested (anymore|any more)',
  "(i'm|im|i am|i'll|ill|i will) (going to|gonna)? (unmatch|unmatching)",
  "(i'm|im|i am) (unmatching|blocking) you",
  "(i'm|im|i am|i'll|ill|i will) (going to|gonna)? (unmatch|block) you",
  "(i'm|im|i am) going to (unmatch|block) you",
  "(i'm|im|i am) (unmatching|going to unmatch|gonna unmatch) now",
  "i (don't|dont|do not) want to (talk|chat|speak|text) (to you)? (anymore|any more|again)",
  "i (don't|dont|do not) want to (talk|chat|speak) to you",
  "(we're|we are|were) not a (match|good match|fit|good fit)",
  'lose my number',
  '(i think)? we should (leave it|end it|end this|stop talking|stop here) (here|there)?',
  "(let's|lets|let us) (leave it|end it|end this) (here|there)?",
  "(i'm|im|i am) done (talking|texting|chatting) (to you|with you)?",
  "this (is not|isn't|isnt) (working|going anywhere) (for me)?",
  "(i'd|i would) (rather|like to) (stop|end) (talking|this|chatting) (here)?",
  '(prašau|prašyčiau)? (daugiau)? (nerašyk|nerašykit|nerašykite|neberašyk|neberašykit|neberašykite) (man)?',
  '(prašau)? (nebesikreipk|nebesikreipkit|nebesikreipkite) (į mane)?',
  '(prašau)? (palik|palikit|palikite) mane ramybėje',
  '(aš)? (nebenoriu|nenoriu daugiau) (bendrauti|bendraut|susirašinėti|kalbėtis|rašytis|tęsti|tęsti pokalbio) (su tavim|su tavimi|su jumis)?',
  '(aš)? (nebenoriu|nenoriu daugiau) (su tavim|su tavimi|su jumis) (bendrauti|bendraut|susirašinėti|kalbėtis|rašytis)',
  '(aš)? (nebesidomiu|nesidomiu) (tavimi|tavim|jumis)',
  '(aš)? nebesidomiu',
  'man (čia)? (nebeįdomu|neįdomu)',
  '(aš)? (tave)? (užblokuosiu|užblokuoju|blokuoju) tave',
  '(aš)? tave (užblokuosiu|užblokuoju|blokuoju)',
  '(manau)? mums (nepakeliui|ne pakeliui)',
  '(baikime|baikim|užbaikime|užbaikim) (čia|šį pokalbį|pokalbį|bendrauti|susirašinėti|bendravimą)',
  '(nebesusirašinėkime|nebesusirašinėkim|nebebendraukime|nebebendraukim|nebesirašykime|nebesirašykim)',
]);
const END_SUSPECT = phrasePatterns([
  '(block|blocked|blocking|unmatch*|ghost|ghosted|ghosting)',
  '(stop|quit) (messaging|texting|writing|contacting|dming)',
  "(don't|dont|do not|never) (message|text|contact|dm|write) (me|her|him|them)",
  'leave me alone',
  'not interested',
  'no longer interested',
  'lose my number',
  'done talking',
  "(don't|dont|do not) want to (talk|chat|speak)",
  'call it a day',
  'not a match',
  'leave it (here|there)',
  '(delete|deleting|deleted) (the|this|my) (app|account|profile)',
  '(say|saying) goodbye',
  'this is goodbye',
  'end things',
  'stop here',
  'different things',
  'close this chapter',
  'step away',
  'going anywhere',
  'get off',
  'atsisveikin*',
  'skirtingų dalykų',
  'trinu paskyrą',
  'paskutinė (mano)? žinutė',
  'prasmės tęsti',
  '(nerašyk*|neberašyk*|nebesikreip*)',
  'ramybėje',
  '(nebenoriu|nenoriu) (bendrauti|bendraut|susirašinėti|kalbėtis|rašytis|tęsti)',
  '(nebesidom*|nesidom*)',
  '(neįdomu|nebeįdomu)',
  '(užblok*|blokuoj*|blokuos*|atsijungsiu)',
  'nepakeliui',
  '(baikime|baikim|užbaikime|užbaikim)',
]);

/** Words a pause's clause may hold around it: durations, dates and politeness, nothing that changes its sense. */
const TERM_WORDS =
  'for a an one two three four five six seven few couple of some the next this coming weeks week days day months month while bit little until till til before after ' +
  'monday tuesday wednesday thursday friday saturday sunday weekend now please sorry thanks ok okay then at least maybe more or so ' +
  'kurį laiką kelias kelioms kelis kelių porą poros dvi dviem dvejas tris trims keturias penkias savaitę savaitės savaites savaičių savaitei savaitėms ' +
  'dieną dienos dienas dienų dienoms mėnesį mėnesio mėnesius mėnesių mėnesiui iki po bent gal prašau ačiū atsiprašau dabar kol kas kitos kitą kitai ' +
  'pirmadienio antradienio trečiadienio ketvirtadienio penktadienio šeštadienio sekmadienio savaitgalio d mėn sorry';
/** Words an end-contact request may be followed by in its clause without changing its sense. */
const END_TRAILING = new Set(
  (
    'again anymore any more ever please sorry thanks thank you ok okay bye goodbye now at all really seriously honestly tbh for good ' +
    'in you with you to you this conversation here there of this man daugiau niekada prašau ačiū atsiprašau sėkmės viso gero ate čia su tavim tavimi jumis ' +
    'tikrai nuoširdžiai jau i mean it'
  ).split(' '),
);
const PAUSE_TRAILING = new Set([
  ...TERM_WORDS.split(' '),
  ...'from this here the app apps dating texting chatting talking us nuo programėlės pažinčių rašymo susirašinėjimo čia'.split(' '),
]);

const PAUSE_EXPLICIT = phrasePatterns([
  '(i|i just|i really) need (some|a little|a bit of|a)? (space|time|break|breather|pause)',
  '(i|i just) need to take (a|some) (break|step back|time)',
  '(give me|just give me) (some|a little|a bit of|a few|a couple of|a|one|two|three|four|five|six|seven)? (space|time|days|day|weeks|week|months|month|while|bit)',
  "(i'm|im|i am) (taking|going to take|gonna take) (a|some) (break|step back|time off)",
  '(taking|take) (a|some) (break|time off) from (this|here|the app|dating|dating apps|apps|texting|chatting)',
  "(i'll|ill|i will|i'm going to|im going to) be (offline|off the app|mia|quiet|off grid)",
  "(please)? (don't|dont|do not) (message|text|write|contact) me (for|until|till|before)",
  "(please)? (don't|dont|do not) (write to|talk to) me (for|until|till|before)",
  "(i'll|ill|i will) (text|message|write to|write|get back to) you (in|after|next|on)",
  "(let's|lets) (talk|chat|text) (again)? (in|after|next)",
  "(let's|lets) (pause|take a break)",
  '(duok|duokit|duokite) man (šiek tiek|truputį)? (laiko|erdvės|pertraukos|kelias|porą|savaitę|dieną|mėnesį|dvi|tris|kelioms)',
  '(man)? (reikia|reikės|prireiks) (šiek tiek|truputį)? (pertraukos|laiko|erdvės|atokvėpio)',
  'būsiu (dingusi|dingęs|dingus|neaktyvi|neaktyvus|offline)',
  'dingsiu',
  '(darau|padarysiu|pasidarysiu|padarau) (pertrauką|pertraukėlę)',
  '(nerašyk|nerašykit|nerašykite) (man)? (kurį laiką|iki|kelias|porą|savaitę|dieną|mėnesį)',
  '(parašysiu|pasikalbėsim|pasikalbėsime|susisieksiu|atrašysiu|atsiliepsiu) (tau)? (po|kitą|kitos)',
]);
const PAUSE_SUSPECT = phrasePatterns([
  '(break|space|pause|breather)',
  'on hold',
  'off the app',
  '(week|month|weeks|months) off',
  'time off',
  '(offline|mia)',
  "(i'll|ill|i will) be (away|busy|travelling|traveling|gone)",
  '(away|busy) (for|until|till)',
  'step back',
  '(talk|text|write|chat) (in|after) (a|two|three|few|couple|the)',
  '(pertrauk*|pauz*)',
  '(laiko|erdvės)',
  '(dingsiu|dingus*|dingęs|neaktyv*)',
  'būsiu (užsiėm*|užimt*|išvyk*)',
  '(parašysiu|pasikalbėsim*) po',
  '(nerašyk*) (kurį|iki)',
]);

/** Topic wordings whose subject follows them. */
const TOPIC_EXPLICIT = phrasePatterns([
  "(let's|lets) not (talk|speak) about",
  "(i|i really) (don't|dont|do not) (want to|wanna|like to) (talk|speak) about",
  "(i'd|i would) rather not (talk about|discuss|get into)",
  "(please)? (don't|dont|do not) ask (me)? about",
  'can we not talk about',
  "(i'm|im|i am) not comfortable (talking|speaking) about",
  "(i|i really) (don't|dont|do not) discuss",
  "(i'd|i would) prefer not to (talk about|discuss)",
  "(i|i'd) prefer not to (talk about|discuss)",
  'i keep',
  '(aš)? (nenoriu|nenorėčiau|nemėgstu) (kalbėti|kalbėt|kalbėtis|šnekėti) apie',
  '(nekalbėkim|nekalbėkime|nešnekėkim|nešnekėkime) apie',
  '(prašau)? (neklausk|neklausinėk) (manęs)? apie',
  '(aš)? nekalbu apie',
]);
/** Topic wordings whose subject comes before them ("money is a topic I keep private", "apie darbą nekalbu"). */
const TOPIC_EXPLICIT_AFTER_SUBJECT = phrasePatterns([
  '(is|are) (a topic|topics|something) (i keep private|i keep to myself)',
  "(is|are) (a topic|topics|something) i (don't|dont|do not) (talk about|discuss)",
  '(is|are) off limits',
  '(is|are) private for me',
  '(yra)? (tema|temos) (apie kurią|apie kurias) (nekalbu|nekalbėsiu|nenoriu kalbėti)',
  '(nekalbu|nekalbėsiu)',
  '(nenoriu|nenorėčiau) kalbėti',
]);
const TOPIC_SUSPECT = phrasePatterns([
  '(talk|talking|speak|speaking|discuss|discussing|ask|asking) about',
  'off limits',
  '(private|touchy|sore) (topic|subject|point)',
  'keep * private',
  '(kalbėti|kalbėt|kalbėtis|šnekėti|klausk|klausinėk|kalbėkim|kalbėkime) apie',
  '(nekalbu|nekalbėsiu|nekalbėkim|nekalbėkime)',
  '(asmeniška|jautri) tema',
]);
/** Words a topic's subject must have around it to count as the subject's clause running on. */
const NOT_SUBJECT = new Set(
  (
    'my mano the a an me us it this that tą tai to apie about though please anymore again right now really just yet too also ever ' +
    'okay ok lol haha thanks any more for today tonight prašau daugiau dabar kol kas gerai ačiū čia šiandien is are a topic i keep private to myself ' +
    'yra tema nekalbu nekalbėsiu off limits for me'
  ).split(' '),
);

const JOKE =
  /(?:\b(?:ha(?:ha)+|hah|he(?:he)+|lol|lmao|rofl|jk|xd|juokauju|juokauji|cha(?:[ -]?cha)+|chi(?:[ -]?chi)+|joking|kidding)\b|😂|🤣|😄|😅|😆|😜|😝|😛|😉|🙃|😁|😹)/iu;
const NEGATORS = new Set(
  (
    "never not no-one wouldn't wouldnt won't wont almost nearly barely hardly couldn't couldnt shouldn't shouldnt can't cant isn't " +
    'niekada niekad beveik vos nesiruošiu neketinu negalėčiau niekuomet'
  ).split(' '),
);
const HYPOTHETICAL = new Set(
  'if unless imagine pretend suppose would could might should when whenever jei jeigu jeigu kai tarkim tarkime įsivaizduok galėčiau turėčiau būtų'.split(' '),
);
const SOMEONE_ELSE = new Set(
  (
    'he she they his her him them their ex exes friend friends flatmate roommate sister brother mom mum mother dad father boss colleague coworker ' +
    'guy guys girl girls someone somebody people everyone person said says saying told tells wrote texted asked kept keeps sign note ' +
    'jis ji jie jos jam jai juos jas jo jų buvęs buvusi buvusiu buvusiam buvusia buvusiai buvusio buvusios draugas draugė draugui draugei draugo ' +
    'sesė sesuo brolis mama tėtis kolega kolegė bosas viršininkas sako sakė pasakė parašė rašė liepė žmonės kažkas kažkam kažkuris vaikinas mergina'
  ).split(' '),
);

/** Any wording worth reading closely: a message without one of these stems is skipped in one test. */
const TRIGGER =
  /nebes|nebeb|goodbye|end things|different|chapter|anywhere|get off|atsisveik|skirting|paskyr|paskutin|prasm|block|unmatch|ghost|stop|quit|don'?t|dont|do not|never|leave|interest|lose my|done|call it|match|delete|nerašyk|neberašyk|kreip|ramyb|nebenor|nenor|domiu|įdomu|blok|atsijung|pakeliui|baik|break|space|pause|breather|hold|time off|offline|mia\b|away|busy|gone|step back|talk|text|write|chat|pertrauk|pauz|laiko|erdv|ding|neaktyv|būsiu|parašysiu|pasikalb|susisieks|atrašys|atsiliep|speak|discuss|ask|limits|private|touchy|sore|keep|kalb|šnek|klaus|asmeniš|jautri|need|give me|duok|reik|rather|prefer|comfortable|darau|padary|pasidary/iu;

const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
  few: 3,
  couple: 2,
  vieną: 1,
  vienos: 1,
  vienai: 1,
  dvi: 2,
  dviem: 2,
  dviejų: 2,
  dvejas: 2,
  tris: 3,
  trims: 3,
  trijų: 3,
  keturias: 4,
  keturių: 4,
  keturioms: 4,
  penkias: 5,
  penkių: 5,
  dešimt: 10,
  dešimčiai: 10,
  kelias: 3,
  kelių: 3,
  kelioms: 3,
  kelis: 3,
  porą: 2,
  poros: 2,
  porai: 2,
};
const UNITS: [RegExp, number][] = [
  [/^(?:day|days|dien(?:a|ą|os|as|ų|ai|oms))$/u, DAY_MS],
  [/^(?:week|weeks|savai(?:t(?:ė|ę|e|es|ės|ei|ėms|ėm)|čių))$/u, 7 * DAY_MS],
  [/^(?:month|months|mėnes(?:į|io|ius|ių|iui|iams|iai))$/u, 30 * DAY_MS],
];
const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sekmadienio: 0,
  pirmadienio: 1,
  antradienio: 2,
  trečiadienio: 3,
  ketvirtadienio: 4,
  penktadienio: 5,
  šeštadienio: 6,
  sekmadienį: 0,
  pirmadienį: 1,
  antradienį: 2,
  trečiadienį: 3,
  ketvirtadienį: 4,
  penktadienį: 5,
  šeštadienį: 6,
};

/** The longest duration a run of words states ("two weeks", "dvi savaites", "3 days"), in ms, or `null`. */
export function statedTerm(ws: readonly string[]): number | null {
  let longest: number | null = null;
  for (let i = 0; i < ws.length; i++) {
    const unit = UNITS.find(([re]) => re.test(ws[i]!));
    if (!unit) continue;
    let count: number | null = null;
    for (let j = i - 1; j >= Math.max(0, i - 3) && count === null; j--) {
      const w = ws[j]!;
      count = /^\d+$/.test(w) ? Number(w) : (NUMBERS[w] ?? null);
    }
    // "a week" / "savaitę" with no number: one unit.
    const ms = (count ?? 1) * unit[1];
    if (longest === null || ms > longest) longest = ms;
  }
  return longest;
}

/** The term a pause's clause states: a weekday or day of the month it runs until, else the longest duration. */
export function clauseTerm(ws: readonly string[]): PauseTerm | null {
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    if (w !== 'until' && w !== 'till' && w !== 'til' && w !== 'iki' && w !== 'before') continue;
    const next = ws.slice(i + 1, i + 4).filter((x) => x !== 'the' && x !== 'next' && x !== 'this');
    const first = next[0];
    if (first === undefined) continue;
    if (WEEKDAYS[first] !== undefined) return { kind: 'weekday', day: WEEKDAYS[first] };
    const day = /^(\d{1,2})(?:st|nd|rd|th)?$/u.exec(first);
    if (day && Number(day[1]) >= 1 && Number(day[1]) <= 31) return { kind: 'day_of_month', day: Number(day[1]) };
    if (first === 'weekend' || first === 'savaitgalio') return { kind: 'weekday', day: 1 };
    if (first === 'next' || first === 'kitos' || first === 'kitą') break;
  }
  const ms = statedTerm(ws);
  return ms === null ? null : { kind: 'duration', ms };
}

/** When a pause said at `sentAt` with `term` ends (ms): the next such weekday or day of the month, or the duration after. */
export function termEnd(term: PauseTerm, sentAt: number): number {
  if (term.kind === 'duration') return sentAt + term.ms;
  const said = new Date(sentAt);
  const startOfDay = Date.UTC(said.getUTCFullYear(), said.getUTCMonth(), said.getUTCDate());
  if (term.kind === 'weekday') {
    const ahead = (term.day - said.getUTCDay() + 7) % 7 || 7;
    return startOfDay + ahead * DAY_MS;
  }
  // The next time the month reaches that day, this month if it is still ahead.
  let year = said.getUTCFullYear();
  let month = said.getUTCMonth();
  if (term.day <= said.getUTCDate()) month++;
  if (month > 11) {
    month = 0;
    year++;
  }
  return Date.UTC(year, month, term.day);
}

function avoidTerms(subject: readonly string[]): string[] {
  const terms = subject.filter((w) => w.length >= 2 && !NOT_SUBJECT.has(w) && (isContentWord(w) || w.length <= 3));
  // Inflected forms share a stem: `darbą` rules out `darbe` too, `divorce` rules out `divorced`.
  return [...new Set(terms.map((w) => (w.length >= 4 ? `${w.slice(0, Math.min(5, Math.max(4, w.length - 2)))}*` : w)))];
}

interface Clause {
  readonly words: readonly string[];
  /** The words of the sentence before this clause: who is speaking and of whom is read across commas. */
  readonly lead: readonly string[];
  readonly question: boolean;
  readonly quoted: boolean;
}

const QUOTE_SPANS = /["“”„«»]([^"“”„«»]*)["“”„«»]|(?<=^|[\s(])'([^']+)'(?=$|[\s.,!?;:)])/gu;

/** The clauses of a text: sentences (a question if it ends in `?`), split again at commas, dashes and "but". */
function clausesOf(text: string, quoted: boolean): Clause[] {
  const out: Clause[] = [];
  for (const sentence of text.match(/[^.!?;\n…]+[.!?;\n…]*/gu) ?? []) {
    const question = /\?/u.test(sentence);
    const lead: string[] = [];
    for (const part of sentence.split(/[,:()—–]|\s-\s|\b(?:but|bet|tačiau|though)\b/iu)) {
      const ws = words(part);
      if (ws.length > 0) out.push({ words: ws, lead: [...lead], question, quoted });
      lead.push(...ws);
    }
  }
  return out;
}

function findAny(ws: readonly string[], list: readonly PhrasePattern[]): [PhrasePattern, number] | null {
  for (const p of list) {
    const i = at(ws, p);
    if (i >= 0) return [p, i];
  }
  return null;
}

/** Doubts about a wording that starts at `start` of its clause; `subjectAfter`: the words after it are its subject (a topic), not whom it is said of. */
function doubtsOf(clause: Clause, joke: boolean, start: number, subjectAfter = false): BoundaryDoubt[] {
  const doubts: BoundaryDoubt[] = [];
  if (clause.quoted) doubts.push('quoted');
  if (joke) doubts.push('joke');
  if (clause.question) doubts.push('question');
  const before = [...clause.lead, ...clause.words.slice(0, start)];
  if (before.some((w) => NEGATORS.has(w))) doubts.push('negated');
  if (before.some((w) => HYPOTHETICAL.has(w))) doubts.push('hypothetical');
  if ((subjectAfter ? before : [...clause.lead, ...clause.words]).some((w) => SOMEONE_ELSE.has(w))) doubts.push('someone_else');
  return doubts;
}

function readClause(clause: Clause, joke: boolean, found: SaidBoundary[]): void {
  const ws = clause.words;
  const add = (b: Omit<SaidBoundary, 'doubts' | 'certainty'>, doubts: BoundaryDoubt[]) => {
    if (found.some((f) => f.scope === b.scope && f.words === b.words)) return;
    found.push({ ...b, certainty: doubts.length === 0 ? 'explicit' : 'suspected', doubts });
  };
  // A pause first: "please don't message me for a while" is a pause, not an end.
  const pause = findAny(ws, PAUSE_EXPLICIT);
  const pauseSuspect = pause ?? findAny(ws, PAUSE_SUSPECT);
  if (pauseSuspect) {
    const [p, i] = pauseSuspect;
    const doubts = doubtsOf(clause, joke, i);
    const after = ws.slice(i + p.length);
    if (!pause || !after.every((w) => PAUSE_TRAILING.has(w) || /^\d+(?:st|nd|rd|th)?$/u.test(w))) doubts.push('other_sense');
    add({ scope: 'pause', words: ws.slice(i, i + p.length).join(' '), term: clauseTerm(ws), avoidTerms: [] }, [...new Set(doubts)]);
    if (pause && doubts.length === 0) return;
  }
  const end = findAny(ws, END_EXPLICIT);
  const endSuspect = end ?? findAny(ws, END_SUSPECT);
  if (endSuspect && !(pause && end === null)) {
    const [p, i] = endSuspect;
    const doubts = doubtsOf(clause, joke, i);
    const term = clauseTerm(ws);
    // "Don't write to me for a week", "iki pirmadienio nerašyk": a request with a term is a pause.
    if (end && (term !== null || ws.includes('while') || ws.includes('laiką'))) {
      add({ scope: 'pause', words: ws.join(' '), term, avoidTerms: [] }, [...new Set(doubts)]);
      return;
    }
    const after = ws.slice(i + p.length);
    if (!end || !after.every((w) => END_TRAILING.has(w))) doubts.push('other_sense');
    add({ scope: 'end_contact', words: ws.slice(i, i + p.length).join(' '), term: null, avoidTerms: [] }, [...new Set(doubts)]);
  }
  const topic = findAny(ws, TOPIC_EXPLICIT);
  const topicBefore = findAny(ws, TOPIC_EXPLICIT_AFTER_SUBJECT);
  // The subject follows the wording ("let's not talk about my ex") or, failing that, comes before it ("money is a topic I keep private").
  for (const [found, subjectAfter] of [
    [topic, true],
    [topicBefore, false],
  ] as const) {
    if (!found) continue;
    const [p, i] = found;
    const terms = avoidTerms(subjectAfter ? ws.slice(i + p.length) : ws.slice(0, i));
    if (terms.length > 0) {
      const doubts = doubtsOf(clause, joke, subjectAfter ? i : 0, subjectAfter);
      add({ scope: 'topic', words: subjectAfter ? ws.slice(i).join(' ') : ws.slice(0, i + p.length).join(' '), term: null, avoidTerms: terms }, doubts);
      return;
    }
  }
  const topicSuspect = findAny(ws, TOPIC_SUSPECT);
  if (
    topicSuspect &&
    (topic || topicBefore || ws.some((w) => NEGATORS.has(w) || /^(?:don't|dont|not|ne\p{L}+)$/u.test(w) || w === 'private' || w === 'limits'))
  ) {
    const [p, i] = topicSuspect;
    add({ scope: 'topic', words: ws.slice(i).join(' '), term: null, avoidTerms: avoidTerms(ws.slice(i + p.length)) }, ['other_sense']);
  }
}

/** How many message texts {@link saidBoundaries} remembers: a thread is read again at every request. */
export const SAID_BOUNDARIES_CACHE_SIZE = 4096;
const cache = new Map<string, readonly SaidBoundary[]>();

/**
 * What one message of the match says about boundaries, as code reads its words (English and
 * Lithuanian), each marked `explicit` or `suspected` (W12). Explicit: an end of contact, a pause
 * or a ruled-out topic asked in the first person, addressed to the user, not negated, quoted,
 * asked or joked about, with nothing after it in its clause that changes its sense ("please stop
 * texting me", "daugiau nerašyk", "give me two weeks", "nenoriu kalbėti apie darbą"). Suspected:
 * everything else that uses such words ("I'd never block you 😄", "my ex kept texting me", "just
 * taking a break from studying") — only a reading of the meaning can rule on it. A pause's term
 * comes from its own clause. Read once per distinct text (the last
 * {@link SAID_BOUNDARIES_CACHE_SIZE} are remembered): the result depends on the words alone.
 */
export function saidBoundaries(text: string): readonly SaidBoundary[] {
  const cached = cache.get(text);
  if (cached) return cached;
  const found = readText(text);
  if (cache.size >= SAID_BOUNDARIES_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, found);
  return found;
}

function readText(text: string): readonly SaidBoundary[] {
  const plain = text.replace(/[’`]/g, "'");
  if (!TRIGGER.test(plain)) return [];
  const joke = JOKE.test(plain);
  const quotes: string[] = [];
  const unquoted = plain.replace(QUOTE_SPANS, (_all, a: string | undefined, b: string | undefined) => {
    quotes.push(a ?? b ?? '');
    return ' … ';
  });
  const found: SaidBoundary[] = [];
  for (const clause of [...clausesOf(unquoted, false), ...quotes.flatMap((q) => clausesOf(q, true))]) readClause(clause, joke, found);
  return found;
}
