import { describe, expect, it } from 'vitest';
import { saidBoundaries, statedTerm } from './said-boundaries.js';
import { words } from './text-similarity.js';

const DAY = 24 * 3_600_000;
const scopes = (text: string) => saidBoundaries(text).map((b) => b.scope);

describe('boundaries in the words of one message', () => {
  it.each([
    "I don't think we're a match, please don't message me again.",
    'Please stop texting me. Take care!',
    'Leave me alone.',
    "I'm going to unmatch, sorry.",
    'Not interested anymore, good luck.',
    "I don't want to talk anymore.",
    'Daugiau nerašyk man.',
    'Prašau, neberašyk.',
    'Palik mane ramybėje.',
    'Nebenoriu bendrauti, sėkmės.',
  ])('end contact: %s', (text) => {
    expect(scopes(text)).toContain('end_contact');
  });

  it.each([
    ['Exams are crazy, give me two weeks!', 14 * DAY],
    ['I need some space.', null],
    ["I'll be away for 3 days, talk soon", 3 * DAY],
    ['Taking a break from the app for a month.', 30 * DAY],
    ['Duok man dvi savaites, turiu egzaminų.', 14 * DAY],
    ['Man reikia pertraukos.', null],
    ['Parašysiu po savaitės.', 7 * DAY],
  ])('pause: %s', (text, term) => {
    const pause = saidBoundaries(text).find((b) => b.scope === 'pause');
    expect(pause).toBeDefined();
    expect(pause!.termMs).toBe(term);
  });

  it.each([
    ["Let's not talk about my ex, long story.", ['ex']],
    ["I don't want to talk about my divorce", ['divor*']],
    ['Please don’t ask about work.', ['work*']],
    ['Nenoriu kalbėti apie darbą.', ['darb*']],
    ['Neklausk manęs apie buvusį vaikiną.', ['buvu*', 'vaiki*']],
    // Words around the subject are not terms: a closing "today", a function word, one letter.
    ["Let's not talk about work today.", ['work*']],
    ['Nenoriu kalbėti apie darbą šiandien.', ['darb*']],
    ["Let's not talk about your ex.", ['ex']],
    ["Let's not talk about plan B.", ['plan*']],
    // A short word is a term whole: `dad`, not a stem.
    ["Let's not talk about my dad.", ['dad']],
  ])('topic: %s', (text, terms) => {
    expect(saidBoundaries(text).find((b) => b.scope === 'topic')?.avoidTerms).toEqual(terms);
  });

  it.each([
    'Give me a hint!',
    'Not interested in football, honestly.',
    'We met at a concert.',
    'Thanks! I was there in August. Do you travel much?',
    'Let’s talk about hiking!',
    "Let's not rush it 😄",
    'Ar šį savaitgalį vėl eisi į žygį?',
    'Papasakok apie darbą!',
    // A subject ruled out with no words code can keep (the reader names what "it" is).
    "Let's not talk about it.",
  ])('no boundary: %s', (text) => {
    expect(saidBoundaries(text)).toEqual([]);
  });

  it('pause: the longest term said is the term; no unit, no term', () => {
    expect(statedTerm(words('a few days, maybe two weeks'))).toBe(14 * DAY);
    expect(statedTerm(words('a week'))).toBe(7 * DAY);
    expect(statedTerm(words('savaitę'))).toBe(7 * DAY);
    expect(statedTerm(words('kelias dienas'))).toBe(3 * DAY);
    expect(statedTerm(words('10 days'))).toBe(10 * DAY);
    expect(statedTerm(words('soon'))).toBeNull();
    expect(statedTerm(words('two weeks, maybe a few days'))).toBe(14 * DAY);
  });
  it('pause: a unit is a whole word; a count is a number word or digits within three words before it', () => {
    expect(statedTerm(words('today, Sunday, daydreams, this weekend, midweek, monthly, pusmėnesį'))).toBeNull();
    expect(statedTerm(words('I have 2 big exams this week'))).toBe(7 * DAY);
    expect(statedTerm(words('the 2nd week'))).toBe(7 * DAY);
    expect(statedTerm(words('a covid19 week'))).toBe(7 * DAY);
  });
  it('boundary: the words that set it are kept', () => {
    expect(saidBoundaries('Please stop texting me.')[0]).toEqual({ scope: 'end_contact', words: 'please stop texting me', termMs: null, avoidTerms: [] });
    expect(saidBoundaries('Sorry, but please stop texting me, bye.')[0]?.words).toBe('please stop texting me');
    expect(saidBoundaries("Honestly let's not talk about my ex.")[0]?.words).toBe("let's not talk about my ex");
  });
  it('boundary: a typographic apostrophe reads, and is kept, as a plain one', () => {
    expect(saidBoundaries('Please don’t message me again.')[0]?.words).toBe("don't message me");
    expect(saidBoundaries('Let’s not talk about my ex.')[0]?.words).toBe("let's not talk about my ex");
    expect(saidBoundaries('Let`s not talk about my ex.')[0]?.words).toBe("let's not talk about my ex");
  });
});
