import { words } from './text-similarity.js';

/**
 * A phrase as words; a word ending in `*` matches any word it begins (for Lithuanian endings,
 * `susitik*` matches `susitikime`, `susitikti`).
 */
export type Phrase = readonly string[];

/** Compiles `"let's meet"`-style strings into phrases. */
export function phrases(list: readonly string[]): Phrase[] {
  return list.map((p) => p.toLowerCase().split(/\s+/).filter(Boolean));
}

function wordMatches(word: string, pattern: string): boolean {
  return pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

/** The first of `list` that occurs in `text` as consecutive words, or `undefined`. */
export function findPhrase(text: string, list: readonly Phrase[]): string | undefined {
  const ws = words(text.replace(/[’`]/g, "'"));
  for (const phrase of list) {
    for (let i = 0; i + phrase.length <= ws.length; i++) {
      if (phrase.every((p, j) => wordMatches(ws[i + j]!, p))) return phrase.join(' ');
    }
  }
  return undefined;
}

const stopwords = new Set(
  (
    'the a an and or but of to in on at for with from by about as is are was were be been being it its this that these those ' +
    'i you he she we they me him her us them my your his our their have has had do does did not no so if then than too very ' +
    'just can could would should will shall may might must what which who whom how when where why there here all any some ' +
    'ir o bet ar kad kaip kur kas ką kai tai tas ta tie tos su be iš į per prie už nuo apie po yra buvo būti aš tu jis ji mes jūs jie ' +
    'jos man tau jam jai mums jums mano tavo jo jų savo labai taip ne nei net dar jau tik irgi'
  ).split(' '),
);

/** Whether `word` carries meaning: at least four letters and not a function word. */
export function isContentWord(word: string): boolean {
  return word.length >= 4 && !stopwords.has(word);
}

/** The stem a content word is compared by: its first five letters (covers English and Lithuanian endings). */
export function stem(word: string): string {
  return word.slice(0, 5);
}

/** The stems of the content words of `text`. */
export function contentStems(text: string): string[] {
  return words(text).filter(isContentWord).map(stem);
}
