import { describe, expect, it } from 'vitest';
import { clauseTerm, saidBoundaries, statedTerm, termEnd } from './said-boundaries.js';
import { words } from './text-similarity.js';

const DAY = 24 * 3_600_000;
const explicit = (text: string) => saidBoundaries(text).filter((b) => b.certainty === 'explicit');
const suspected = (text: string) => saidBoundaries(text).filter((b) => b.certainty === 'suspected');

describe('W12: code acts alone only on what cannot be misread', () => {
  it.each([
    "I don't think we're a match, please don't message me again.",
    'Please stop texting me. Take care!',
    'Leave me alone.',
    "I'm going to unmatch, sorry.",
    'Not interested anymore, good luck.',
    "I don't want to talk anymore.",
    'I think we should leave it here. Take care.',
    'Daugiau nerašyk man.',
    'Prašau, neberašyk.',
    'Palik mane ramybėje.',
    'Nebenoriu bendrauti, sėkmės.',
    'Man čia nebeįdomu, sėkmės.',
    'Nebenoriu su tavim bendrauti.',
  ])('explicit end of contact: %s', (text) => {
    expect(explicit(text).map((b) => b.scope)).toContain('end_contact');
  });

  it.each([
    ["No worries, I'd never block you over that 😄 How was the concert?", 'negated'],
    ['I almost unmatched you for that pizza opinion haha. What are you up to this weekend?', 'joke'],
    ["My flatmate has a sticky note that says 'do not text me before coffee' 😂", 'quoted'],
    ['My flatmate has a sticky note that says “do not text me before coffee”', 'quoted'],
    ['My ex kept texting me, I had to block him', 'someone_else'],
    ['Su buvusiu nebenoriu bendrauti, bet su tavim – visai kas kita', 'someone_else'],
    ['Should I stop texting first? 😅', 'question'],
    ['Should I stop texting first?', 'question'],
    ["Honestly I'm not interested in this genre at all… You?", 'other_sense'],
    ['If you ever start talking about crypto I am blocking you', 'hypothetical'],
    ['Juokauju, palik mane ramybėje 😄', 'joke'],
    ['Niekada tavęs neužblokuočiau, nerašyk man taip liūdnai', 'negated'],
  ])('suspected, never acted on alone: %s (%s)', (text, doubt) => {
    expect(explicit(text).filter((b) => b.scope === 'end_contact')).toEqual([]);
    expect(suspected(text).flatMap((b) => b.doubts)).toContain(doubt);
  });

  it.each([
    ['Please don’t message me for a while', null],
    ["Please don't text me for five days, I'm at a retreat.", 5 * DAY],
    ['Nerašyk man kurį laiką, prašau.', null],
    ['Savaitę nerašyk, prašau.', 7 * DAY],
  ])('a request to stop writing with a term is a pause, not an end: %s', (text, ms) => {
    const said = saidBoundaries(text);
    expect(said.map((b) => b.scope)).toEqual(['pause']);
    expect(said[0]!.term).toEqual(ms === null ? null : { kind: 'duration', ms });
  });

  it.each([
    ['Exams are crazy, give me two weeks!', 14 * DAY],
    ['I need some space.', null],
    ['Taking a break from the app for a month.', 30 * DAY],
    ['Duok man dvi savaites, turiu egzaminų.', 14 * DAY],
    ['Man reikia pertraukos.', null],
    ['Parašysiu po savaitės.', 7 * DAY],
    ['Porą savaičių būsiu dingusi, sesija.', 14 * DAY],
    ['Kelias dienas būsiu dingęs.', 3 * DAY],
    ['Mėnesį būsiu neaktyvi.', 30 * DAY],
  ])('explicit pause with the term of its own clause: %s', (text, ms) => {
    const pause = explicit(text).find((b) => b.scope === 'pause');
    expect(pause).toBeDefined();
    expect(pause!.term).toEqual(ms === null ? null : { kind: 'duration', ms });
  });

  it.each([
    'Just taking a break from studying, what are you doing?',
    'Give me a book recommendation! I read about two books a week.',
    "I'll be away in Riga for 3 days next month, any tips?",
    'Valandą būsiu užsiėmusi, paskui laisva.',
    'Can we put this on hold?',
  ])('a break, space or duration in another sense (or asked) is at most a suspicion: %s', (text) => {
    expect(explicit(text)).toEqual([]);
  });

  it.each([
    ["Let's not talk about my ex, long story.", ['ex']],
    ["I don't want to talk about my divorce", ['divor*']],
    ['Please don’t ask about work.', ['work*']],
    ['Nenoriu kalbėti apie darbą.', ['darb*']],
    ['Nenoriu kalbėtis apie darbą, bet apie kelionę – mielai!', ['darb*']],
    ['Neklausk manęs apie buvusį vaikiną.', ['buvu*', 'vaiki*']],
    ['Money is a topic I keep private.', ['mone*']],
    ['My age is something I don’t discuss.', ['age']],
    ["Let's not talk about work today.", ['work*']],
    ["Let's not talk about plan B.", ['plan*']],
    ["Let's not talk about my dad.", ['dad']],
  ])('explicit topic with its terms: %s', (text, terms) => {
    expect(explicit(text).find((b) => b.scope === 'topic')?.avoidTerms).toEqual(terms);
  });

  it.each([
    'Give me a hint!',
    'We met at a concert.',
    'Thanks! I was there in August. Do you travel much?',
    'Let’s talk about hiking!',
    'Ar šį savaitgalį vėl eisi į žygį?',
    'Papasakok apie darbą!',
  ])('nothing at all: %s', (text) => {
    expect(saidBoundaries(text)).toEqual([]);
  });

  it('boundary: the words that set it are kept; a typographic apostrophe reads as a plain one', () => {
    expect(saidBoundaries('Sorry, but please stop texting me, bye.')[0]?.words).toBe('please stop texting me');
    expect(saidBoundaries('Please don’t message me again.')[0]?.words).toBe("please don't message me");
    expect(saidBoundaries('Let’s not talk about my ex.')[0]?.words).toBe("let's not talk about my ex");
    expect(saidBoundaries('Let`s not talk about my ex.')[0]?.words).toBe("let's not talk about my ex");
  });
  it('a message is read once: the same text gives the same (remembered) reading', () => {
    expect(saidBoundaries('Please stop texting me.')).toBe(saidBoundaries('Please stop texting me.'));
  });
});

describe('pause terms', () => {
  it('the longest duration said; no unit, no term', () => {
    expect(statedTerm(words('a few days, maybe two weeks'))).toBe(14 * DAY);
    expect(statedTerm(words('a week'))).toBe(7 * DAY);
    expect(statedTerm(words('savaitę'))).toBe(7 * DAY);
    expect(statedTerm(words('kelias dienas'))).toBe(3 * DAY);
    expect(statedTerm(words('porą savaičių'))).toBe(14 * DAY);
    expect(statedTerm(words('dešimt dienų, gal 10 dienų'))).toBe(10 * DAY);
    expect(statedTerm(words('trijų mėnesių'))).toBe(90 * DAY);
    expect(statedTerm(words('10 days'))).toBe(10 * DAY);
    expect(statedTerm(words('soon'))).toBeNull();
    expect(statedTerm(words('today, Sunday, daydreams, this weekend, midweek, monthly, pusmėnesį'))).toBeNull();
  });
  it('a date the clause runs until is resolved against the message time', () => {
    // 2026-11-18 is a Wednesday.
    const wed = Date.parse('2026-11-18T20:00:00Z');
    expect(clauseTerm(words("I'm away until the 4th"))).toEqual({ kind: 'day_of_month', day: 4 });
    expect(new Date(termEnd(clauseTerm(words("I'm away until the 4th"))!, wed)).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(new Date(termEnd(clauseTerm(words('until the 20th'))!, wed)).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(new Date(termEnd(clauseTerm(words('iki pirmadienio nerašyk'))!, wed)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(termEnd(clauseTerm(words('offline until Sunday'))!, wed)).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(new Date(termEnd(clauseTerm(words('until Wednesday'))!, wed)).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(new Date(termEnd(clauseTerm(words('two weeks'))!, wed)).toISOString()).toBe('2026-12-02T20:00:00.000Z');
  });
});
