import { describe, expect, it } from 'vitest';
import { FRAME_REACH, findInvitation } from './in-person-invitation.js';

/** Invitations to meet in person, as a drafting model might phrase them. Every one must be caught. */
const invitations = {
  en: [
    'How about dinner together on Saturday?',
    "Let's grab a coffee this week?",
    'Would you like to grab a coffee sometime?',
    'We should get drinks after your exams!',
    "Why don't we get some dinner this week?",
    'Want to meet up on Friday?',
    'Are you free for lunch on Sunday?',
    'Fancy a walk by the river this weekend?',
    'I’d love to take you out for sushi.',
    'Do you want to see a movie together?',
    'What about brunch at that café near the old town?',
    'Come over on Friday, I’ll cook.',
    'Shall we meet halfway, somewhere in the old town?',
    'You up for a concert next week?',
    'Let me buy you a coffee and you can tell me the whole story.',
    'Wanna hang out this weekend?',
    "It'd be nicer to talk face to face.",
    'We should check out that new ramen place together!',
    'Maybe we could go for a hike together sometime?',
    'Join me for a picnic on Sunday?',
    'How about a drink after work tomorrow?',
    'I could pick you up at seven.',
    "Let's see each other in person soon.",
    'Would you be up for a museum date?',
  ],
  lt: [
    'Gal susitinkam kavos šeštadienį?',
    'Gal susitikime šeštadienį?',
    'Susitikim kada nors prie kavos.',
    'Kada susitiksim?',
    'Norėčiau su tavim susitikti.',
    'Gal galėtume susitikti po tavo egzaminų?',
    'Pasimatykim šį savaitgalį!',
    'Gal pasimatom penktadienį?',
    'Kaip dėl vakarienės šeštadienį?',
    'Gal kavos kartu?',
    'Einam į kiną?',
    'Išgerkim kavos kada nors.',
    'Nueikim į koncertą kitą savaitę!',
    'Norėtum išgerti kavos šį savaitgalį?',
    'Kviečiu tave vakarienės.',
    'Norėčiau tave pakviesti į pasimatymą.',
    'Užsuk pas mane penktadienį.',
    'Būtų smagu pasikalbėti gyvai.',
    'Pasivaikščiokim prie jūros?',
    'Ar būsi laisva šeštadienį?',
    'O gal pietų kartu ketvirtadienį?',
    'Pavakarieniaukim kartu?',
    'Eime alaus po darbo!',
    'Susitiktume prie Katedros?',
  ],
};

/** Look-alikes that share words with an invitation but invite no one. Every one must pass. */
const benign = {
  en: [
    'I had dinner with friends on Saturday.',
    'Coffee is my whole personality before 9am.',
    'Nice to meet you here!',
    'We met at a concert years ago, my sister and I.',
    "I've never seen the Spit in person.",
    'What did you have for dinner?',
    'Do you drink coffee or tea?',
    'My favourite date spot in Vilnius is the old town.',
    'Let me know how the exam goes!',
    "Let's see if you can guess my favourite movie 😄",
    'Which café do you like most?',
    'Hiking is my reset button, especially in autumn.',
  ],
  lt: [
    'Vakar gėriau kavą su drauge.',
    'Susitikimas darbe užtruko.',
    'Vakar susitikau seną draugą.',
    'Ar mėgsti kavą?',
    'Savaitgaliais dažnai einu į žygius.',
    'Koks tavo mėgstamiausias filmas?',
    'Mes susitikome universitete, seniai.',
    'Tatruose buvo gražu, ypač vakare.',
    'Kuo tu dirbi?',
    'Gal tau patiko ta knyga?',
    'Kavinėje prie jūros dirbau visą vasarą.',
    'Gyvai girdėjau tą grupę tik kartą.',
  ],
};

describe('conduct: no in-person invitation, in any phrasing', () => {
  for (const language of ['en', 'lt'] as const) {
    it(`conduct: at least 20 ${language} invitations are each caught`, () => {
      expect(invitations[language].length).toBeGreaterThanOrEqual(20);
      const missed = invitations[language].filter((text) => findInvitation(text) === undefined);
      expect(missed).toEqual([]);
    });
    it(`conduct: ${language} look-alikes that invite no one pass`, () => {
      const flagged = benign[language].map((text) => [text, findInvitation(text)]).filter(([, found]) => found !== undefined);
      expect(flagged).toEqual([]);
    });
  }
  it('conduct: an invitation is caught whatever the match’s language (English words in Lithuanian copy)', () => {
    expect(findInvitation('Labas! Gal grab a coffee šeštadienį?')).toBeDefined();
  });
  it('conduct: a frame and an activity in different clauses do not combine', () => {
    expect(findInvitation('How about that weather. Dinner was lovely though.')).toBeUndefined();
  });
  it('conduct: the finding names the words that invite', () => {
    expect(findInvitation('How about dinner together on Saturday?')).toBe('how about dinner');
    expect(findInvitation('Gal susitinkam kavos šeštadienį?')).toBe('susitinkam');
    expect(findInvitation('Want to meet up on Friday?!')).toBe('meet up');
  });
  it('conduct: an activity before its frame invites too, from the activity to the frame’s end', () => {
    expect(findInvitation('Picnic by the old lake with me on Sunday?')).toBe('picnic by the old lake with me');
    expect(findInvitation('Kavos prie jūros su manim?')).toBe('kavos prie jūros su manim');
  });
  it(`conduct: a frame and an activity at most ${FRAME_REACH - 1} words apart invite, either way round; ${FRAME_REACH} apart do not`, () => {
    expect(findInvitation("Let's see if you guess my movie.")).toBe("let's see if you guess my movie");
    expect(findInvitation("Let's see if you guess my favourite movie.")).toBeUndefined();
    expect(findInvitation('Picnic by the old quiet lake with me?')).toBe('picnic by the old quiet lake with me');
    expect(findInvitation('Picnic by the old quiet blue lake with me?')).toBeUndefined();
  });
  it('conduct: an activity that shares a word with the frame is not near it (“catch up” and “up for”)', () => {
    expect(findInvitation('Lots to catch up for my exams this week.')).toBeUndefined();
  });
  it('conduct: a typographic or backtick apostrophe reads as a plain one (“you’d like to”)', () => {
    expect(findInvitation('I think you’d like to try the ramen place.')).toBe("you'd like to try the ramen");
    expect(findInvitation('I think you`d like to try the ramen place.')).toBe("you'd like to try the ramen");
  });
});
