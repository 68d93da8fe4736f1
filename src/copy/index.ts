export type {
  AskCopy,
  AttachmentCopy,
  CompositionCopy,
  ConfirmationCopy,
  CopyStruct,
  CopyTexts,
  CopyTranslation,
  NoticeCopy,
} from './copy-texts.js';
export { englishCopy } from './english-copy.js';
export { formatSentence, SentenceSyntaxError, sentenceProblem } from './format-sentence.js';
export { germanCopy } from './german-copy.js';
export { italianCopy } from './italian-copy.js';
export { GRAMMATICAL_GENDERS, GRAMMATICAL_NUMBERS, nounSlots } from './noun-slots.js';
export type { GrammaticalGender, GrammaticalNumber, NounSlots } from './noun-slots.js';
export { languageOf, resolveLocale, resolveTurnLocale } from './resolve-locale.js';
export type { MissingSentence } from './server-copy.js';
export { CopyIncompleteError, ServerCopy, assertCopyComplete } from './server-copy.js';
