import { words } from '../text-similarity.js';
import { memoByText } from '../text-cache.js';
import { indexOfPhrase, phrasePatterns, type PhrasePattern } from '../word-patterns.js';

/** An invitation vocabulary: phrases that invite on their own, and invitation frames with activities. */
interface InvitationVocabulary {
  /** Invitations whatever surrounds them ("meet up", "susitinkam"). */
  readonly alone: readonly PhrasePattern[];
  /** Proposal frames ("how about", "would you like to", "gal", "einam"). */
  readonly frames: readonly PhrasePattern[];
  /** Things done together in person ("dinner", "kavos"): an invitation when a frame is near. */
  readonly activities: readonly PhrasePattern[];
}

/**
 * How close (in words, either side, within one clause) a frame and an activity must be to make
 * an invitation: "how about dinner together on Saturday" (1 apart), "would you like to grab a
 * coffee" (3), but not "let's see if you guess my favourite movie" (7).
 */
export const FRAME_REACH = 6;

const en: InvitationVocabulary = {
  alone: phrasePatterns([
    "let's meet",
    'lets meet',
    'let us meet',
    'meet up',
    'meetup',
    'meet in person',
    'meet irl',
    'meet you in person',
    'meet each other',
    'in real life',
    'irl',
    'face to face',
    'see you in person',
    'see each other in person',
    'see each other',
    'in person sometime',
    'go on a date',
    'on a date with me',
    'take you out',
    'take you to',
    'come over',
    'come to my place',
    'at my place',
    'over to my place',
    'pick you up',
    'hang out',
    'get together',
    'join me for',
    'grab a (coffee|drink|drinks|bite|beer|dinner|lunch|brunch)',
    'grab (coffee|drinks|dinner|lunch|brunch|food|tea)',
    'go out with me',
    'go out sometime',
    'come with me',
    'my treat',
    'buy you a (coffee|drink|dinner|beer)',
  ]),
  frames: phrasePatterns([
    "let's",
    'lets',
    'let us',
    'how about',
    'what about',
    "why don't we",
    'why dont we',
    'why not',
    'shall we',
    'should we',
    'we should',
    'we could',
    'do you want to',
    'you want to',
    'would you like to',
    'would you like',
    "you'd like to",
    'wanna',
    'would you be up for',
    'up for',
    'do you fancy',
    'fancy a',
    'fancy grabbing',
    'fancy going',
    'care to',
    'are you free',
    "you're free",
    'you free',
    'invite you',
    'you and me',
    'you and i',
    'with me',
  ]),
  activities: phrasePatterns([
    'meet',
    'meeting',
    'coffee*',
    'dinner*',
    'lunch*',
    'brunch*',
    'breakfast*',
    'drink',
    'drinks',
    'beer*',
    'wine',
    'cocktail*',
    'walk',
    'stroll',
    'hike',
    'movie*',
    'cinema',
    'film',
    'concert*',
    'gig',
    'museum',
    'gallery',
    'exhibition',
    'date',
    'picnic',
    'bite',
    'eat',
    'dance',
    'dancing',
    'bar',
    'restaurant',
    'cafe',
    'café',
    'pub',
    'tea',
    'ice cream',
    'karaoke',
    'bowling',
    'skating',
    'sushi',
    'pizza',
    'tapas',
    'ramen',
    'food',
    'go out',
    'out for',
    'hang',
    'catch up',
    'in person',
    'together',
  ]),
};

const lt: InvitationVocabulary = {
  alone: phrasePatterns([
    // susitikti "to meet up": infinitive, let's/you (pl.) imperative, present and future we, conditional.
    'susitik(ti|t|im|ime|it|ite|sim|sime|si|site|tume|tumėm|tumėme|tumėt|tumėte|tum|tumei|tumėt)',
    'susitink(am|ame|at|ate)',
    // pasimatyti "to see each other", "to go on a date".
    'pasimaty(ti|t|kim|kime|kit|kite|sim|sime|si|site|tume|tumėm|tumėme|tum|tumei)',
    'pasimatom(e)?',
    'pasimatysi',
    'išgerk(im|ime|it|ite)',
    'nueik(im|ime|it|ite)',
    'nuvažiuok(im|ime)',
    'pasivaikščiok(im|ime)',
    'pavakarieniauk(im|ime)',
    'papietauk(im|ime)',
    'pavalgyk(im|ime)',
    'pašok(im|ime)',
    'išeik(im|ime)',
    'prasieik(im|ime)',
    '(ateik|užsuk|užeik|atvažiuok|atvyk) pas',
    'pas mane (namo|namuose)',
    'į svečius',
    '(pamatyti|pamatyt|susipažinti|susipažint|pasikalbėti|pasikalbėt|pabendrauti|pabendraut) gyvai',
    'akis į akį',
    'gyvai susitik*',
    '(kviečiu|pakviesti|pakviest|pakviesčiau|pakviečiu|kviesčiau) tave',
    'tave (pakviesti|pakviest|pakviesčiau|pakviečiu|kviečiu)',
    'ar (būsi|būtum|būtumei|esi) laisv*',
    'į pasimatymą',
  ]),
  frames: phrasePatterns([
    'gal',
    'o gal',
    'kartu',
    'eime',
    'einam',
    'einame',
    'eikim',
    'eikime',
    'nueinam',
    'norėtum',
    'norėtumei',
    'norėtumėt',
    'norėtumėte',
    'nori',
    'norit',
    'norite',
    'galėtume',
    'galėtumėm',
    'galim',
    'galime',
    'siūlau',
    'kaip dėl',
    'kaip žiūri',
    'ką manai apie',
    'laisva',
    'laisvas',
    'kviečiu',
    'pakviesčiau',
    'su manim',
    'su manimi',
  ]),
  activities: phrasePatterns([
    'kav(os|ą|ai|utės|utę|inėj|inėje|inę|inėn)',
    'vakarien(ės|ę|ei|iauti|iaut)',
    'piet(ų|us|ums)',
    'papietau(ti|t)',
    'pusryč(ių|iams|iauti)',
    'alaus',
    'alų',
    'vyno',
    'vyną',
    'kokteil*',
    'arbat(os|ą)',
    'pasivaikščio(ti|t|jimą|jimo)',
    'kin(o|ą|e|as)',
    'film(ą|o)',
    'koncert(ą|o|e|an)',
    'muziej(ų|aus|uje)',
    'parod(ą|os)',
    'pasimatym*',
    'susitikt(i)?',
    'išgert(i)?',
    'pavalgyt(i)?',
    'valgyt(i)?',
    'restoran*',
    'bar(ą|e|o|an)',
    'šokt(i)?',
    'šokių',
    'iškyl(ą|os)',
    'piknik(ą|o)',
    'picos',
    'picą',
    'suši',
    'ledų',
    'gyvai',
    'susitikimo',
    'susitikimą',
  ]),
};

/**
 * Clauses of a text: a frame and an activity on either side of a comma or a full stop do not
 * combine. Two marks in a row ("?!") leave an empty clause between them, which has no words and
 * so holds no invitation.
 */
function clauses(text: string): string[][] {
  return text
    .replace(/[’`]/g, "'")
    .split(/[.,;:!?()\n—–]/u)
    .map((c) => words(c));
}

function findIn(ws: readonly string[], vocabulary: InvitationVocabulary): string | undefined {
  for (const phrase of vocabulary.alone) {
    const i = indexOfPhrase(ws, phrase);
    if (i >= 0) return ws.slice(i, i + phrase.length).join(' ');
  }
  for (const frame of vocabulary.frames) {
    for (let f = indexOfPhrase(ws, frame); f >= 0; f = indexOfPhrase(ws, frame, f + 1)) {
      const frameEnd = f + frame.length;
      for (const activity of vocabulary.activities) {
        for (let a = indexOfPhrase(ws, activity); a >= 0; a = indexOfPhrase(ws, activity, a + 1)) {
          const gap = a >= frameEnd ? a - frameEnd : f - (a + activity.length);
          if (gap >= 0 && gap < FRAME_REACH) {
            const [from, to] = a >= frameEnd ? [f, a + activity.length] : [a, frameEnd];
            return ws.slice(from, to).join(' ');
          }
        }
      }
    }
  }
  return undefined;
}

/**
 * The words of an invitation to meet in person in `text`, English or Lithuanian, or
 * `undefined`. Two ways to invite: a phrase that invites on its own ("meet up", "susitinkam",
 * "take you out"), or a proposal frame near something done together, in one clause ("how about
 * … dinner", "would you like to grab a coffee", "gal … kavos", "norėtum … vakarienės"). Both
 * languages are checked whatever the match's language: an English invitation in Lithuanian copy is
 * still an invitation. The phrase lists are the deterministic half; the model review's conduct
 * verdict catches phrasings they miss. Each distinct text is read once (the last 2048 are remembered).
 */
export const findInvitation: (text: string) => string | undefined = memoByText((text) => {
  for (const ws of clauses(text)) {
    const found = findIn(ws, en) ?? findIn(ws, lt);
    if (found) return found;
  }
  return undefined;
}, 2048);
